import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import { notificationPreferences, organizations } from "../db/schema";
import { zv } from "../lib/validate";
import {
  alertPreferenceBodySchema,
  type DigestPreview,
  type NotificationSettings,
  timeZoneBodySchema,
} from "../shared/notifications";
import { slackStatus } from "../slack/installation";
import { buildDigest } from "./digest";
import { digestContent } from "./digest-message";
import { alertEmailMode, organizationFacts } from "./recipients";

/**
 * /api/notifications — the Settings page's notification sections: the signed-in admin's
 * alert emails, the organization's time zone, the Slack status, and this week's digest.
 */
async function settingsBody(c: { var: AdminEnv["Variables"] }): Promise<NotificationSettings> {
  const { db, config, organizationId, user } = c.var;
  const [alertEmails, organization, slack] = await Promise.all([
    alertEmailMode(db, user.id),
    organizationFacts(db, organizationId),
    slackStatus(db, config, organizationId),
  ]);
  return {
    alertEmails,
    timeZone: organization?.timeZone ?? "UTC",
    slack,
  };
}

export const notificationRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/settings", async (c) => c.json(await settingsBody(c)))
  .put("/preferences", zv("json", alertPreferenceBodySchema), async (c) => {
    const { alertEmails } = c.req.valid("json");
    await c.var.platform
      .insert(notificationPreferences)
      .values({ userId: c.var.user.id, organizationId: c.var.organizationId, alertEmails })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { alertEmails, organizationId: c.var.organizationId, updatedAt: new Date() },
      });
    return c.json(await settingsBody(c));
  })
  .put("/time-zone", zv("json", timeZoneBodySchema), async (c) => {
    await c.var.platform
      .update(organizations)
      .set({ timeZone: c.req.valid("json").timeZone, updatedAt: new Date() })
      .where(eq(organizations.id, c.var.organizationId));
    return c.json(await settingsBody(c));
  })
  .get("/digest-preview", async (c) => {
    const digest = await buildDigest(c.var.db, c.var.config, c.var.organizationId, Date.now());
    if (!digest) throw new Error("The organization has no record");
    const { subject, html, text } = digestContent(digest.input);
    const body: DigestPreview = { subject, html, text, weekOf: digest.weekOf };
    return c.json(body);
  });
