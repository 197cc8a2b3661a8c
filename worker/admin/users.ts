import { and, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs } from "../db/aggregates";
import type { Database } from "../db/client";
import { organizations, teamMembers, user } from "../db/schema";
import { recordAudit } from "../lib/audit";
import { zv } from "../lib/validate";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import { type PlatformPerson, type UserRoleFilter, type UserStats, userListQuerySchema } from "../shared/console/users";
import { ROLE_GROUPS } from "../shared/domain";
import { DAY_MS, utcDay } from "../shared/time";
import { csvResponse, toCsv } from "./csv";
import { contains, containsPattern, num, pageWindow } from "./sql";

/**
 * Everyone on the platform, as one relation: sign-in accounts (better-auth's user table) and
 * the salespeople, who are team members and never sign in (DESIGN "Data"). A team member
 * reads as role Salesperson, status Active or Inactive.
 */
const qb = new QueryBuilder();
const people = qb
  .select({
    id: user.id,
    kind: sql<PlatformPerson["kind"]>`'account'`.as("person_kind"),
    firstName: user.firstName,
    lastName: user.lastName,
    // Nullable in both halves: a salesperson may have no email.
    email: sql<string | null>`${user.email}`.as("person_email"),
    role: sql<string>`${user.role}`.as("person_role"),
    status: sql<string>`${user.status}`.as("person_status"),
    organizationId: sql<string | null>`${user.organizationId}`.as("person_organization_id"),
    emailVerified: sql<number | null>`${user.emailVerified}`.as("person_email_verified"),
    createdAt: epochMs(user.createdAt).as("person_created_at"),
  })
  .from(user)
  .unionAll(
    qb
      .select({
        id: teamMembers.id,
        kind: sql<PlatformPerson["kind"]>`'team_member'`.as("person_kind"),
        firstName: teamMembers.firstName,
        lastName: teamMembers.lastName,
        email: sql<string | null>`${teamMembers.email}`.as("person_email"),
        role: sql<string>`'Salesperson'`.as("person_role"),
        status: sql<string>`case ${teamMembers.status} when 'active' then 'Active' else 'Inactive' end`.as(
          "person_status",
        ),
        organizationId: sql<string | null>`${teamMembers.organizationId}`.as("person_organization_id"),
        emailVerified: sql<number | null>`null`.as("person_email_verified"),
        createdAt: epochMs(teamMembers.createdAt).as("person_created_at"),
      })
      .from(teamMembers),
  )
  .as("p");

/** Spec 2 §3 "User stats result", with the role mapping of spec 2 §5 and 'Active' as active. */
export async function userStats(db: Database, now = Date.now()): Promise<UserStats> {
  const d30 = now - 30 * DAY_MS;
  const d60 = now - 60 * DAY_MS;
  const [row] = await db
    .select({
      total_users: count(),
      total_salespeople: countWhere(inArray(sql`${people.role}`, ROLE_GROUPS.salesperson)),
      total_managers: countWhere(inArray(sql`${people.role}`, ROLE_GROUPS.manager)),
      total_admins: countWhere(inArray(sql`${people.role}`, ROLE_GROUPS.admin)),
      active_users: countWhere(eq(people.status, "Active")),
      new_users_last_30_days: countWhere(gte(people.createdAt, d30)),
      new_users_previous_30_days: countWhere(and(gte(people.createdAt, d60), lt(people.createdAt, d30))),
    })
    .from(people);
  return {
    total_users: num(row?.total_users),
    total_salespeople: num(row?.total_salespeople),
    total_managers: num(row?.total_managers),
    total_admins: num(row?.total_admins),
    active_users: num(row?.active_users),
    new_users_last_30_days: num(row?.new_users_last_30_days),
    new_users_previous_30_days: num(row?.new_users_previous_30_days),
  };
}

export type PeopleFilters = {
  search?: string | undefined;
  role?: UserRoleFilter | undefined;
};

const ROLE_FILTER: Record<UserRoleFilter, readonly string[]> = {
  salesperson: ROLE_GROUPS.salesperson,
  manager: ROLE_GROUPS.manager,
  admin: ["Admin"],
  superadmin: ["SuperAdmin"],
};

