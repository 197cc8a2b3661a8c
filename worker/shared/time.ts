/** Lengths of time and the UTC calendar day, for the Worker and the SPA alike (no dependencies). */

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

/** An instant's calendar day in UTC, 'YYYY-MM-DD'. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The one way a date is written for people, on the page and in messages: "Nov 26, 2026"
 * (English, as every text is, whatever the browser's locale). A calendar day ('YYYY-MM-DD',
 * e.g. a digest's Monday) is that day wherever it is read; an instant is its day in the
 * reader's time zone (the browser's; UTC in the Worker). Formatters are built once, on first use.
 */
const DATE_PARTS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = { ...DATE_PARTS, hour: "numeric", minute: "2-digit" };
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
let formatters: { day: Intl.DateTimeFormat; calendarDay: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat } | null =
  null;
const formatter = () =>
  (formatters ??= {
    day: new Intl.DateTimeFormat("en-US", DATE_PARTS),
    calendarDay: new Intl.DateTimeFormat("en-US", { ...DATE_PARTS, timeZone: "UTC" }),
    dateTime: new Intl.DateTimeFormat("en-US", DATE_TIME_PARTS),
  });
const instant = (at: string | number) => (typeof at === "string" ? Date.parse(at) : at);

/** "Nov 26, 2026", from an ISO string, epoch milliseconds or a 'YYYY-MM-DD' day. */
export function formatDate(at: string | number): string {
  if (typeof at === "string" && CALENDAR_DAY.test(at)) return formatter().calendarDay.format(Date.parse(at));
  return formatter().day.format(instant(at));
}

/**
 * "Dec 7, 2026, 12:00 AM (Europe/Berlin)": an instant as a clock in that zone reads it, for a
 * time that is defined there (an organization's schedule starts at its own midnight, wherever
 * the reader is). An unknown zone falls back to the reader's.
 */
export function formatDateTimeIn(at: string | number, timeZone: string): string {
  try {
    const inZone = new Intl.DateTimeFormat("en-US", { ...DATE_TIME_PARTS, timeZone });
    return `${inZone.format(instant(at))} (${timeZone.replaceAll("_", " ")})`;
  } catch {
    return formatDateTime(at);
  }
}

/** "Nov 26, 2026, 9:00 AM": the same date, with the time where it matters. */
export function formatDateTime(at: string | number): string {
  return formatter().dateTime.format(instant(at));
}

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * DAY_MS],
  ["month", 30 * DAY_MS],
  ["week", WEEK_MS],
  ["day", DAY_MS],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
let ages: Intl.RelativeTimeFormat | null = null;

/**
 * "3 days ago", "in 2 hours", "just now": the one way an age is written, on the dashboard and
 * in the console (they rounded and floored apart, so one alert read "5 days ago" in one and "6
 * days ago" in the other). Whole units elapsed, in English like every text; an ISO string or
 * epoch milliseconds.
 */
export function timeAgo(at: string | number, now = Date.now()): string {
  const delta = instant(at) - now;
  ages ??= new Intl.RelativeTimeFormat("en-US", { numeric: "always" });
  for (const [unit, ms] of AGE_UNITS) {
    const count = Math.trunc(delta / ms);
    if (count !== 0) return ages.format(count, unit);
  }
  return "just now";
}
