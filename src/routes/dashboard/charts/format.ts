import { timeAgo } from "@shared/time";

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

/** "3 days ago", "in 2 hours", "just now": the console's words for the same age (`timeAgo`). */
export const formatRelative = (iso: string, now = Date.now()): string => timeAgo(Date.parse(iso), now);
