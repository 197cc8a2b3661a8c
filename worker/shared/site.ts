import * as z from "zod/mini";

/**
 * GET /api/site: what the public pages and the app show that a deployment configures
 * (SUPPORT_EMAIL, DEMO_URL; README → Configuration), never constants in the bundle. The
 * Worker also writes it into the pages it serves prerendered (worker/pages/site-config.ts),
 * as a script with this id, so they hydrate with the same values.
 */
export const siteConfigSchema = z.object({
  supportEmail: z.nullable(z.string()),
  demoUrl: z.nullable(z.string()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const SITE_CONFIG_SCRIPT_ID = "site-config";
/** What an unconfigured support address reads as. */
export const NO_SUPPORT_EMAIL_TEXT = "our support team";
