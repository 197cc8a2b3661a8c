export { trendTone } from "@/components/ui/trend-tone";

import type { AlertPriority } from "@shared/domain";
import { PILLARS } from "@shared/pillars";
import { plural } from "@shared/plural";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "@shared/settings";
import { timeAgo } from "@shared/time";

/**
 * The operator console's display rules (spec 2 §2, §7, §8, §9) as plain functions, so they
 * are tested without a browser. Only the SPA uses them; they live here with the other pure
 * rules the SPA imports.
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

/**
 * 'No change from last week', '+N% from last week' (a rate), '+N points from last week' (a
 * difference of 0–100 scores) or '+N blockers from last week' (a count). Issue 13 §4: a
 * point difference is never printed as a percent.
 */
export function weekOverWeek(change: number, kind: "percent" | "points" | "count" = "percent"): string {
  const rounded = Math.round(change);
  if (rounded === 0) return "No change from last week";
  const sign = rounded > 0 ? "+" : "-";
  const magnitude = Math.abs(rounded);
  if (kind === "count") return `${sign}${magnitude} ${plural(magnitude, "blocker")} from last week`;
  if (kind === "points") return `${sign}${magnitude} ${plural(magnitude, "point")} from last week`;
  return `${sign}${magnitude}% from last week`;
}

/**
 * A growth rate, '+200%'; with nothing before it is not a percentage: 'New' (or '—' when
 * there is nothing now either). The caller shows the base next to it.
 */
export function growthRate(recent: number, previous: number): string {
  if (previous <= 0) return recent > 0 ? "New" : "—";
  const rate = Math.round(((recent - previous) / previous) * 100);
  return `${rate > 0 ? "+" : ""}${rate}%`;
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

export const usd = (amount: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(amount);

/**
 * '3 minutes ago', '2 days ago' … for alert ages and activity. Not bare `timeAgo`: everything the
 * console ages has already happened, so a time ahead of this browser's clock says "just now".
 */
export const pastTimeAgo = (at: number, now = Date.now()): string => timeAgo(Math.min(at, now), now);

/** Avatar initials from the operator's name, falling back to 'SA' (spec 2 §2). */
export function operatorInitials(firstName: string, lastName: string): string {
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return initials || "SA";
}

/**
 * The console's timestamp, to the second in the browser's locale ("11/26/2026, 9:00:05 AM" in
 * en-US). Not @shared/time's formatDateTime ("Nov 26, 2026, 9:00 AM"), which has no seconds:
 * audit entries and deliveries within one minute are told apart by them.
 */
export const formatTimestamp = (ms: number) => new Date(ms).toLocaleString();

/** Spec 2 §2: the console's tabs, in sidebar order; overview is the default. */
export const CONSOLE_TABS = [
  { id: "overview", label: "Platform Overview", icon: "overview" },
  { id: "businesses", label: "Business Management", icon: "building" },
  { id: "users", label: "User Oversight", icon: "users" },
  { id: "sentiment", label: "Sentiment Data", icon: "heart" },
  { id: "checkins", label: "Check-In Config", icon: "clipboard" },
  { id: "billing", label: "Billing & Plans", icon: "card" },
  { id: "alerts", label: "Alerts & Notifications", icon: "bell" },
  { id: "reporting", label: "Reporting & Exports", icon: "download" },
  { id: "sitemap", label: "Site Map", icon: "map" },
  { id: "settings", label: "System Settings", icon: "settings" },
  { id: "support", label: "Customer Support", icon: "lifebuoy" },
  { id: "audit", label: "Audit Logs", icon: "scroll" },
] as const;

export type ConsoleTabId = (typeof CONSOLE_TABS)[number]["id"];

export function isConsoleTab(value: string | null): value is ConsoleTabId {
  return CONSOLE_TABS.some((tab) => tab.id === value);
}

/**
 * Spec 2 §8: how a failed AI configuration test reads on the screen (title 'Test failed').
 * A timeout is named as such before anything else, even when the message also names the
 * provider ('AI provider timed out'): telling the operator to check a working key would
 * send them the wrong way.
 */
export const TEST_ERROR_TEXT = {
  providerKey:
    "The AI provider refused the request or is not set up. Check the provider key (OPENAI_API_KEY) in the server secrets.",
  network: "Network timeout or connection issue. Please try again.",
  authentication: "Authentication failed. Please check your login status.",
  unknown: "Unknown error occurred during testing",
} as const;

export function testFailureMessage(error: string | null | undefined): string {
  const text = error?.trim() ?? "";
  if (!text) return TEST_ERROR_TEXT.unknown;
  if (/timeout|timed out|network/i.test(text)) return TEST_ERROR_TEXT.network;
  if (/openai|ai provider|api key|provider key/i.test(text)) return TEST_ERROR_TEXT.providerKey;
  if (/authentication|unauthorized/i.test(text)) return TEST_ERROR_TEXT.authentication;
  return text;
}

/** Spec 2 §7: the screen's test message is a stressed salesperson. */
export const SAMPLE_TEST_MESSAGE =
  "Honestly, this quarter has been rough. My pipeline is thin, I'm working late most nights, and I'm worried I won't hit my number.";

/** What the 'Use example framework' button loads (toast 'Framework loaded'). */
export const EXAMPLE_FRAMEWORK = `Read each salesperson through a light personality and behavior profile, never a diagnosis.
- Drive and achievement trait: energised by targets; under pressure, listen for over-commitment and skipped recovery.
- Relationship orientation: motivated by team and customers; isolation or conflict shows up first in morale.
- Conscientiousness: values process; friction with tools, approvals and data quality shows up as blockers.
- Resilience assessment: how they describe setbacks (temporary and specific, or permanent and global) signals burnout risk.
Adapt tone to the profile you hear: concise and forward-looking for drivers, warm and reflective for relationship-oriented people, concrete and structured for process-minded people.`;

/** Spec 2 §9: Reset Defaults restores every default and sets all pillar weights to 1. */
export function resetDefaults(): GlobalSettings {
  const weights = Object.fromEntries(PILLARS.map((p) => [p, 1])) as GlobalSettings["pillarWeights"];
  return { ...structuredClone(DEFAULT_GLOBAL_SETTINGS), pillarWeights: weights };
}

/** Spec 2 §5: priority is a number of at least 1, falling back to 1 when not numeric. */
export function priorityFrom(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** Customer Support's organization result: "acme.test · 1 account". */
export function organizationFacts(org: { domain: string | null; accountCount: number }): string {
  return `${org.domain ?? "No domain set"} · ${org.accountCount} ${plural(org.accountCount, "account")}`;
}
