import { and, count, eq, inArray } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { subscriptions, teamMembers } from "../db/schema";
import { TRIAL_TEAM_MEMBER_LIMIT } from "../shared/domain";
import type { TeamPlan } from "../shared/team";

/**
 * Which plan an organization is on, for the team limit: Pro while its Stripe subscription
 * is active (trialing and past_due included: Stripe is still collecting), otherwise the
 * Free Trial's 3 active members (spec 1 §9). Paused (inactive) members do not count, and
 * are not billed.
 */
export const PRO_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"] as const;

export async function teamPlan(db: Database, organizationId: string): Promise<TeamPlan> {
  // Subscriptions are the platform's, the team is the organization's shard's (worker/db/shards.ts).
  const [[subscription], [active]] = await Promise.all([
    platformOf(db)
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.organizationId, organizationId),
          inArray(subscriptions.subscriptionStatus, [...PRO_SUBSCRIPTION_STATUSES]),
        ),
      ),
    db
      .select({ n: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.status, "active"))),
  ]);
  const activeCount = active?.n ?? 0;
  if (subscription) return { plan: "pro", limit: null, activeCount, canAdd: true };
  return {
    plan: "trial",
    limit: TRIAL_TEAM_MEMBER_LIMIT,
    activeCount,
    canAdd: activeCount < TRIAL_TEAM_MEMBER_LIMIT,
  };
}