function peopleWhere(filters: PeopleFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search?.trim()) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(
        contains(sql`${people.firstName} || ' ' || ${people.lastName}`, pattern),
        contains(people.email, pattern),
        contains(sql`coalesce(${organizations.name}, '')`, pattern),
      ) ?? sql`1 = 1`,
    );
  }
  if (filters.role) conditions.push(inArray(sql`${people.role}`, ROLE_FILTER[filters.role]));
  return conditions;
}

/** The people rows with their organization's name; the caller adds filters, order and page. */
const peopleRows = (db: Database, conditions: SQL[]) =>
  db
    .select({
      id: people.id,
      kind: people.kind,
      firstName: people.firstName,
      lastName: people.lastName,
      email: people.email,
      role: people.role,
      status: people.status,
      organizationId: people.organizationId,
      organizationName: organizations.name,
      emailVerified: people.emailVerified,
      createdAt: people.createdAt,
    })
    .from(people)
    .leftJoin(organizations, eq(organizations.id, people.organizationId))
    .where(and(...conditions))
    .orderBy(desc(people.createdAt), people.id);

function toPerson(row: Awaited<ReturnType<typeof peopleRows>>[number]): PlatformPerson {
  return {
    id: row.id,
    kind: row.kind,
    // The untrimmed names, as before: trim() here only decides whether a name exists.
    name: `${row.firstName} ${row.lastName}`.trim() || row.email || "",
    email: row.email,
    role: row.role,
    status: row.status,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    emailVerified: row.emailVerified === null ? null : row.emailVerified === 1,
    createdAt: num(row.createdAt),
  };
}

export async function listPeople(
  db: Database,
  filters: PeopleFilters & { page?: number | undefined; pageSize?: number | undefined },
) {
  const { page, pageSize, offset } = pageWindow(filters, DEFAULT_PAGE_SIZE);
  const conditions = peopleWhere(filters);
  const [rows, [total]] = await Promise.all([
    peopleRows(db, conditions).limit(pageSize).offset(offset),
    db
      .select({ n: count() })
      .from(people)
      .leftJoin(organizations, eq(organizations.id, people.organizationId))
      .where(and(...conditions)),
  ]);
  return { items: rows.map(toPerson), page, pageSize, total: num(total?.n) };
}

/** Every matching person, read in pages so a big platform never loads one huge result. */
export async function* allPeople(db: Database, filters: PeopleFilters, createdFrom?: number, createdTo?: number) {
  const chunk = 500;
  const conditions = peopleWhere(filters);
  if (createdFrom !== undefined) conditions.push(gte(people.createdAt, createdFrom));
  if (createdTo !== undefined) conditions.push(lte(people.createdAt, createdTo));
  for (let offset = 0; ; offset += chunk) {
    const rows = await peopleRows(db, conditions).limit(chunk).offset(offset);
    for (const row of rows) yield toPerson(row);
    if (rows.length < chunk) return;
  }
}

export const PEOPLE_CSV_HEADERS = [
  "Name",
  "Email",
  "Role",
  "Kind",
  "Status",
  "Organization",
  "Email verified",
  "Joined",
];

export function personCsvRow(p: PlatformPerson): (string | number | null)[] {
  return [
    p.name,
    p.email ?? "",
    p.role,
    p.kind === "account" ? "Account" : "Team member",
    p.status,
    p.organizationName ?? "",
    p.emailVerified === null ? "" : p.emailVerified ? "yes" : "no",
    new Date(p.createdAt).toISOString(),
  ];
}

export const userRoutes = new Hono<ConsoleEnv>()
  .get("/stats", async (c) => c.json(await userStats(c.var.db)))
  .get("/", zv("query", userListQuerySchema), async (c) => c.json(await listPeople(c.var.db, c.req.valid("query"))))
  .get("/export", zv("query", userListQuerySchema), async (c) => {
    const { search, role } = c.req.valid("query");
    const rows: (string | number | null)[][] = [];
    for await (const person of allPeople(c.var.db, { search, role })) rows.push(personCsvRow(person));
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
