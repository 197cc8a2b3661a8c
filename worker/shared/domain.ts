/** Enumerations shared by the schema, the API and the SPA (spec 1 §3, spec 2 §4). */

/**
 * Admin opens the dashboard, SuperAdmin (with an allowlisted email) the operator console.
 * The other names exist for the operator's demo accounts and counting (spec 2 §5 role
 * mapping); an account holding one of them can sign in but opens neither.
 */
export const USER_ROLES = [
  "Admin",
  "SuperAdmin",
  "Manager",
  "Sales Manager",
  "Salesperson",
  "Sales Representative",
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Spec 2 §5: how roles are counted. Salespeople are also every team member (they never log in). */
export const ROLE_GROUPS = {
  salesperson: ["Salesperson", "Sales Representative"],
  manager: ["Manager", "Sales Manager"],
  admin: ["Admin", "SuperAdmin"],
} as const satisfies Record<string, readonly UserRole[]>;

/** Spec 2 §3: SuperAdmin is displayed 'Super Admin'; the other names as they are. */
export function roleLabel(role: string): string {
  return role === "SuperAdmin" ? "Super Admin" : role;
}

/**
 * organizations.status: the operator's access, set by hand. "trial" is an older value (before
 * drizzle/0012_billing.sql the column also carried the plan) and reads as active.
 */
export const STORED_ORGANIZATION_STATUSES = ["active", "trial", "inactive", "suspended"] as const;
/** What the operator may set: open (the plan decides), inactive, or suspended (refused everywhere). */
export const ORGANIZATION_ACCESS = ["active", "inactive", "suspended"] as const;
export type OrganizationAccess = (typeof ORGANIZATION_ACCESS)[number];

/** Where an organization's plan stands, read from its trial and subscription (worker/shared/plan-access.ts). */
export const PLAN_LIFECYCLE = ["trial", "active", "past_due", "cancelled", "expired"] as const;
export type PlanLifecycle = (typeof PLAN_LIFECYCLE)[number];

/** The status the console shows: the operator's inactive or suspended, else the plan's lifecycle. */
export const ORGANIZATION_STATUSES = [...PLAN_LIFECYCLE, "inactive", "suspended"] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

export const SUBSCRIPTION_TIERS = ["basic", "professional", "enterprise"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const CHECK_IN_STATUSES = ["pending", "completed", "expired"] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

/** How a check-in's link goes out, fixed at creation: to an address, as a Slack DM to it, or handed over by the Admin. */
export const DELIVERY_ROUTES = ["email", "slack_dm", "handover"] as const;
export type DeliveryRoute = (typeof DELIVERY_ROUTES)[number];

export const MESSAGE_SENDERS = ["user", "assistant"] as const;
export type MessageSender = (typeof MESSAGE_SENDERS)[number];

export const CONCERN_LEVELS = ["high", "medium", "low"] as const;
export type ConcernLevel = (typeof CONCERN_LEVELS)[number];

export const ALERT_TYPES = ["retention", "performance", "other"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_PRIORITIES = ["urgent", "high", "medium", "low"] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];

/** unread → read (seen by an operator) → resolved (handled by a manager or operator). */
export const ALERT_STATUSES = ["unread", "read", "resolved"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const CHECK_IN_FREQUENCIES = ["daily", "weekly", "biweekly", "monthly"] as const;
export type CheckInFrequency = (typeof CHECK_IN_FREQUENCIES)[number];

export const TEAM_MEMBER_STATUSES = ["active", "inactive"] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

export const TRIAL_DAYS = 14;
export const TRIAL_TEAM_MEMBER_LIMIT = 3;
export const PRICE_PER_SALESPERSON_USD = 2;

/** Spec 2 §4: priority derived from alert type. */
export function alertPriorityForType(type: string): AlertPriority {
  if (type === "retention") return "urgent";
  if (type === "performance") return "high";
  return "medium";
}
