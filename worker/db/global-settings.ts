import { eq } from "drizzle-orm";
import * as zc from "zod/v4/core";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, globalSettingsSchema } from "../shared/settings";
import type { Database } from "./client";
import { platformOf } from "./client";
import { globalSettings } from "./schema";

/** The one row's id in global_settings. */
export const GLOBAL_ID = "global";

/**
 * The persisted Global Check-In Settings, or the spec's defaults when none were saved. Read
 * here, below every feature, so a feature that only reads them (insights) need not import
 * worker/settings (which imports notify, which imports insights).
 */
export async function getGlobalSettings(anyDb: Database): Promise<GlobalSettings> {
  const db = platformOf(anyDb);
  return globalSettingsOf(await globalSettingsQuery(db));
}

/** The one row, for `db.batch` with other reads (a check-in start). */
export function globalSettingsQuery(db: Database) {
  return db.select({ settings: globalSettings.settings }).from(globalSettings).where(eq(globalSettings.id, GLOBAL_ID));
}

/** The settings the row holds, or the defaults when none were saved. */
export function globalSettingsOf([row]: readonly { settings: GlobalSettings }[]): GlobalSettings {
  if (!row) return DEFAULT_GLOBAL_SETTINGS;
  // A row written by an older version may lack newer fields (a pillar added since, its weight): fill them from the defaults.
  const pillarWeights = { ...DEFAULT_GLOBAL_SETTINGS.pillarWeights, ...row.settings.pillarWeights };
  // Saved before transcripts had their own period: the default, within the raw data's.
  const stored: Partial<GlobalSettings["dataRetention"]> = row.settings.dataRetention ?? {};
  const dataRetention = {
    ...DEFAULT_GLOBAL_SETTINGS.dataRetention,
    ...stored,
    transcriptDays:
      stored.transcriptDays ??
      Math.min(DEFAULT_GLOBAL_SETTINGS.dataRetention.transcriptDays, stored.rawDataDays ?? Number.POSITIVE_INFINITY),
  };
  const parsed = zc.safeParse(globalSettingsSchema, {
    ...DEFAULT_GLOBAL_SETTINGS,
    ...row.settings,
    pillarWeights,
    dataRetention,
  });
  return parsed.success ? parsed.data : DEFAULT_GLOBAL_SETTINGS;
}
