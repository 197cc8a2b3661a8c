import { desc, eq, or, sql } from "drizzle-orm";
import { epochMs, qualified } from "../db/aggregates";
import type { Database } from "../db/client";
import { organizationNames } from "../db/fan-out";
import { checkIns, teamMembers } from "../db/schema";
import { acrossShards } from "../db/shards";
import type { SupportSearch } from "../shared/console/support";
import type { CheckInStatus } from "../shared/domain";
import { contains, containsPattern } from "./sql";
import { teamMemberContact, teamMemberContactColumns } from "./team-member-contact";

/**
 * Customer Support's salespeople: team members, who never sign in, so they are not accounts.
 * They live in their organizations' shards: each shard answers its first matches (name, email,
 * exact id) in one query with each one's newest check-in, and the merge keeps the first of all.
 * The check-in's token hash and delivery address are never read.
 */
const SALESPEOPLE_LIMIT = 20;

/** The newest check-in of the member in the outer query: one seek on check_ins_member_idx each. */
const newestCheckIn = (shard: Database, column: typeof checkIns.status | typeof checkIns.createdAt) =>
  shard
    .select({ value: column })
    .from(checkIns)
    .where(eq(checkIns.teamMemberId, qualified(teamMembers.id)))
    .orderBy(desc(checkIns.createdAt))
    .limit(1);

const memberMatches = (shard: Database, q: string) => {
  const pattern = containsPattern(q);
  const exact = q.trim();
  const exactEmail = sql<number>`coalesce(lower(${teamMembers.email}) = lower(${exact}), 0)`.mapWith(Number);
  return shard
    .select({
      ...teamMemberContactColumns,
      status: teamMembers.status,
      organizationId: teamMembers.organizationId,
      createdAt: epochMs(teamMembers.createdAt),
      exactEmail,
      lastStatus: sql<CheckInStatus | null>`${newestCheckIn(shard, checkIns.status)}`,
      lastSentAt: sql<number | null>`${newestCheckIn(shard, checkIns.createdAt)}`.mapWith(Number),
    })
    .from(teamMembers)
    .where(
      or(
        eq(teamMembers.id, exact),
        contains(sql`coalesce(${teamMembers.email}, '')`, pattern),
        contains(sql`${teamMembers.firstName} || ' ' || ${teamMembers.lastName}`, pattern),
      ),
    )
    .orderBy(desc(exactEmail), desc(teamMembers.createdAt), teamMembers.id)
    .limit(SALESPEOPLE_LIMIT);
};

type MemberRow = Awaited<ReturnType<typeof memberMatches>>[number];

/** The order every shard sorted by: the exact email first, then newest, then id. */
const supportOrder = (a: MemberRow, b: MemberRow) =>
  b.exactEmail - a.exactEmail || b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Salespeople matching `q` (already trimmed and 2–200 characters: the route's schema) in every shard. */
export async function salespeopleSearch(
  platform: Database,
  shards: readonly Database[],
  q: string,
): Promise<SupportSearch["salespeople"]> {
  const rows = (await acrossShards(shards, (shard) => memberMatches(shard, q)))
    .sort(supportOrder)
    .slice(0, SALESPEOPLE_LIMIT);
  // Names are read in the platform database (a shard's copy is for its own search and order).
  const names = await organizationNames(
    platform,
    rows.map((row) => row.organizationId),
  );
  return rows.map((row) => {
    const contact = teamMemberContact(row);
    return {
      ...contact,
      // Support names someone by their email when they have no name (the card's name is empty).
      name: contact.name || row.email || "",
      active: row.status === "active",
      organizationId: row.organizationId,
      organizationName: names.get(row.organizationId) ?? null,
      lastCheckIn:
        row.lastStatus !== null && row.lastSentAt !== null ? { status: row.lastStatus, sentAt: row.lastSentAt } : null,
    };
  });
}
