import { startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes } from "react-router";
import { RouterProvider } from "react-router/dom";
import "./app.css";
import { AppProviders } from "./app-providers";
import { appRoutes } from "./app-routes";
import { createAppRouter } from "./router";

/**
 * The landing and legal pages arrive prerendered (build-tools/prerender.ts): #root carries
 * the path its markup was made for. Such a page is hydrated once its lazy route module has
 * loaded (else the router's first render would be the loading fallback, not that markup),
 * inside a transition so React hydrates in slices instead of one long task. Any other
 * path gets the empty shell and renders from scratch.
 */
declare global {
  interface Window {
    /** Set once the app runs; a button pressed before that was kept by the prerendered page's loader. */
    undertoneHydrated?: boolean;
    undertonePressed?: Element;
  }
}

/** Renders nothing: once the app has committed, presses the button the visitor pressed too early. */
function AfterStart() {
  useEffect(() => {
    window.undertoneHydrated = true;
    const pressed = window.undertonePressed;
    window.undertonePressed = undefined;
    if (pressed instanceof HTMLElement && pressed.isConnected) pressed.click();
  }, []);
  return null;
}

async function loadMatchedRoutes() {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(root: HTMLElement) {
  if (root.dataset.prerendered !== window.location.pathname) {
    createRoot(root).render(
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
        <AfterStart />
      </AppProviders>,
    );
    return;
  }
  await loadMatchedRoutes();
  const router = createAppRouter();
  startTransition(() => {
    hydrateRoot(
      root,
      <AppProviders>
        <RouterProvider router={router} />
        <AfterStart />
      </AppProviders>,
    );
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
void start(root);
