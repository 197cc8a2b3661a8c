import type { CheckInFrequency } from "../shared/domain";
import { isoWeekLabel, type SchedulePeriod } from "../shared/schedule";
import { DAY_MS, WEEK_MS } from "../shared/time";

/**
 * The organization's calendar: periods and the digest hour in its IANA time zone, with
 * Intl (no library). A local day is found by its calendar date, then mapped back to the
 * UTC instant its midnight (or 08:00) falls on, across daylight-saving changes.
 */

export const DEFAULT_TIME_ZONE = "UTC";

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `ms`. */
export function localParts(ms: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

/** Offset of `timeZone` from UTC at instant `ms`, in ms (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return asUtc - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time happens in `timeZone`. A time skipped by a spring-forward
 * change maps to the hour after; a repeated one to its first occurrence.
 */
export function zonedTime(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(guess, timeZone);
  if (second !== guess) guess = Math.min(guess, second);
  return guess;
}

/** The local calendar date of an instant as a UTC-midnight "date number" (for weekday and week maths). */
function localDate(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day);
}

function toInstant(date: number, timeZone: string, hour = 0): number {
  const d = new Date(date);
  return zonedTime(timeZone, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour);
}

/** The local Monday (as a date number) of the week an instant falls in. */
function localMonday(ms: number, timeZone: string): number {
  const date = localDate(ms, timeZone);
  const weekday = (new Date(date).getUTCDay() + 6) % 7;
  return date - weekday * DAY_MS;
}

const EPOCH_MONDAY = Date.UTC(1970, 0, 5);
const pad = (n: number) => String(n).padStart(2, "0");
const dateLabel = (date: number) => new Date(date).toISOString().slice(0, 10);

/**
 * shared/schedule.ts's periods, in the organization's time zone: a day from local
 * midnight, a week from local Monday, two weeks from every other Monday, a month from the
 * local 1st. Keys name the local dates, so in UTC they are exactly the UTC periods' keys.
 */
export function schedulePeriodIn(frequency: CheckInFrequency, now: number, timeZone: string): SchedulePeriod {
  switch (frequency) {
    case "daily": {
      const date = localDate(now, timeZone);
      return {
        key: `daily:${dateLabel(date)}`,
        start: toInstant(date, timeZone),
        end: toInstant(date + DAY_MS, timeZone),
      };
    }
    case "weekly": {
      const monday = localMonday(now, timeZone);
      return {
        key: `weekly:${isoWeekLabel(monday)}`,
        start: toInstant(monday, timeZone),
        end: toInstant(monday + WEEK_MS, timeZone),
      };
    }
    case "biweekly": {
      const monday = localMonday(now, timeZone);
      const first = EPOCH_MONDAY + Math.floor((monday - EPOCH_MONDAY) / (2 * WEEK_MS)) * 2 * WEEK_MS;
      return {
        key: `biweekly:${isoWeekLabel(first)}`,
        start: toInstant(first, timeZone),
        end: toInstant(first + 2 * WEEK_MS, timeZone),
      };
    }
    case "monthly": {
      const p = localParts(now, timeZone);
      const first = Date.UTC(p.year, p.month - 1, 1);
      const next = Date.UTC(p.year, p.month, 1);
      return {
        key: `monthly:${p.year}-${pad(p.month)}`,
        start: toInstant(first, timeZone),
        end: toInstant(next, timeZone),
      };
    }
  }
}

/** The digest goes out Monday at 08:00 local time. */
export const DIGEST_HOUR = 8;
/** A cron run that missed the hour still sends it the same day, never later in the week. */
const DIGEST_WINDOW_MS = DAY_MS;

export type DigestWeek = {
  /** ISO week of the local Monday, e.g. "2026-W48": one digest per organization and key. */
  weekKey: string;
  /** Monday 08:00 local, as an instant. */
  sendAt: number;
  /** The local Monday's date, 'YYYY-MM-DD' (the digest's "week of"). */
  monday: string;
};

export function digestWeek(now: number, timeZone: string): DigestWeek {
  const monday = localMonday(now, timeZone);
  return { weekKey: isoWeekLabel(monday), sendAt: toInstant(monday, timeZone, DIGEST_HOUR), monday: dateLabel(monday) };
}

/** This week's digest is due: Monday 08:00 local has passed, less than a day ago. */
export function digestDue(now: number, timeZone: string): DigestWeek | null {
  const week = digestWeek(now, timeZone);
  return now >= week.sendAt && now < week.sendAt + DIGEST_WINDOW_MS ? week : null;
}

/** A stored zone, or UTC for organizations that never set one. */
export function timeZoneOrDefault(value: string | null | undefined): string {
  return value && value.length > 0 ? value : DEFAULT_TIME_ZONE;
}
