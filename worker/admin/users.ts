import { type AnyColumn, and, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs } from "../db/aggregates";
import type { Database } from "../db/client";
import { type ChunkReader, mergedPage, mergeSorted, type Order, OrganizationNameCache, sumOf } from "../db/fan-out";
import { organizations, teamMembers, user } from "../db/schema";
import { acrossShards, allShardDbs } from "../db/shards";
import { recordAudit } from "../lib/audit";
import { zv } from "../lib/validate";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import { type PlatformPerson, type UserRoleFilter, type UserStats, userListQuerySchema } from "../shared/console/users";
import { ROLE_GROUPS, type UserRole } from "../shared/domain";
import { DAY_MS, utcDay } from "../shared/time";
import { csvResponse, toCsv } from "./csv";
import { platformPeople } from "./people-counts";
import { PEOPLE_CSV_HEADERS, personCsvRow } from "./people-csv";
import { contains, containsPattern, num, pageWindow } from "./sql";

/**
 * Everyone on the platform: sign-in accounts (better-auth's user table, in the platform
 * database) and the salespeople, who are team members and never sign in (DESIGN "Data"), in
 * their organizations' shards (worker/db/shards.ts). A team member reads as role Salesperson,
 * status Active or Inactive. Both halves are read with the same columns and order, and merged
 * (worker/db/fan-out.ts); a team member's organization name comes from the platform database.
 */
type PersonRow = {
  id: string;
  kind: PlatformPerson["kind"];
  firstName: string;
  lastName: string;
  email: string | null;
  role: string;
  status: string;
  organizationId: string | null;
  organizationName: string | null;
  emailVerified: number | null;
  createdAt: number;
};

/** Newest first, then by id: the order of every half's query. */
const newestFirst: Order<PersonRow> = (a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export type PeopleFilters = {
  search?: string | undefined;
  role?: UserRoleFilter | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
};

const ROLE_FILTER: Record<UserRoleFilter, readonly UserRole[]> = {
  salesperson: ROLE_GROUPS.salesperson,
  manager: ROLE_GROUPS.manager,
  admin: ["Admin"],
  superadmin: ["SuperAdmin"],
};

/** Rows read per query (and names per lookup) in an export. */
const PEOPLE_CHUNK = 500;

/** Team members read as this role: a role filter without it reads no shard. */
const MEMBER_ROLE: UserRole = "Salesperson";
const membersMatch = (filters: PeopleFilters) => !filters.role || ROLE_FILTER[filters.role].includes(MEMBER_ROLE);

/** The people's filters on one half: its name, email, organization name and creation columns. */
function conditionsOn(
  columns: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn; createdAt: AnyColumn },
  organizationName: AnyColumn,
  filters: PeopleFilters,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search?.trim()) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(
        contains(sql`${columns.firstName} || ' ' || ${columns.lastName}`, pattern),
        contains(columns.email, pattern),
        // A shard orders and searches by its copy of the organization, which follows a rename.
        contains(sql`coalesce(${organizationName}, '')`, pattern),
      ) ?? sql`1 = 1`,
    );
  }
  if (filters.createdFrom !== undefined) conditions.push(gte(columns.createdAt, new Date(filters.createdFrom)));
  if (filters.createdTo !== undefined) conditions.push(lte(columns.createdAt, new Date(filters.createdTo)));
  return conditions;
}

const accountConditions = (filters: PeopleFilters) => [
  ...conditionsOn(user, organizations.name, filters),
  ...(filters.role ? [inArray(user.role, [...ROLE_FILTER[filters.role]])] : []),
];

/** Sign-in accounts with their organization's name (the platform database). */
const accountRows = (platform: Database, filters: PeopleFilters) =>
  platform
    .select({
      id: user.id,
      kind: sql<PlatformPerson["kind"]>`'account'`,
      firstName: user.firstName,
      lastName: user.lastName,
      email: sql<string | null>`${user.email}`,
      role: sql<string>`${user.role}`,
      status: user.status,
      organizationId: user.organizationId,
      organizationName: organizations.name,
      emailVerified: sql<number | null>`${user.emailVerified}`,
      createdAt: epochMs(user.createdAt),
    })
    .from(user)
    .leftJoin(organizations, eq(organizations.id, user.organizationId))
    .where(and(...accountConditions(filters)))
    .orderBy(desc(user.createdAt), user.id);

/** One shard's team members; their organization's name is added from the platform database. */
const memberRows = (shard: Database, filters: PeopleFilters) =>
  shard
    .select({
      id: teamMembers.id,
      kind: sql<PlatformPerson["kind"]>`'team_member'`,
      firstName: teamMembers.firstName,
      lastName: teamMembers.lastName,
      email: teamMembers.email,
      role: sql<string>`${MEMBER_ROLE}`,
      status: sql<string>`case ${teamMembers.status} when 'active' then 'Active' else 'Inactive' end`,
      organizationId: sql<string | null>`${teamMembers.organizationId}`,
      organizationName: sql<string | null>`null`,
      emailVerified: sql<number | null>`null`,
      createdAt: epochMs(teamMembers.createdAt),
    })
    .from(teamMembers)
    .leftJoin(organizations, eq(organizations.id, teamMembers.organizationId))
    .where(and(...conditionsOn(teamMembers, organizations.name, filters)))
    .orderBy(desc(teamMembers.createdAt), teamMembers.id);

const accountCount = (platform: Database, filters: PeopleFilters) =>
  platform
    .select({ n: count() })
    .from(user)
    .leftJoin(organizations, eq(organizations.id, user.organizationId))
    .where(and(...accountConditions(filters)));

