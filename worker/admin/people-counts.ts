import { count, eq, inArray } from "drizzle-orm";
import { countWhere, sumOf } from "../db/aggregates";
import type { Database } from "../db/client";
import { sumOf as sumRows } from "../db/fan-out";
import { memberCounts, user } from "../db/schema";
import { acrossShards } from "../db/shards";
import { ROLE_GROUPS } from "../shared/domain";
import { num } from "./sql";

/**
 * Who the console's "users" are: the one definition behind the Overview's Platform Users and
 * User Oversight's Total Users. Every sign-in account, whatever its status and whether or not
 * it belongs to an organization (spec 2 §5 counts SuperAdmin among the admins, so operators
 * are in), and every salesperson (team member), paused or not. Paused people are the gap
 * between the total and the active count, never missing from the total.
 */
export type PeopleCounts = {
  total: number;
  salespeople: number;
  managers: number;
  admins: number;
  active: number;
};

/**
 * Accounts from the platform's user table; team members from each shard's member_counts
 * (one row per organization, kept by triggers: never the members themselves).
 */
export async function platformPeople(platform: Database, shards: readonly Database[]): Promise<PeopleCounts> {
  const [[accounts], members] = await Promise.all([
    platform
      .select({
        total: count(),
        salespeople: countWhere(inArray(user.role, ROLE_GROUPS.salesperson)),
        managers: countWhere(inArray(user.role, ROLE_GROUPS.manager)),
        admins: countWhere(inArray(user.role, ROLE_GROUPS.admin)),
        active: countWhere(eq(user.status, "Active")),
      })
      .from(user),
    acrossShards(shards, (shard) =>
      shard.select({ total: sumOf(memberCounts.members), active: sumOf(memberCounts.active) }).from(memberCounts),
    ),
  ]);
  const memberTotal = sumRows(members, (row) => num(row.total));
  const memberActive = sumRows(members, (row) => num(row.active));
  return {
    total: num(accounts?.total) + memberTotal,
    // A team member is a salesperson (they never sign in).
    salespeople: num(accounts?.salespeople) + memberTotal,
    managers: num(accounts?.managers),
    admins: num(accounts?.admins),
    active: num(accounts?.active) + memberActive,
  };
}
