import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { Database } from "../db/client";
import { checkIns, teamMembers } from "../db/schema";
import { base64Url, fromBase64Url } from "../lib/base64url";
import { badRequest } from "../lib/errors";
import type { TeamListQuery, TeamMember } from "../shared/team";
import { effectiveStatus } from "./check-ins";

/**
 * The organization's members as the Team page lists them: in name order, a page at a time, each
 * with their latest check-in. A page is chosen first (by the sort key alone, after the cursor's
 * row), and only its members' latest check-ins are looked up: a 10,000-person team's first page
 * reads one page of check-ins, not one per member (README → Decisions, "The team list comes a
 * page at a time").
 */

/** The list's order: first name, last name (case-insensitive), the newest first among namesakes, then the id. */
const nameOrder = [
  sql`${teamMembers.firstName} collate nocase`,
  sql`${teamMembers.lastName} collate nocase`,
  desc(teamMembers.createdAt),
  asc(teamMembers.id),
];

/** The sort key of a page's last row, as the next page's cursor carries it. */
const cursorSchema = z.tuple([z.string(), z.string(), z.number(), z.string()]);
type CursorKey = z.infer<typeof cursorSchema>;

// UTF-8 before base64url: a name may hold any character (btoa alone takes Latin-1 only).
function encodeCursor(member: typeof teamMembers.$inferSelect): string {
  const key: CursorKey = [member.firstName, member.lastName, member.createdAt.getTime(), member.id];
  return base64Url(new TextEncoder().encode(JSON.stringify(key)));
}

function decodeCursor(cursor: string): CursorKey {
  try {
    const bytes = fromBase64Url(cursor);
    if (!bytes) throw new Error("not base64url");
    return cursorSchema.parse(JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes)));
  } catch {
    throw badRequest("cursor is not valid; use the nextCursor of the previous page");
  }
}

/** The rows after the cursor's, in `nameOrder`. */
function afterCursor([first, last, createdAt, id]: CursorKey): SQL {
  const firstName = sql`${teamMembers.firstName} collate nocase`;
  const lastName = sql`${teamMembers.lastName} collate nocase`;
  // created_at holds epoch milliseconds (timestamp_ms), as the cursor does.
  return sql`(${firstName} > ${first} or (${firstName} = ${first} and (${lastName} > ${last} or (${lastName} = ${last} and (${teamMembers.createdAt} < ${createdAt} or (${teamMembers.createdAt} = ${createdAt} and ${teamMembers.id} > ${id}))))))`;
}

/**
 * Members whose name or email holds the search (instr, no pattern). Both sides go through SQLite's
 * `lower()`, which folds ASCII only: the same folding on both, so "Émile" finds "Émile" and
 * "emile" finds "EMILE" (JavaScript's would fold the search alone and miss "Émile").
 */
function matching(search: string): SQL {
  return sql`(instr(lower(${teamMembers.firstName} || ' ' || ${teamMembers.lastName}), lower(${search})) > 0 or instr(lower(coalesce(${teamMembers.email}, '')), lower(${search})) > 0)`;
}

// Spelled out: in a one-table select drizzle writes the column unqualified, and inside this
// subquery "id" would be the check-in's own.
const latestCheckInId = sql`(select ci.id from check_ins ci where ci.team_member_id = team_members.id order by ci.created_at desc limit 1)`;

function memberView(
  member: typeof teamMembers.$inferSelect,
  lastCheckIn: typeof checkIns.$inferSelect | undefined,
  now: number,
): TeamMember {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    jobTitle: member.jobTitle,
    region: member.region,
    status: member.status,
    createdAt: member.createdAt.toISOString(),
    lastCheckIn: lastCheckIn
      ? {
          id: lastCheckIn.id,
          status: effectiveStatus(lastCheckIn, now),
          createdAt: lastCheckIn.createdAt.toISOString(),
          completedAt: lastCheckIn.completedAt?.toISOString() ?? null,
          expiresAt: lastCheckIn.expiresAt.toISOString(),
        }
      : null,
  };
}

/**
 * The latest check-ins of the members `where` selects (with `orderBy` and `limit`: the page), by
 * member id. The page is a subquery rather than a list of ids: D1 binds at most 100 parameters.
 */
async function latestCheckIns(db: Database, organizationId: string, where: SQL | undefined, page?: { limit: number }) {
  const pageIds = db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(where)
    .orderBy(...nameOrder);
  const members = page ? pageIds.limit(page.limit) : pageIds;
  const ids = db.select({ id: latestCheckInId }).from(teamMembers).where(inArray(teamMembers.id, members));
  const rows = await db
    .select()
    .from(checkIns)
    // The organization's condition stays, with a unary plus: an index on it would have SQLite walk the
    // organization's every check-in (1.3 s over 520,000) instead of looking up the page's ids.
    .where(and(inArray(checkIns.id, ids), sql`+${checkIns.organizationId} = ${organizationId}`));
  return new Map(rows.map((row) => [row.teamMemberId, row]));
}

export type MemberPage = { members: TeamMember[]; total: number; nextCursor: string | null };

/** One page of the list (`query`), with how many match over every page. */
export async function listMembers(
  db: Database,
  organizationId: string,
  query: Pick<TeamListQuery, "q" | "cursor" | "limit">,
): Promise<MemberPage> {
  const ofOrganization = eq(teamMembers.organizationId, organizationId);
  const search = query.q ? matching(query.q) : undefined;
  const after = query.cursor ? afterCursor(decodeCursor(query.cursor)) : undefined;
  const where = and(ofOrganization, search, after);
  const [rows, [counted], latest] = await Promise.all([
    db
      .select()
      .from(teamMembers)
      .where(where)
      .orderBy(...nameOrder)
      .limit(query.limit + 1),
    db.select({ total: sql<number>`count(*)` }).from(teamMembers).where(and(ofOrganization, search)),
    latestCheckIns(db, organizationId, where, { limit: query.limit }),
  ]);
  const page = rows.slice(0, query.limit);
  const now = Date.now();
  const last = page.at(-1);
  return {
    members: page.map((member) => memberView(member, latest.get(member.id), now)),
    total: counted?.total ?? 0,
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/** One member with their latest check-in, or undefined outside the organization. */
export async function findMember(db: Database, organizationId: string, id: string): Promise<TeamMember | undefined> {
  const theMember = and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.id, id));
  // Both reads at once: the check-in lookup selects the member by the same condition.
  const [[member], latest] = await Promise.all([
    db.select().from(teamMembers).where(theMember),
    latestCheckIns(db, organizationId, theMember),
  ]);
  return member ? memberView(member, latest.get(id), Date.now()) : undefined;
}
