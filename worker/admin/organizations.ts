import { and, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { organizationStatusSql } from "../billing/lifecycle";
import { liveStripeSubscriptionSql } from "../billing/stripe-subscription";
import { countWhere, epochMs, maxOf, qualified } from "../db/aggregates";
import { openAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import { compactId } from "../db/compact-id";
import { checkIns, organizations, riskAlerts, subscriptions, teamMembers, trials, user } from "../db/schema";
import { assignShard, deleteFromShard } from "../db/shards";
import { dailyLimits } from "../lib/daily-caps";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import type {
  AdminOrganization,
  OrganizationDetail,
  OrganizationInput,
  OrganizationUpdate,
} from "../shared/console/organizations";
import { type OrganizationAccess, PRICE_PER_SALESPERSON_USD } from "../shared/domain";
import { shardFigures } from "./organization-figures";
import { contains, containsPattern, num, pageWindow } from "./sql";

/**
 * An organization's own fields, as the console's list and the organizations report show them.
 * Its status is the plan's lifecycle at `now` unless the operator made it inactive or suspended.
 */
export const organizationProfileColumns = (now: number) => ({
  id: organizations.id,
  name: organizations.name,
  domain: organizations.domain,
  industry: organizations.industry,
  status: organizationStatusSql(now).as("organization_status"),
  subscriptionTier: organizations.subscriptionTier,
  createdAt: epochMs(organizations.createdAt),
});

/** The operator's access; "trial", an older stored value, reads as active. */
const accessOf = (stored: (typeof organizations.$inferSelect)["status"]): OrganizationAccess =>
  stored === "trial" ? "active" : stored;

/**
 * The organizations list with real Users (accounts plus team members) and Activity
 * (check-ins completed in the last 30 days) per row — the spec shows fixed 12 and 34.
 */
const organizationColumns = (db: Database, now: number) => ({
  ...organizationProfileColumns(now),
  storedStatus: organizations.status,
  tierOwnedByStripe:
    sql<number>`exists (select 1 from ${subscriptions} s where s.organization_id = ${qualified(organizations.id)} and ${liveStripeSubscriptionSql(sql`s.subscription_status`, sql`s.stripe_subscription_id`)})`.as(
      "tier_owned_by_stripe",
    ),
  updatedAt: epochMs(organizations.updatedAt),
  // Accounts here; team members and check-ins are counted in the shards (shardFigures).
  accountCount: db.$count(user, eq(user.organizationId, organizations.id)),
});

type OrganizationRow = Awaited<ReturnType<typeof selectOrganizations>>[number];
const selectOrganizations = (db: Database, now: number) =>
  db.select(organizationColumns(db, now)).from(organizations).$dynamic();

async function toAdminOrganizations(rows: OrganizationRow[], shards: readonly Database[], now: number) {
  const figures = await shardFigures(
    shards,
    rows.map((row) => row.id),
    now,
  );
  return rows.map(({ storedStatus, tierOwnedByStripe, accountCount, ...row }): AdminOrganization => {
    const shard = figures.get(row.id) ?? { members: 0, activity: 0 };
    return {
      ...row,
      userCount: accountCount + shard.members,
      activityCount: shard.activity,
      access: accessOf(storedStatus),
      tierOwnedByStripe: Boolean(tierOwnedByStripe),
    };
  });
}

export type OrganizationFilters = {
  search?: string | undefined;
  status?: AdminOrganization["status"] | undefined;
  tier?: AdminOrganization["subscriptionTier"] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

export async function listOrganizations(
  db: Database,
  filters: OrganizationFilters,
  now = Date.now(),
  shards: readonly Database[] = [db],
) {
  const { page, pageSize, offset } = pageWindow(filters, DEFAULT_PAGE_SIZE);
  const conditions: SQL[] = [];
  if (filters.search?.trim()) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(contains(organizations.name, pattern), contains(sql`coalesce(${organizations.domain}, '')`, pattern)) ??
        sql`1 = 1`,
    );
  }
  if (filters.status) conditions.push(eq(organizationStatusSql(now), filters.status));
  if (filters.tier) conditions.push(eq(organizations.subscriptionTier, filters.tier));
  // One round trip for the page and both counts.
  const [rows, [total], [grandTotal]] = await db.batch([
    selectOrganizations(db, now)
      .where(and(...conditions))
      .orderBy(desc(organizations.createdAt), organizations.id)
      .limit(pageSize)
      .offset(offset),
    db
      .select({ n: count().as("n") })
      .from(organizations)
      .where(and(...conditions)),
    db.select({ n: count().as("n") }).from(organizations),
  ]);
  return {
    items: await toAdminOrganizations(rows, shards, now),
    page,
    pageSize,
    total: total?.n ?? 0,
    grandTotal: grandTotal?.n ?? 0,
  };
}

export async function getOrganization(
  db: Database,
  id: string,
  now = Date.now(),
  shards: readonly Database[] = [db],
): Promise<AdminOrganization | null> {
  const rows = await selectOrganizations(db, now).where(eq(organizations.id, id));
  const [organization] = await toAdminOrganizations(rows, shards, now);
  return organization ?? null;
}

/** `shard` is the organization's own (worker/db/shards.ts): its team, check-ins and alerts are there. */
export async function organizationDetail(db: Database, id: string, shard = db): Promise<OrganizationDetail | null> {
  const organization = await getOrganization(db, id, Date.now(), [shard]);
  if (!organization) return null;
  const [accounts, [members], [checkInCounts], openAlerts, [subscription], [trial], limits] = await Promise.all([
    db
      .select({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        createdAt: epochMs(user.createdAt),
      })
      .from(user)
      .where(eq(user.organizationId, id))
      .orderBy(user.createdAt)
      .limit(50),
    shard
      .select({
        active: countWhere(eq(teamMembers.status, "active")),
        inactive: countWhere(ne(teamMembers.status, "active")),
      })
      .from(teamMembers)
      .where(eq(teamMembers.organizationId, id)),
    shard
      .select({
        total: count(),
        completed: countWhere(eq(checkIns.status, "completed")),
        pending: countWhere(eq(checkIns.status, "pending")),
        lastCompleted: maxOf(checkIns.completedAt),
      })
      .from(checkIns)
      .where(eq(checkIns.organizationId, id)),
    shard.$count(riskAlerts, and(eq(riskAlerts.organizationId, id), openAlert)),
    db
      .select({
        status: subscriptions.subscriptionStatus,
        count: subscriptions.currentSalespersonCount,
        periodEnd: epochMs<true>(subscriptions.currentPeriodEnd),
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
        cancelAt: epochMs<true>(subscriptions.cancelAt),
        endedAt: epochMs<true>(subscriptions.endedAt),
        live: sql<number>`${liveStripeSubscriptionSql(subscriptions.subscriptionStatus, subscriptions.stripeSubscriptionId)}`,
      })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, id)),
    db
      .select({ status: trials.trialStatus, ends: epochMs(trials.trialEndDate), chosenAt: trials.chosenAt })
      .from(trials)
      .where(eq(trials.organizationId, id)),
    dailyLimits(shard, id),
  ]);
  return {
    organization,
    accounts: accounts.map((a) => ({
      id: a.id,
      name: `${a.firstName} ${a.lastName}`.trim() || a.email,
      email: a.email,
      role: a.role,
      createdAt: num(a.createdAt),
    })),
    teamMembers: { active: num(members?.active), inactive: num(members?.inactive) },
    checkIns: {
      total: num(checkInCounts?.total),
      completed: num(checkInCounts?.completed),
      pending: num(checkInCounts?.pending),
      lastCompletedAt: checkInCounts?.lastCompleted ?? null,
    },
    openAlerts,
    subscription: subscription
      ? {
          status: subscription.status,
          salespersonCount: num(subscription.count),
          monthlyCost: num(subscription.count) * PRICE_PER_SALESPERSON_USD,
          currentPeriodEnd: subscription.periodEnd ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          cancelAt: subscription.cancelAt ?? null,
          endedAt: subscription.endedAt ?? null,
          liveInStripe: Boolean(subscription.live),
        }
      : null,
    trial: trial ? { status: trial.status, endsAt: num(trial.ends), chosen: trial.chosenAt !== null } : null,
    dailyLimits: limits,
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Spec 2 §4: new organizations default to status active and tier basic. */
export async function createOrganization(env: Env, db: Database, input: OrganizationInput): Promise<AdminOrganization> {
  const id = compactId();
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
  await assignShard(env, id);
  const created = await getOrganization(db, id);
  if (!created) throw new Error("organization vanished after insert");
  return created;
}

export async function updateOrganization(
  db: Database,
  id: string,
  patch: OrganizationUpdate,
  shards: readonly Database[] = [db],
) {
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
  return getOrganization(db, id, Date.now(), shards);
}

/** Deletes the organization and, by cascade, its team, check-ins, scores and alerts; accounts stay, detached. */
export async function deleteOrganization(env: Env, db: Database, id: string) {
  // Its shard's rows first (the copy of the organization cascades to them), then the platform's.
  await deleteFromShard(env, id);
  const deleted = await db
    .delete(organizations)
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id, name: organizations.name });
  return deleted[0] ?? null;
}
