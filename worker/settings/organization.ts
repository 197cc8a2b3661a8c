import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizationSettings } from "../db/schema";
import { parseOrThrow } from "../lib/validate";
import {
  type ConversationStyle,
  type GlobalSettings,
  type OrganizationCheckInSettings,
  organizationCheckInSettingsSchema,
  organizationDefaultsFrom,
} from "../shared/settings";
import { parseConversationStyle } from "./conversation-style";
import { getGlobalSettings } from "./global";

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/**
 * An organization's check-in settings start from the operator's global defaults; the
 * operator's ranges are wider than an organization's, so the defaults are brought inside
 * the organization's bounds (a form must always be able to save what it shows).
 */
export function defaultsFor(global: GlobalSettings): OrganizationCheckInSettings {
  const base = organizationDefaultsFrom(global);
  return {
    ...base,
    durationMinutes: clamp(base.durationMinutes, 3, 60),
    reminderIntervalHours: clamp(base.reminderIntervalHours, 1, 168),
    maxResponseHours: clamp(base.maxResponseHours, 1, 720),
  };
}

export type ResolvedSettings = {
  settings: OrganizationCheckInSettings;
  defaults: OrganizationCheckInSettings;
  customized: boolean;
  updatedAt: Date | null;
  /** Global Settings' conversation style, in force while `settings.conversationStyle` is null. */
  conversationDefaults: ConversationStyle;
};

export async function organizationCheckInSettings(db: Database, organizationId: string): Promise<ResolvedSettings> {
  const [global, [row]] = await Promise.all([
    getGlobalSettings(db),
    db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, organizationId)),
  ]);
  const defaults = defaultsFor(global);
  const conversationDefaults = global.conversationDefaults;
  if (!row) return { settings: defaults, defaults, customized: false, updatedAt: null, conversationDefaults };
  const { organizationId: _, updatedAt, conversationStyle, ...stored } = row;
  return {
    settings: { ...stored, conversationStyle: parseConversationStyle(conversationStyle) },
    defaults,
    customized: true,
    updatedAt,
    conversationDefaults,
  };
}

export async function saveOrganizationCheckInSettings(
  db: Database,
  organizationId: string,
  input: OrganizationCheckInSettings,
): Promise<void> {
  const { conversationStyle, ...schedule } = parseOrThrow(organizationCheckInSettingsSchema, input);
  // A form that does not send the conversation style leaves the stored one as it is.
  const settings = conversationStyle === undefined ? schedule : { ...schedule, conversationStyle };
  const now = new Date();
  await db
    .insert(organizationSettings)
    .values({ organizationId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { ...settings, updatedAt: now } });
}
