import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { startDevSchedule, wranglerCrons } from "./build-tools/dev-schedule.ts";
import { type PrerenderPage, prerender } from "./build-tools/prerender.ts";
import { bundleReport } from "./tests/tools/bundle-report.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * `npm run dev` on a fresh clone: make .dev.vars from the example, then once the server
 * listens ask the Worker to seed the demo organization (idempotent) and print a fresh
 * demo check-in link. Then run the Worker's scheduled handler now and on the cadence of
 * wrangler.jsonc's crons, which local dev never fires itself (build-tools/dev-schedule.ts);
 * its timers stop when this server closes, so a restart starts one ticker, not another.
 */
function devSetup(): Plugin {
  return {
    name: "undertone:dev-setup",
    apply: "serve",
    config() {
      if (!existsSync(`${root}.dev.vars`)) copyFileSync(`${root}.dev.vars.example`, `${root}.dev.vars`);
    },
    configureServer(server) {
      let closed = false;
      let stopSchedule: (() => void) | undefined;
      server.httpServer?.once("close", () => {
        closed = true;
        stopSchedule?.();
      });
      server.httpServer?.once("listening", () => {
        const origin = server.resolvedUrls?.local[0]?.replace(/\/$/, "") ?? "http://localhost:5173";
        const log = (line: string) => server.config.logger.info(line);
        const expected = authOrigin();
        if (expected && expected !== origin) {
          server.config.logger.warn(
            `  Sign-in and emailed links expect ${expected} (BETTER_AUTH_URL in .dev.vars), but this server is ${origin}: free that port, or set BETTER_AUTH_URL=${origin} and restart.`,
          );
        }
        void seedDemo(origin, log).then(() => {
          if (closed) return;
          const crons = wranglerCrons(`${root}wrangler.jsonc`);
          stopSchedule = startDevSchedule({
            origin,
            crons,
            log: (line) => log(`  \x1b[36m➜\x1b[0m  ${line}`),
            warn: (line) => server.config.logger.warn(`  ${line}`),
          });
        });
      });
    },
  };
}

/**
 * BETTER_AUTH_URL's origin from .dev.vars: better-auth accepts sign-ins only from it and emailed
 * links point to it, so a dev server that vite moved to another port (5173 was busy) must say so.
 */
function authOrigin(): string | null {
  try {
    const line = /^BETTER_AUTH_URL=(.+)$/m.exec(readFileSync(`${root}.dev.vars`, "utf8"))?.[1]?.trim();
    return line ? new URL(line).origin : null;
  } catch {
    return null;
  }
}

async function seedDemo(origin: string, log: (line: string) => void) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const response = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
      if (response.ok) {
        const body = (await response.json()) as { lines?: string[] };
        for (const line of body.lines ?? []) log(`  \x1b[36m➜\x1b[0m  ${line}`);
        return;
      }
      if (response.status === 404) return; // APP_ENV is not development: no demo data.
    } catch {
      // The Worker is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log("  Could not seed the demo organization; is the Worker running?");
}

const alias = {
  "@/": `${root}src/`,
  "@shared/": `${root}worker/shared/`,
};

/**
 * The public pages a phone opens first, written as static HTML at build time (issue 16 §5).
 * The landing page is served by the Worker at / (worker/pages/landing.ts): index.html stays
 * the empty shell the asset router gives every other route. The legal pages are served by
 * the asset router itself (/termsofservice → termsofservice.html, /login → login.html). Each
 * starts its script at the visitor's first interaction (see HydrateMode); the login form takes
 * what was typed before that into its state as it hydrates (LoginPage).
 */
const prerenderedPages: PrerenderPage[] = [
  { path: "/", file: "prerendered/landing.html", hydrate: "on-interaction" },
  {
    path: "/login",
    file: "login.html",
    title: "Log in — Undertone",
    module: "src/routes/auth/LoginPage.tsx",
    hydrate: "on-interaction",
  },
  {
    path: "/termsofservice",
    file: "termsofservice.html",
    title: "Terms of Service · Undertone",
    module: "src/routes/legal/TermsPage.tsx",
    hydrate: "on-interaction",
  },
  {
    path: "/privacypolicy",
    file: "privacypolicy.html",
    title: "Privacy Policy · Undertone",
    module: "src/routes/legal/PrivacyPage.tsx",
    hydrate: "on-interaction",
  },
];

export default defineConfig({
  plugins: [
    devSetup(),
    react(),
    tailwindcss(),
    // UNDERTONE_STATE_DIR: the tests' own D1 and object state for a `vite dev` of their own
    // (tests/e2e/dev-mode.test.ts), with no inspector port to collide with a developer's.
    cloudflare(
      process.env.UNDERTONE_STATE_DIR
        ? { persistState: { path: process.env.UNDERTONE_STATE_DIR }, inspectorPort: false }
        : {},
    ),
    bundleReport(),
    prerender({ root, alias, pages: prerenderedPages }),
  ],
  resolve: { alias },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: false },
  environments: {
    client: {
      build: {
        rolldownOptions: { input: { main: `${root}index.html`, checkin: `${root}checkin.html` } },
      },
    },
  },
  build: { chunkSizeWarningLimit: 600 },
});
