import * as z from "zod/mini";
import { CHECK_IN_FREQUENCIES } from "./domain";
import { DEFAULT_PILLAR_WEIGHTS, PILLARS, type Pillar } from "./pillars";

/**
 * Shared schemas use zod/mini: the SPA's entry and check-in chunks stay small (classic zod
 * would add ~22 KB gzipped), and the Worker validates with the very same schemas.
 *
 * Global check-in settings (spec 2 §3, §9). The spec keeps them in the screen only; we
 * persist them in D1 (global_settings) and check-ins and schedules read them.
 */
/** The bounds of every retention period in days (spec 2's raw and summary data, and transcripts). */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

/** How long a completed chat's transcript is kept in its object unless Global Settings say otherwise. */
export const DEFAULT_TRANSCRIPT_DAYS = 30;

const pillarWeight = z.number().check(z.gte(0.5), z.lte(2));

/** One weight per pillar of the registry (worker/shared/pillars.ts). */
export const pillarWeightsSchema = z.object(
  Object.fromEntries(PILLARS.map((pillar) => [pillar, pillarWeight])) as Record<Pillar, typeof pillarWeight>,
);

/** Empathy band, follow-up and closure style: Global Settings' defaults, an organization's override. */
export const conversationStyleSchema = z.object({
  empathyLevel: z.enum(["low", "medium", "high"]),
  followUpStyle: z.enum(["minimal", "adaptive", "frequent"]),
  closureStyle: z.enum(["supportive", "action-oriented", "reflective"]),
});
export type ConversationStyle = z.infer<typeof conversationStyleSchema>;

export const globalSettingsSchema = z.object({
  defaultDuration: z.int().check(z.gte(1), z.lte(60)),
  defaultFrequency: z.enum(CHECK_IN_FREQUENCIES),
  enableAutoReminders: z.boolean(),
  reminderIntervalHours: z.int().check(z.gte(1), z.lte(720)),
  maxResponseTime: z.int().check(z.gte(1), z.lte(2160)),
  pillarWeights: pillarWeightsSchema,
  conversationDefaults: conversationStyleSchema,
  dataRetention: z
    .object({
      rawDataDays: z.int().check(z.gte(RETENTION_DAYS.min), z.lte(RETENTION_DAYS.max)),
      summaryDataDays: z.int().check(z.gte(RETENTION_DAYS.min), z.lte(RETENTION_DAYS.max)),
      /**
       * Days a completed chat's transcript stays in its check-in object before the object
       * erases it (the only copy: D1 keeps no transcript). Raw data, so never past rawDataDays.
       */
      transcriptDays: z.int().check(z.gte(RETENTION_DAYS.min), z.lte(RETENTION_DAYS.max)),
      enableAnonymization: z.boolean(),
    })
    .check(
      z.refine((retention) => retention.transcriptDays <= retention.rawDataDays, {
        message: "Transcripts are raw data: keep them no longer than raw data",
        path: ["transcriptDays"],
      }),
    ),
});

export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  defaultDuration: 10,
  defaultFrequency: "weekly",
  enableAutoReminders: true,
  reminderIntervalHours: 24,
  maxResponseTime: 72,
  pillarWeights: DEFAULT_PILLAR_WEIGHTS,
  conversationDefaults: { empathyLevel: "high", followUpStyle: "adaptive", closureStyle: "supportive" },
  dataRetention: {
    rawDataDays: 365,
    summaryDataDays: 1095,
    transcriptDays: DEFAULT_TRANSCRIPT_DAYS,
    enableAnonymization: true,
  },
};

/** An organization's own schedule (dashboard settings), starting from the global defaults. */
export const organizationCheckInSettingsSchema = z.object({
  frequency: z.enum(CHECK_IN_FREQUENCIES),
  durationMinutes: z.int().check(z.gte(3), z.lte(60)),
  autoReminders: z.boolean(),
  reminderIntervalHours: z.int().check(z.gte(1), z.lte(168)),
  maxResponseHours: z.int().check(z.gte(1), z.lte(720)),
  schedulingEnabled: z.boolean(),
  /** The organization's own conversation style; null (or absent) follows Global Settings. */
  conversationStyle: z.optional(z.nullable(conversationStyleSchema)),
});

export type OrganizationCheckInSettings = z.infer<typeof organizationCheckInSettingsSchema>;

/**
 * A reminder is due only after its interval and never once the link has expired: with reminders
 * on, an interval as long as the expiry would leave the switch on and no reminder ever sent.
 * The message the page shows under the interval, and the API's 400; null when it is fine.
 */
export function reminderIntervalProblem(
  settings: Pick<OrganizationCheckInSettings, "autoReminders" | "reminderIntervalHours" | "maxResponseHours">,
): string | null {
  if (!settings.autoReminders || settings.reminderIntervalHours < settings.maxResponseHours) return null;
  return `Reminders must come sooner: make the interval shorter than the time a link works (${settings.maxResponseHours} hours).`;
}

export function organizationDefaultsFrom(global: GlobalSettings): OrganizationCheckInSettings {
  return {
    frequency: global.defaultFrequency,
    durationMinutes: global.defaultDuration,
    autoReminders: global.enableAutoReminders,
    reminderIntervalHours: global.reminderIntervalHours,
    maxResponseHours: global.maxResponseTime,
    schedulingEnabled: false,
    conversationStyle: null,
  };
}
