import { Hono } from "hono";
import type { AppEnv } from "../lib/app-env";
import type { AppConfig } from "../lib/config";
import { NO_SUPPORT_EMAIL_TEXT, SITE_CONFIG_SCRIPT_ID, type SiteConfig } from "../shared/site";

/**
 * The support address and the demo link come from configuration (issue 25 §8), not from the
 * bundle. The SPA reads them from GET /api/site; the prerendered public pages get them from
 * the Worker as it serves them (`withSiteConfig`): the links marked `data-site-link` are filled
 * in (or taken out), and the values ride along as a JSON script the page hydrates with, so
 * the browser's first render matches the HTML.
 */
export function siteConfigOf(config: AppConfig): SiteConfig {
  return { supportEmail: config.SUPPORT_EMAIL ?? null, demoUrl: config.DEMO_URL ?? null };
}

export const siteRoutes = new Hono<AppEnv>().get("/", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(siteConfigOf(c.var.config));
});

/** JSON inside a script element: "<" escaped, so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/** Writes the configuration into a prerendered page (src/components/marketing/site-links.tsx marks the links). */
export function withSiteConfig(response: Response, site: SiteConfig): Response {
  if (!response.headers.get("content-type")?.includes("text/html")) return response;
  return new HTMLRewriter()
    .on("head", {
      element(head) {
        head.append(`<script id="${SITE_CONFIG_SCRIPT_ID}" type="application/json">${scriptJson(site)}</script>`, {
          html: true,
        });
      },
    })
    .on('a[data-site-link="demo"]', {
      element(link) {
        if (site.demoUrl) link.setAttribute("href", site.demoUrl);
        else link.remove();
      },
    })
    .on('[data-site-link="support"]', {
      element(link) {
        if (site.supportEmail) {
          link.tagName = "a";
          link.setAttribute("href", `mailto:${site.supportEmail}`);
          link.setInnerContent(site.supportEmail);
        } else {
          link.tagName = "span";
          link.removeAttribute("href");
          link.setInnerContent(NO_SUPPORT_EMAIL_TEXT);
        }
      },
    })
    .transform(response);
}
