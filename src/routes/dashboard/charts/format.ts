/** Date labels for the charts and lists, in the viewer's locale. */
const day = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
const dateTime = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** The label of a 7-day window (start, end]: the day it ends. */
export const weekLabel = (end: string) => formatDay(new Date(Date.parse(end) - 1).toISOString());

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 days ago", "in 2 hours", "just now". */
export function formatRelative(iso: string, now = Date.now()): string {
  const delta = Date.parse(iso) - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms) return relative.format(Math.round(delta / ms), unit);
  }
  return "just now";
}
