import { TRIAL_TEAM_MEMBER_LIMIT } from "@shared/domain";

/** What each plan includes: the landing's pricing and the dashboard's plan choice list the same. */
export const TRIAL_PLAN_FEATURES = [
  `Up to ${TRIAL_TEAM_MEMBER_LIMIT} team members`,
  "Basic sentiment tracking",
  "Email check-ins",
  "Basic dashboard",
];

/** The spec's Pro plan list, word for word (§9 of the accounts spec). */
export const PRO_PLAN_FEATURES = [
  "Unlimited team members",
  "AI sentiment analysis",
  "Real-time dashboard and analytics",
  "Risk alerts and predictions",
  "Email check-in automation",
  "Advanced reporting",
  "Priority support",
];
