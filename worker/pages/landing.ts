import type { AppConfig } from "../lib/config";
import { siteConfigOf, withSiteConfig } from "./site-config";

/**
 * `/`: the landing page prerendered at build time (vite.config.ts → prerenderedPages), so a
 * phone paints it from HTML and CSS before any script runs. index.html stays the empty SPA
 * shell the asset router gives every other route, which is why `/` runs the Worker first
 * (wrangler.jsonc). Without a build (`vite dev`) there is no such file: the shell it is.
 * Either way the configured support address and demo link are written in (./site-config.ts).
 */
export async function serveLandingPage(request: Request, env: Env, config: AppConfig): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = "/prerendered/landing";
  const prerendered = await env.ASSETS.fetch(new Request(url, { headers: request.headers }));
  const page = prerendered.status !== 404 ? prerendered : await env.ASSETS.fetch(request);
  return withSiteConfig(page, siteConfigOf(config));
}

/**
 * `/termsofservice` and `/privacypolicy`: the asset router's prerendered files, through the
 * Worker (wrangler.jsonc run_worker_first) only to write the configuration in.
 */
export async function servePublicPage(request: Request, env: Env, config: AppConfig): Promise<Response> {
  return withSiteConfig(await env.ASSETS.fetch(request), siteConfigOf(config));
}
