import { Hono } from "hono";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import type { Database } from "../db/client";
import { dailyLimits } from "../lib/daily-caps";
import { badRequest } from "../lib/errors";
import { zv } from "../lib/validate";
import { organizationTimeZone } from "../notify/org-time-zone";
import { schedulePeriodIn } from "../notify/time-zone";
import type { CheckInSettingsResponse } from "../shared/schedule";
import { organizationCheckInSettingsSchema, reminderIntervalProblem } from "../shared/settings";
import { organizationCheckInSettings, saveOrganizationCheckInSettings } from "./organization";

/** /api/check-in-settings — the organization's schedule (/dashboard/settings). */
async function settingsBody(db: Database, organizationId: string): Promise<CheckInSettingsResponse> {
  const [resolved, timeZone, limits] = await Promise.all([
    organizationCheckInSettings(db, organizationId),
    organizationTimeZone(db, organizationId),
    dailyLimits(db, organizationId),
  ]);
  return {
    settings: resolved.settings,
    defaults: resolved.defaults,
    customized: resolved.customized,
    updatedAt: resolved.updatedAt?.toISOString() ?? null,
    nextCheckInsAt: resolved.settings.schedulingEnabled
      ? new Date(schedulePeriodIn(resolved.settings.frequency, Date.now(), timeZone).end).toISOString()
      : null,
    timeZone,
    conversationDefaults: resolved.conversationDefaults,
    dailyLimits: limits,
  };
}

export const checkInSettingsRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await settingsBody(c.var.db, c.var.organizationId)))
  .put("/", zv("json", organizationCheckInSettingsSchema), async (c) => {
    const settings = c.req.valid("json");
    const intervalProblem = reminderIntervalProblem(settings);
    if (intervalProblem) throw badRequest(intervalProblem);
    await saveOrganizationCheckInSettings(c.var.db, c.var.organizationId, settings);
    return c.json(await settingsBody(c.var.db, c.var.organizationId));
  });
