import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { globalSettings } from "../db/schema";
import { zv } from "../lib/validate";
import { globalSettingsSchema } from "../shared/settings";
import { getGlobalSettings, saveGlobalSettings } from "./global";

/**
 * Global Check-In Settings, persisted in D1 (the spec keeps them in the screen only).
 * getGlobalSettings is the one reader: check-ins take their duration from it, the
 * schedule its frequency, reminders, expiry and retention.
 */
export const settingsRoutes = new Hono<ConsoleEnv>()
  .get("/", async (c) => {
    const [settings, row] = await Promise.all([
      getGlobalSettings(c.var.db),
      c.var.db.query.globalSettings.findFirst({ where: eq(globalSettings.id, "global"), columns: { updatedAt: true } }),
    ]);
    return c.json({ settings, updatedAt: row?.updatedAt.getTime() ?? null });
  })
  .put("/", zv("json", globalSettingsSchema), async (c) => {
    const before = await getGlobalSettings(c.var.db);
    const settings = c.req.valid("json");
    await saveGlobalSettings(c.var.db, settings, c.var.user.id);
    c.set("audit", {
      action: "settings.update",
      targetType: "global_settings",
      targetId: "global",
      details: { before, after: settings },
    });
    return c.json({ settings, updatedAt: Date.now() });
  });
