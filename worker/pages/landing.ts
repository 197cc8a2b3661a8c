/**
 * `/`: the landing page prerendered at build time (vite.config.ts → prerenderedPages), so a
 * phone paints it from HTML and CSS before any script runs. index.html stays the empty SPA
 * shell the asset router gives every other route, which is why `/` runs the Worker first
 * (wrangler.jsonc). Without a build (`vite dev`) there is no such file: the shell it is.
 */
export async function serveLandingPage(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = "/prerendered/landing";
  const prerendered = await env.ASSETS.fetch(new Request(url, { headers: request.headers }));
  if (prerendered.status !== 404) return prerendered;
  return env.ASSETS.fetch(request);
}