const memberCount = (shard: Database, filters: PeopleFilters) =>
  shard
    .select({ n: count() })
    .from(teamMembers)
    .leftJoin(organizations, eq(organizations.id, teamMembers.organizationId))
    .where(and(...conditionsOn(teamMembers, organizations.name, filters)));

/** Each half's reader from an offset, in the merged order: the accounts, then every shard's members. */
function readers(platform: Database, shards: readonly Database[], filters: PeopleFilters): ChunkReader<PersonRow>[] {
  const members = membersMatch(filters) ? shards : [];
  return [
    (limit, offset) => accountRows(platform, filters).limit(limit).offset(offset),
    ...members.map(
      (shard): ChunkReader<PersonRow> =>
        (limit, offset) =>
          memberRows(shard, filters).limit(limit).offset(offset),
    ),
  ];
}

/**
 * Spec 2 §3 "User stats result": the population of platformPeople (the Overview counts the
 * same), with the role mapping of spec 2 §5, 'Active' as active, and who joined in each window.
 */
export async function userStats(
  platform: Database,
  shards: readonly Database[] = [platform],
  now = Date.now(),
): Promise<UserStats> {
  const d30 = new Date(now - 30 * DAY_MS);
  const d60 = new Date(now - 60 * DAY_MS);
  const recent = (createdAt: AnyColumn) => ({
    last30: countWhere(gte(createdAt, d30)),
    previous30: countWhere(and(gte(createdAt, d60), lt(createdAt, d30))),
  });
  const [people, [accounts], members] = await Promise.all([
    platformPeople(platform, shards),
    platform.select(recent(user.createdAt)).from(user),
    acrossShards(shards, (shard) => shard.select(recent(teamMembers.createdAt)).from(teamMembers)),
  ]);
  const membersOf = (value: (row: (typeof members)[number]) => unknown) => sumOf(members, (row) => num(value(row)));
  return {
    total_users: people.total,
    total_salespeople: people.salespeople,
    total_managers: people.managers,
    total_admins: people.admins,
    active_users: people.active,
    new_users_last_30_days: num(accounts?.last30) + membersOf((row) => row.last30),
    new_users_previous_30_days: num(accounts?.previous30) + membersOf((row) => row.previous30),
  };
}

function toPerson(row: PersonRow, names: OrganizationNameCache): PlatformPerson {
  return {
    id: row.id,
    kind: row.kind,
    // The untrimmed names, as before: trim() here only decides whether a name exists.
    name: `${row.firstName} ${row.lastName}`.trim() || row.email || "",
    email: row.email,
    role: row.role,
    status: row.status,
    organizationId: row.organizationId,
    organizationName: row.kind === "account" ? row.organizationName : names.get(row.organizationId),
    emailVerified: row.emailVerified === null ? null : row.emailVerified === 1,
    createdAt: num(row.createdAt),
  };
}

export async function listPeople(
  platform: Database,
  filters: PeopleFilters & { page?: number | undefined; pageSize?: number | undefined },
  shards: readonly Database[] = [platform],
) {
  const { page, pageSize, offset } = pageWindow(filters, DEFAULT_PAGE_SIZE);
  const members = membersMatch(filters) ? shards : [];
  // Each half's first offset + pageSize rows, merged: the page is among them.
  const [perHalf, totals] = await Promise.all([
    Promise.all(readers(platform, shards, filters).map((read) => read(offset + pageSize, 0))),
    Promise.all([accountCount(platform, filters), ...members.map((shard) => memberCount(shard, filters))]),
  ]);
  const rows = mergedPage(perHalf, newestFirst, offset, pageSize);
  const names = await new OrganizationNameCache(platform).load(
    rows.flatMap((row) => (row.kind === "team_member" && row.organizationId ? [row.organizationId] : [])),
  );
  const total = sumOf(totals, ([row]) => num(row?.n));
  return { items: rows.map((row) => toPerson(row, names)), page, pageSize, total };
}

/**
 * Every matching person, newest first, read in chunks from each half so a big platform never
 * loads one huge result; team members' organization names are read once per chunk.
 */
export async function* allPeople(platform: Database, shards: readonly Database[], filters: PeopleFilters) {
  const names = new OrganizationNameCache(platform);
  const chunk: PersonRow[] = [];
  const named = async (rows: PersonRow[]) => {
    await names.load(
      rows.flatMap((row) => (row.kind === "team_member" && row.organizationId ? [row.organizationId] : [])),
    );
    return rows.map((row) => toPerson(row, names));
  };
  for await (const row of mergeSorted(readers(platform, shards, filters), newestFirst, PEOPLE_CHUNK)) {
    chunk.push(row);
    if (chunk.length === PEOPLE_CHUNK) yield* await named(chunk.splice(0));
  }
  yield* await named(chunk);
}

export const userRoutes = new Hono<ConsoleEnv>()
  .get("/stats", async (c) => c.json(await userStats(c.var.db, allShardDbs(c.env))))
  .get("/", zv("query", userListQuerySchema), async (c) =>
    c.json(await listPeople(c.var.db, c.req.valid("query"), allShardDbs(c.env))),
  )
  .get("/export", zv("query", userListQuerySchema), async (c) => {
    const { search, role } = c.req.valid("query");
    const rows: (string | number | null)[][] = [];
    for await (const person of allPeople(c.var.db, allShardDbs(c.env), { search, role })) {
      rows.push(personCsvRow(person));
    }
    // Not a change, but personal data leaving the platform: on the record too.
    await recordAudit(c.var.db, {
      actorUserId: c.var.user.id,
      actorEmail: c.var.user.email,
      action: "export.users",
      targetType: "export",
      details: { search: search ?? null, role: role ?? null, rows: rows.length },
    });
    return csvResponse(`users-${utcDay(Date.now())}.csv`, toCsv(PEOPLE_CSV_HEADERS, rows));
  });
