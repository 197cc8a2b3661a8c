import * as z from "zod/mini";
import { dailyLimitsSchema } from "./daily-limits";
import type { CheckInFrequency } from "./domain";
import { conversationStyleSchema, organizationCheckInSettingsSchema } from "./settings";
import { DAY_MS, HOUR_MS, utcDay, WEEK_MS } from "./time";

/**
 * The check-in schedule as plain functions of time (no I/O), shared by the Cron run and
 * the settings page. Periods are UTC: a day from midnight, a week from Monday, two weeks
 * from every other Monday (counted from Monday 1970-01-05), a month from the 1st.
 */

/** The first Monday of the epoch: the anchor of biweekly periods. */
const EPOCH_MONDAY_MS = Date.UTC(1970, 0, 5);

export type SchedulePeriod = {
  /** Unique per member and period (check_ins.schedule_key): a re-run never creates a second one. */
  key: string;
  start: number;
  end: number;
};

const pad = (n: number) => String(n).padStart(2, "0");

function mondayOf(ms: number): number {
  const d = new Date(ms);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return midnight - weekday * DAY_MS;
}

/** ISO 8601 week label of a Monday, e.g. "2026-W47". */
export function isoWeekLabel(monday: number): string {
  // The ISO year is the year of the week's Thursday.
  const thursday = new Date(monday + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = Date.UTC(year, 0, 4);
  const week = 1 + Math.round((mondayOf(thursday.getTime()) - mondayOf(firstThursday)) / WEEK_MS);
  return `${year}-W${pad(week)}`;
}

export function schedulePeriod(frequency: CheckInFrequency, now: number): SchedulePeriod {
  switch (frequency) {
    case "daily": {
      const d = new Date(now);
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      return { key: `daily:${utcDay(start)}`, start, end: start + DAY_MS };
    }
    case "weekly": {
      const start = mondayOf(now);
      return { key: `weekly:${isoWeekLabel(start)}`, start, end: start + WEEK_MS };
    }
    case "biweekly": {
      const index = Math.floor((now - EPOCH_MONDAY_MS) / (2 * WEEK_MS));
      const start = EPOCH_MONDAY_MS + index * 2 * WEEK_MS;
      return { key: `biweekly:${isoWeekLabel(start)}`, start, end: start + 2 * WEEK_MS };
    }
    case "monthly": {
      const d = new Date(now);
      const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      return { key: `monthly:${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`, start, end };
    }
  }
}

/**
 * A member is due for a scheduled check-in when they have had none (scheduled or sent by
 * hand) since the period started, and none is still waiting for them: a slow responder is
 * never stacked with a second link.
 */
export function isMemberDue(input: {
  period: SchedulePeriod;
  lastCheckInCreatedAt: number | null;
  hasOpenCheckIn: boolean;
}): boolean {
  if (input.hasOpenCheckIn) return false;
  return input.lastCheckInCreatedAt === null || input.lastCheckInCreatedAt < input.period.start;
}

/** When a new check-in stops accepting answers: the max response time after it is sent. */
export function expiryFor(sentAt: number, maxResponseHours: number): number {
  return sentAt + maxResponseHours * HOUR_MS;
}

/**
 * The reminder a pending check-in is owed now, numbered 1, 2, … by whole intervals since
 * the invitation, or null. The number is the reminder's identity (its email dedupe key),
 * so a run that crashed after sending and runs again sends nothing twice; after a missed
 * run only the latest owed reminder goes out, not a burst.
 */
export function reminderDue(input: {
  autoReminders: boolean;
  intervalHours: number;
  invitedAt: number | null;
  startedAt: number | null;
  expiresAt: number;
  remindersSent: number;
  now: number;
}): number | null {
  if (!input.autoReminders || input.invitedAt === null || input.startedAt !== null) return null;
  if (input.now >= input.expiresAt || input.intervalHours <= 0) return null;
  const owed = Math.floor((input.now - input.invitedAt) / (input.intervalHours * HOUR_MS));
  return owed >= 1 && owed > input.remindersSent ? owed : null;
}

/** The first moment a period after `now` starts: what the settings page calls "next check-ins". */
export function nextPeriodStart(frequency: CheckInFrequency, now: number): number {
  return schedulePeriod(frequency, now).end;
}

/** Cut-off times for data retention (global settings' raw and summary days). */
export function retentionCutoffs(now: number, retention: { rawDataDays: number; summaryDataDays: number }) {
  return { raw: now - retention.rawDataDays * DAY_MS, summary: now - retention.summaryDataDays * DAY_MS };
}

// ——— GET|PUT /api/check-in-settings ———

export const checkInSettingsResponseSchema = z.object({
  settings: organizationCheckInSettingsSchema,
  /** What the operator's global settings suggest (the "Reset to defaults" target). */
  defaults: organizationCheckInSettingsSchema,
  customized: z.boolean(),
  updatedAt: z.nullable(z.string()),
  /** When the schedule next sends check-ins (null while automatic check-ins are off). */
  nextCheckInsAt: z.nullable(z.string()),
  /** The organization's time zone (IANA), where its periods start at midnight. */
  timeZone: z.optional(z.string()),
  /** Global Settings' conversation style, used while the organization has none of its own. */
  conversationDefaults: z.optional(conversationStyleSchema),
  /** Today's use of the organization's daily caps (check-ins, AI requests, emails). */
  dailyLimits: dailyLimitsSchema,
});
export type CheckInSettingsResponse = z.infer<typeof checkInSettingsResponseSchema>;
