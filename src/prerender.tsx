import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app-providers";
import { appRoutes } from "./app-routes";

/** The loader of an on-interaction page starts the app at once when the browser holds a profile. */
export { PROFILE_CACHE_KEY } from "./auth/profile-cache";

/**
 * Build time only (build-tools/prerender.ts renders it in Node after the client build): the
 * markup of a public page, as the browser's first render will make it, so the page paints
 * from HTML and CSS before any script runs, then hydrates (src/main.tsx). The static handler
 * loads the page's lazy route module first. No hydration data: these routes have no loaders.
 */
export async function prerender(path: string): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(appRoutes);
  const context = await query(new Request(new URL(path, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered ${context.status}`);
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
