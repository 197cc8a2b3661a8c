import { type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { recordAudit } from "../lib/audit";
import { zv } from "../lib/validate";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import { type PlatformPerson, type UserRoleFilter, type UserStats, userListQuerySchema } from "../shared/console/users";
import { ROLE_GROUPS } from "../shared/domain";
import { DAY_MS, utcDay } from "../shared/time";
import { csvResponse, toCsv } from "./csv";
import { containsPattern, num, pageWindow, sqlList } from "./sql";

/**
 * Everyone on the platform, as one relation: sign-in accounts (better-auth's user table) and
 * the salespeople, who are team members and never sign in (DESIGN "Data"). A team member
 * reads as role Salesperson, status Active or Inactive.
 */
const PEOPLE = sql`(
  select u.id as id, 'account' as kind, u.first_name as first_name, u.last_name as last_name, u.email as email,
         u.role as role, u.status as status, u.organization_id as organization_id,
         u.email_verified as email_verified, u.created_at as created_at
    from user u
  union all
  select t.id, 'team_member', t.first_name, t.last_name, t.email, 'Salesperson',
         case t.status when 'active' then 'Active' else 'Inactive' end, t.organization_id, null, t.created_at
    from team_members t
)`;

/** Spec 2 §3 "User stats result", with the role mapping of spec 2 §5 and 'Active' as active. */
export async function userStats(db: Database, now = Date.now()): Promise<UserStats> {
  const d30 = now - 30 * DAY_MS;
  const d60 = now - 60 * DAY_MS;
  const row = await db.get<Record<keyof UserStats, number | null>>(sql`
    select count(*) as total_users,
      sum(role in (${sqlList(ROLE_GROUPS.salesperson)})) as total_salespeople,
      sum(role in (${sqlList(ROLE_GROUPS.manager)})) as total_managers,
      sum(role in (${sqlList(ROLE_GROUPS.admin)})) as total_admins,
      sum(status = 'Active') as active_users,
      sum(created_at >= ${d30}) as new_users_last_30_days,
      sum(created_at >= ${d60} and created_at < ${d30}) as new_users_previous_30_days
    from ${PEOPLE}`);
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

function peopleWhere(filters: PeopleFilters): SQL {
  const conditions = [sql`1 = 1`];
  if (filters.search?.trim()) {
    const pattern = containsPattern(filters.search);
    conditions.push(sql`(lower(p.first_name || ' ' || p.last_name) like ${pattern} escape '\\'
      or lower(p.email) like ${pattern} escape '\\' or lower(coalesce(o.name, '')) like ${pattern} escape '\\')`);
  }
  if (filters.role) conditions.push(sql`p.role in (${sqlList(ROLE_FILTER[filters.role])})`);
  return sql.join(conditions, sql` and `);
}

type PersonRow = {
  id: string;
  kind: PlatformPerson["kind"];
  first_name: string;
  last_name: string;
  email: string;
  role: string;
  status: string;
  organization_id: string | null;
  organization_name: string | null;
  email_verified: number | null;
  created_at: number;
};

function toPerson(row: PersonRow): PlatformPerson {
  return {
    id: row.id,
    kind: row.kind,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    email: row.email,
    role: row.role,
    status: row.status,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    emailVerified: row.email_verified === null ? null : row.email_verified === 1,
    createdAt: num(row.created_at),
  };
}

export async function listPeople(
  db: Database,
  filters: PeopleFilters & { page?: number | undefined; pageSize?: number | undefined },
) {
  const { page, pageSize, offset } = pageWindow(filters, DEFAULT_PAGE_SIZE);
  const where = peopleWhere(filters);
  const [rows, count] = await Promise.all([
    db.all<PersonRow>(sql`
      select p.*, o.name as organization_name from ${PEOPLE} p left join organizations o on o.id = p.organization_id
      where ${where} order by p.created_at desc, p.id limit ${pageSize} offset ${offset}`),
    db.get<{ n: number }>(sql`
      select count(*) as n from ${PEOPLE} p left join organizations o on o.id = p.organization_id where ${where}`),
  ]);
  return { items: rows.map(toPerson), page, pageSize, total: num(count?.n) };
}

/** Every matching person, read in pages so a big platform never loads one huge result. */
export async function* allPeople(db: Database, filters: PeopleFilters, createdFrom?: number, createdTo?: number) {
  const chunk = 500;
  let where = peopleWhere(filters);
  if (createdFrom !== undefined) where = sql`${where} and p.created_at >= ${createdFrom}`;
  if (createdTo !== undefined) where = sql`${where} and p.created_at <= ${createdTo}`;
  for (let offset = 0; ; offset += chunk) {
    const rows = await db.all<PersonRow>(sql`
      select p.*, o.name as organization_name from ${PEOPLE} p left join organizations o on o.id = p.organization_id
      where ${where} order by p.created_at desc, p.id limit ${chunk} offset ${offset}`);
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
    p.email,
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
