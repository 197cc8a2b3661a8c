import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { compactId } from "../db/compact-id";
import { organizations, user as userTable } from "../db/schema";
import { assignShard } from "../db/shards";
import { COMPANY_NAME_MAX_LENGTH } from "../shared/auth";

/** `created`: this call gave the user their organization (false when they already had it). */
export type EnsuredOrganization = { id: string; name: string; created: boolean };

type Owner = { id: string; email: string; firstName: string; lastName: string; organizationId: string | null };

/** A name for an organization whose founder gave no company (the simple Sign Up tab, a magic link). */
export function defaultOrganizationName(owner: Pick<Owner, "email" | "firstName" | "lastName">): string {
  const name = `${owner.firstName} ${owner.lastName}`.trim();
  const base = name || owner.email.split("@")[0] || owner.email;
  return `${base}'s Organization`.slice(0, COMPANY_NAME_MAX_LENGTH);
}

/**
 * Records the organization a sign-up named. The user joins it when the dashboard first
 * ensures one (spec 1 §4: onboarding runs for users who arrive without an organization).
 * One per founder: organizations.created_by is unique, so a repeat is a no-op.
 */
export async function recordFoundedOrganization(env: Env, db: Database, ownerId: string, name: string): Promise<void> {
  await db
    .insert(organizations)
    .values({ id: compactId(), name: name.trim().slice(0, COMPANY_NAME_MAX_LENGTH), createdBy: ownerId })
    .onConflictDoNothing();
  const [founded] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.createdBy, ownerId));
  // Its shard is chosen now, before anyone can add a row of its own (worker/db/shards.ts).
  if (founded) await assignShard(env, founded.id);
}

/**
 * Replaces the spec's ensure_user_organization procedure: the user's organization, joined
 * (the one their sign-up named) or created (named after them) if they have none.
 * Idempotent and safe under concurrent calls: the founder's organization is unique per
 * user, and the user row is only linked while it has no organization.
 */
export async function ensureOrganization(env: Env, db: Database, owner: Owner): Promise<EnsuredOrganization> {
  if (owner.organizationId) {
    const [existing] = await db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId));
    if (existing) return { ...existing, created: false };
  }

  await db
    .insert(organizations)
    .values({ id: compactId(), name: defaultOrganizationName(owner), createdBy: owner.id })
    .onConflictDoNothing();
  const [founded] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.createdBy, owner.id));
  if (!founded) throw new Error("The founder's organization could not be read back");
  await assignShard(env, founded.id);

  const linked = await db
    .update(userTable)
    .set({ organizationId: founded.id, updatedAt: new Date() })
    .where(and(eq(userTable.id, owner.id), isNull(userTable.organizationId)))
    .returning({ id: userTable.id });
  if (linked.length === 0) {
    // Someone linked the user in the meantime (a concurrent call): report what they have now.
    const [current] = await db
      .select({ id: organizations.id, name: organizations.name })
      .from(userTable)
      .innerJoin(organizations, eq(organizations.id, userTable.organizationId))
      .where(eq(userTable.id, owner.id));
    if (current) return { ...current, created: false };
  }
  return { ...founded, created: linked.length > 0 };
}
