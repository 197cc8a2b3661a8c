import type { Database } from "../db/client";
import { GLOBAL_ID } from "../db/global-settings";
import { globalSettings } from "../db/schema";
import type { GlobalSettings } from "../shared/settings";

export { getGlobalSettings } from "../db/global-settings";

export async function saveGlobalSettings(db: Database, settings: GlobalSettings, updatedBy: string | null) {
  const now = new Date();
  await db
    .insert(globalSettings)
    .values({ id: GLOBAL_ID, settings, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: globalSettings.id, set: { settings, updatedBy, updatedAt: now } });
}
