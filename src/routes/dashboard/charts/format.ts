/**
 * The dashboard's short date labels, in the viewer's locale. Not @shared/time's formatDate
 * ("Nov 26, 2026"): an axis label or a deadline a few days off reads better without the year.
 */
const day = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });
const weekdayDateTime = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Thu, Nov 26, 9:00 AM": a deadline days away (a check-in link's end), named by its weekday. */
export const formatWeekdayDateTime = (iso: string) => weekdayDateTime.format(new Date(iso));

/** The axis label "Nov 26" of a 7-day window (start, end]: the day it ends. */
export const weekLabel = (end: string) => day.format(new Date(Date.parse(end) - 1));
