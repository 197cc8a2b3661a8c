import type { AlertItem, CoachingPriority, RiskLevel } from "@shared/insights";

export const ALERT_CATEGORY_LABEL: Record<string, string> = {
  burnout: "Burnout risk",
  low_morale: "Low morale",
  low_confidence: "Low quota confidence",
  blockers: "Blocked",
  reach_out: "Asked you to reach out",
};
export const alertCategoryLabel = (category: string) => ALERT_CATEGORY_LABEL[category] ?? "Alert";

export const PRIORITY_BADGE: Record<AlertItem["priority"], string> = {
  urgent: "badge-error",
  high: "badge-warning",
  medium: "badge-info badge-soft",
  low: "badge-ghost",
};

export const COACHING_BADGE: Record<CoachingPriority, { label: string; className: string }> = {
  high: { label: "This week", className: "badge-error badge-soft" },
  medium: { label: "Soon", className: "badge-warning badge-soft" },
  low: { label: "When you can", className: "badge-ghost" },
};

export const RISK_BADGE: Record<RiskLevel, { label: string; className: string }> = {
  high: { label: "At risk", className: "badge-error" },
  watch: { label: "Watch", className: "badge-warning" },
  ok: { label: "Doing well", className: "badge-success badge-soft" },
  unknown: { label: "No check-in yet", className: "badge-ghost" },
};

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
