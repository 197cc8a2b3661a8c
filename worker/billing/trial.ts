import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { organizations, trials } from "../db/schema";
import { TRIAL_DAYS } from "../shared/domain";
import { DAY_MS } from "../shared/time";

export type TrialRow = typeof trials.$inferSelect;

/**
 * Spec 1 §5: a trial is created only if none exists for the organization; otherwise the
 * existing one is returned. trials.organization_id is unique, so two racing requests
 * still make one row.
 */
export async function startTrial(
  db: Database,
  organizationId: string,
  userId: string,
  now = Date.now(),
): Promise<{ trial: TrialRow; created: boolean }> {
  const inserted = await db
    .insert(trials)
    .values({
      id: crypto.randomUUID(),
      organizationId,
      userId,
      trialStartDate: new Date(now),
      trialEndDate: new Date(now + TRIAL_DAYS * DAY_MS),
      trialStatus: "active",
    })
    .onConflictDoNothing({ target: trials.organizationId })
    .returning();
  const created = inserted[0];
  if (created) {
    // The operator console shows trial organizations apart from paying ones.
    await db
      .update(organizations)
      .set({ status: "trial", updatedAt: new Date(now) })
      .where(and(eq(organizations.id, organizationId), eq(organizations.status, "active")));
    return { trial: created, created: true };
  }
  const [existing] = await db.select().from(trials).where(eq(trials.organizationId, organizationId));
  if (!existing) throw new Error("The organization's trial could not be read back");
  return { trial: existing, created: false };
}

export async function findTrial(db: Database, organizationId: string): Promise<TrialRow | null> {
  const [row] = await db.select().from(trials).where(eq(trials.organizationId, organizationId)).limit(1);
  return row ?? null;
}
