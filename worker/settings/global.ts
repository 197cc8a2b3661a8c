import { eq } from "drizzle-orm";
import * as zc from "zod/v4/core";
import type { Database } from "../db/client";
import { globalSettings } from "../db/schema";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, globalSettingsSchema } from "../shared/settings";

const GLOBAL_ID = "global";

/** The persisted Global Check-In Settings, or the spec's defaults when none were saved. */
export async function getGlobalSettings(db: Database): Promise<GlobalSettings> {
  const row = await db.query.globalSettings.findFirst({ where: eq(globalSettings.id, GLOBAL_ID) });
  if (!row) return DEFAULT_GLOBAL_SETTINGS;
  // A row written by an older version may lack newer fields: fill them from the defaults.
  const parsed = zc.safeParse(globalSettingsSchema, { ...DEFAULT_GLOBAL_SETTINGS, ...row.settings });
  return parsed.success ? parsed.data : DEFAULT_GLOBAL_SETTINGS;
}

export async function saveGlobalSettings(db: Database, settings: GlobalSettings, updatedBy: string | null) {
  const now = new Date();
  await db
    .insert(globalSettings)
    .values({ id: GLOBAL_ID, settings, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: globalSettings.id, set: { settings, updatedBy, updatedAt: now } });
}
