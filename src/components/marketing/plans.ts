import { TRIAL_TEAM_MEMBER_LIMIT } from "@shared/domain";

/** What each plan includes: the landing's pricing and the dashboard's plan choice list the same. */
export const TRIAL_PLAN_FEATURES = [
  `Up to ${TRIAL_TEAM_MEMBER_LIMIT} team members`,
  "Basic sentiment tracking",
  "Email check-ins",
  "Basic dashboard",
];

/**
 * Issue 25 §8: only what the product does (the spec's list promised "predictions", "advanced
 * reporting" and "priority support", which nothing behind the Pro plan delivers).
 */
export const PRO_PLAN_FEATURES = [
  "Unlimited team members",
  "Scheduled AI check-ins with reminders",
  "Sentiment scores on six pillars",
  "Burnout, low-morale and reach-out alerts",
  "Coaching actions for managers",
  "Trends over up to 52 weeks",
  "Email alerts and a weekly digest",
];
