import * as z from "zod/mini";
import { timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. The Platform Overview tab
 * (/api/admin/stats).
 */
/** Spec 2 §3 "Platform stats" (replaces the get_platform_stats procedure). */
export const platformStatsSchema = z.object({
  total_organizations: z.number(),
  /**
   * Everyone on the platform, the same people as User Oversight's Total Users: every account
   * (operators too) and every salesperson, paused or not (worker/admin/people-counts.ts).
   */
  total_users: z.number(),
  total_managers: z.number(),
  total_admins: z.number(),
  total_salespeople: z.number(),
  total_checkins: z.number(),
  checkins_last_30_days: z.number(),
  checkins_last_7_days: z.number(),
  /** Completed in the 7 days before the last 7: the base of the check-in growth rate. */
  checkins_previous_7_days: z.number(),
  new_organizations_last_30_days: z.number(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;

export const EMPTY_PLATFORM_STATS: PlatformStats = {
  total_organizations: 0,
  total_users: 0,
  total_managers: 0,
  total_admins: 0,
  total_salespeople: 0,
  total_checkins: 0,
  checkins_last_30_days: 0,
  checkins_last_7_days: 0,
  checkins_previous_7_days: 0,
  new_organizations_last_30_days: 0,
};

export const activityEventSchema = z.object({
  id: z.string(),
  kind: z.enum([
    "organization_created",
    "user_joined",
    "check_in_completed",
    "alert_raised",
    // The audit log: an operator's own action, or one by a customer's Admin or the schedule.
    "operator_action",
    "account_action",
  ]),
  title: z.string(),
  detail: z.string(),
  at: timestamp,
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityResponseSchema = z.object({ events: z.array(activityEventSchema) });
