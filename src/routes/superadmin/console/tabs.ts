import type { ConsoleIconName } from "./icons";

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
] as const satisfies readonly { id: string; label: string; icon: ConsoleIconName }[];

export type ConsoleTabId = (typeof CONSOLE_TABS)[number]["id"];

export function isConsoleTab(value: string | null): value is ConsoleTabId {
  return CONSOLE_TABS.some((tab) => tab.id === value);
}
