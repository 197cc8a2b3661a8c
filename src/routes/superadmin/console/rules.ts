// Relative, not @shared/: the unit tests type-check this file under the Worker config.
import type { AlertPriority } from "../../../../worker/shared/domain";

/**
 * The console's display rules (spec 2 §2, §7, §9) as plain functions, so they are tested
 * without a browser.
 */

export const NOTIFICATION_MESSAGE_LIMIT = 50;
export const BADGE_CAP = 99;

/** The bell's badge: the count, or '99+' above 99; nothing at zero. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BADGE_CAP ? `${BADGE_CAP}+` : String(unread);
}

/** A notification's message cut to 50 characters (with an ellipsis when cut). */
export function cutMessage(message: string, limit = NOTIFICATION_MESSAGE_LIMIT): string {
  return message.length > limit ? `${message.slice(0, limit)}...` : message;
}

/** Priority dot colour: high red, medium yellow, otherwise blue (urgent counts as high). */
export function priorityDotClass(priority: AlertPriority): string {
  if (priority === "urgent" || priority === "high") return "bg-error";
  if (priority === "medium") return "bg-warning";
  return "bg-info";
}

/** 'No change from last week', '+N% from last week' or '-N% from last week'; blockers as a count. */
export function weekOverWeek(change: number, kind: "percent" | "count" = "percent"): string {
  const rounded = Math.round(change);
  if (rounded === 0) return "No change from last week";
  const sign = rounded > 0 ? "+" : "-";
  const magnitude = Math.abs(rounded);
  if (kind === "count") return `${sign}${magnitude} ${magnitude === 1 ? "blocker" : "blockers"} from last week`;
  return `${sign}${magnitude}% from last week`;
}

/**
 * Whether a change is good news. Stress and blockers are inverted (spec 2 §7): going down
 * is good, so they get the green arrow.
 */
export function trendTone(change: number, inverted = false): "good" | "bad" | "flat" {
  if (Math.round(change) === 0) return "flat";
  const up = change > 0;
  return up !== inverted ? "good" : "bad";
}

/** Data Quality (spec 2 §2): 'High' with responses, 'No Data' without; its text by volume. */
export function dataQuality(responses: number): { label: "High" | "No Data"; text: string } {
  if (responses > 100) return { label: "High", text: "Excellent data coverage for insights" };
  if (responses > 0) return { label: "High", text: "Limited data available" };
  return { label: "No Data", text: "No sentiment data collected yet" };
}

/** Percent of a total, rounded; 0 when the total is 0. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

/** Growth of `recent` over `previous` in percent; with nothing before, any growth is 100%. */
export function growthPercent(recent: number, previous: number): number {
  if (previous <= 0) return recent > 0 ? 100 : 0;
  return Math.round(((recent - previous) / previous) * 100);
}

export const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(amount);

/** '3 minutes ago', '2 days ago' … for alert ages and activity. */
export function relativeAge(at: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return "just now";
  const units: [number, string][] = [
    [60 * 60 * 24 * 365, "year"],
    [60 * 60 * 24 * 30, "month"],
    [60 * 60 * 24 * 7, "week"],
    [60 * 60 * 24, "day"],
    [60 * 60, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${name}${count === 1 ? "" : "s"} ago`;
  }
  return "just now";
}

/** Avatar initials from the operator's name, falling back to 'SA' (spec 2 §2). */
export function operatorInitials(firstName: string, lastName: string): string {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return initials || "SA";
}

export const formatDate = (ms: number) =>
  new Date(ms).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
export const formatDateTime = (ms: number) => new Date(ms).toLocaleString();
