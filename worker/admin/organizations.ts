import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { organizations } from "../db/schema";
import { notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import {
  type AdminOrganization,
  type OrganizationDetail,
  type OrganizationInput,
  type OrganizationUpdate,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationUpdateSchema,
} from "../shared/console/organizations";
import { PRICE_PER_SALESPERSON_USD } from "../shared/domain";
import { DAY_MS } from "../shared/time";
import { containsPattern, num, pageWindow } from "./sql";

type OrganizationRow = {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  status: AdminOrganization["status"];
  subscription_tier: AdminOrganization["subscriptionTier"];
  created_at: number;
  updated_at: number;
  user_count: number;
  activity_count: number;
};

/**
 * The organizations list with real Users (accounts plus team members) and Activity
 * (check-ins completed in the last 30 days) per row — the spec shows fixed 12 and 34.
 */
const organizationColumns = (since: number) => sql`
  o.id, o.name, o.domain, o.industry, o.status, o.subscription_tier, o.created_at, o.updated_at,
  (select count(*) from user u where u.organization_id = o.id)
    + (select count(*) from team_members t where t.organization_id = o.id) as user_count,
  (select count(*) from check_ins c
    where c.organization_id = o.id and c.status = 'completed' and c.completed_at >= ${since}) as activity_count`;

function toOrganization(row: OrganizationRow): AdminOrganization {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    industry: row.industry,
    status: row.status,
    subscriptionTier: row.subscription_tier,
    createdAt: num(row.created_at),
    updatedAt: num(row.updated_at),
    userCount: num(row.user_count),
    activityCount: num(row.activity_count),
  };
}

