import * as z from "zod/mini";
import { globalSettingsSchema } from "../settings";
import { timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Global Check-In Settings as the
 * console reads them (/api/admin/settings).
 */
export const globalSettingsRecordSchema = z.object({
  settings: globalSettingsSchema,
  updatedAt: z.nullable(timestamp),
});