export type OrganizationFilters = {
  search?: string | undefined;
  status?: AdminOrganization["status"] | undefined;
  tier?: AdminOrganization["subscriptionTier"] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

export async function listOrganizations(db: Database, filters: OrganizationFilters, now = Date.now()) {
  const { page, pageSize, offset } = pageWindow(filters, DEFAULT_PAGE_SIZE);
  const conditions = [sql`1 = 1`];
  if (filters.search?.trim()) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      sql`(lower(o.name) like ${pattern} escape '\\' or lower(coalesce(o.domain, '')) like ${pattern} escape '\\')`,
    );
  }
  if (filters.status) conditions.push(sql`o.status = ${filters.status}`);
  if (filters.tier) conditions.push(sql`o.subscription_tier = ${filters.tier}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, counts] = await Promise.all([
    db.all<OrganizationRow>(sql`
      select ${organizationColumns(now - 30 * DAY_MS)} from organizations o
      where ${where} order by o.created_at desc, o.id limit ${pageSize} offset ${offset}`),
    db.get<{ total: number; grand_total: number }>(sql`
      select (select count(*) from organizations o where ${where}) as total,
             (select count(*) from organizations) as grand_total`),
  ]);
  return {
    items: rows.map(toOrganization),
    page,
    pageSize,
    total: num(counts?.total),
    grandTotal: num(counts?.grand_total),
  };
}

export async function getOrganization(db: Database, id: string, now = Date.now()): Promise<AdminOrganization | null> {
  const row = await db.get<OrganizationRow>(sql`
    select ${organizationColumns(now - 30 * DAY_MS)} from organizations o where o.id = ${id}`);
  return row ? toOrganization(row) : null;
}

export async function organizationDetail(db: Database, id: string): Promise<OrganizationDetail | null> {
  const organization = await getOrganization(db, id);
  if (!organization) return null;
  const [accounts, members, checkIns, alerts, subscription, trial] = await Promise.all([
    db.all<{ id: string; first_name: string; last_name: string; email: string; role: string; created_at: number }>(sql`
      select id, first_name, last_name, email, role, created_at from user
      where organization_id = ${id} order by created_at limit 50`),
    db.get<{ active: number; inactive: number }>(sql`
      select sum(status = 'active') as active, sum(status <> 'active') as inactive
      from team_members where organization_id = ${id}`),
    db.get<{ total: number; completed: number; pending: number; last_completed: number | null }>(sql`
      select count(*) as total, sum(status = 'completed') as completed, sum(status = 'pending') as pending,
             max(completed_at) as last_completed
      from check_ins where organization_id = ${id}`),
    db.get<{ open: number }>(sql`
      select count(*) as open from risk_alerts where organization_id = ${id} and status <> 'resolved'`),
    db.get<{ status: string; count: number; period_end: number | null }>(sql`
      select subscription_status as status, current_salesperson_count as count, current_period_end as period_end
      from subscriptions where organization_id = ${id}`),
    db.get<{ status: string; ends: number }>(sql`
      select trial_status as status, trial_end_date as ends from trials where organization_id = ${id}`),
  ]);
  return {
    organization,
    accounts: accounts.map((a) => ({
      id: a.id,
      name: `${a.first_name} ${a.last_name}`.trim() || a.email,
      email: a.email,
      role: a.role,
      createdAt: num(a.created_at),
    })),
    teamMembers: { active: num(members?.active), inactive: num(members?.inactive) },
    checkIns: {
      total: num(checkIns?.total),
      completed: num(checkIns?.completed),
      pending: num(checkIns?.pending),
      lastCompletedAt: checkIns?.last_completed ?? null,
    },
    openAlerts: num(alerts?.open),
    subscription: subscription
      ? {
          status: subscription.status,
          salespersonCount: num(subscription.count),
          monthlyCost: num(subscription.count) * PRICE_PER_SALESPERSON_USD,
          currentPeriodEnd: subscription.period_end ?? null,
        }
      : null,
    trial: trial ? { status: trial.status, endsAt: num(trial.ends) } : null,
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Spec 2 §4: new organizations default to status active and tier basic. */
export async function createOrganization(db: Database, input: OrganizationInput): Promise<AdminOrganization> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(organizations).values({
    id,
    name: input.name,
    domain: blankToNull(input.domain),
    industry: blankToNull(input.industry),
    status: input.status ?? "active",
    subscriptionTier: input.subscriptionTier ?? "basic",
    createdAt: now,
    updatedAt: now,
  });
  const created = await getOrganization(db, id);
  if (!created) throw new Error("organization vanished after insert");
  return created;
}

export async function updateOrganization(db: Database, id: string, patch: OrganizationUpdate) {
  const set: Partial<typeof organizations.$inferInsert> = { updatedAt: new Date() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.domain !== undefined) set.domain = blankToNull(patch.domain);
  if (patch.industry !== undefined) set.industry = blankToNull(patch.industry);
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.subscriptionTier !== undefined) set.subscriptionTier = patch.subscriptionTier;
  const updated = await db
    .update(organizations)
    .set(set)
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id });
  if (updated.length === 0) return null;
  return getOrganization(db, id);
}

/** Deletes the organization and, by cascade, its team, check-ins, scores and alerts; accounts stay, detached. */
export async function deleteOrganization(db: Database, id: string) {
  const deleted = await db
    .delete(organizations)
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id, name: organizations.name });
  return deleted[0] ?? null;
}

const ORGANIZATION_NOT_FOUND = "Organization not found";

export const organizationRoutes = new Hono<ConsoleEnv>()
  .get("/", zv("query", organizationListQuerySchema), async (c) =>
    c.json(await listOrganizations(c.var.db, c.req.valid("query"))),
  )
  .get("/:id", async (c) => {
    const detail = await organizationDetail(c.var.db, c.req.param("id"));
    if (!detail) throw notFound(ORGANIZATION_NOT_FOUND);
    return c.json(detail);
  })
  .post("/", zv("json", organizationInputSchema), async (c) => {
    const created = await createOrganization(c.var.db, c.req.valid("json"));
    c.set("audit", {
      action: "organization.create",
      targetType: "organization",
      targetId: created.id,
      organizationId: created.id,
      details: { name: created.name, status: created.status, tier: created.subscriptionTier },
    });
    return c.json(created, 201);
  })
  .patch("/:id", zv("json", organizationUpdateSchema), async (c) => {
    const id = c.req.param("id");
    const before = await getOrganization(c.var.db, id);
    if (!before) throw notFound(ORGANIZATION_NOT_FOUND);
    const patch = c.req.valid("json");
    const updated = await updateOrganization(c.var.db, id, patch);
    if (!updated) throw notFound(ORGANIZATION_NOT_FOUND);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ["name", "domain", "industry", "status", "subscriptionTier"] as const) {
      if (before[key] !== updated[key]) changes[key] = { from: before[key], to: updated[key] };
    }
    c.set("audit", {
      action: "organization.update",
      targetType: "organization",
      targetId: id,
      organizationId: id,
      details: { changes },
    });
    return c.json(updated);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    const deleted = await deleteOrganization(c.var.db, id);
    if (!deleted) throw notFound(ORGANIZATION_NOT_FOUND);
    c.set("audit", {
      action: "organization.delete",
      targetType: "organization",
      targetId: id,
      organizationId: id,
      details: { name: deleted.name },
    });
    return c.json({ ok: true as const });
  });
