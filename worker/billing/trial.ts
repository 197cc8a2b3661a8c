import { and, eq, isNull } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { organizations, trials } from "../db/schema";
import { TRIAL_DAYS } from "../shared/domain";
import { DAY_MS } from "../shared/time";

export type TrialRow = typeof trials.$inferSelect;

/**
 * An admin chooses the Free Trial (spec 1 §5, issue 25 §2). The trial itself started with the
 * organization (a trigger inserts it, drizzle/0012_billing.sql), so choosing it marks it
 * chosen and keeps its dates: the 14 days run from the organization's creation, not from the
 * click. `created` is true for the one call that chose it; a repeat (or a racing request)
 * returns the row as it stands. An organization whose trial row is missing gets one dated
 * from its creation (trials.organization_id is unique, so racing inserts still make one).
 */
export async function startTrial(
  anyDb: Database,
  organizationId: string,
  userId: string,
  now = Date.now(),
): Promise<{ trial: TrialRow; created: boolean }> {
  const db = platformOf(anyDb);
  const [chosen] = await db
    .update(trials)
    .set({ chosenAt: new Date(now), userId })
    .where(and(eq(trials.organizationId, organizationId), isNull(trials.chosenAt)))
    .returning();
  if (chosen) return { trial: chosen, created: true };
  const existing = await findTrial(db, organizationId);
  if (existing) return { trial: existing, created: false };

  const [organization] = await db
    .select({ createdAt: organizations.createdAt })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const start = organization?.createdAt.getTime() ?? now;
  const [inserted] = await db
    .insert(trials)
    .values({
      id: crypto.randomUUID(),
      organizationId,
      userId,
      trialStartDate: new Date(start),
      trialEndDate: new Date(start + TRIAL_DAYS * DAY_MS),
      trialStatus: "active",
      chosenAt: new Date(now),
    })
    .onConflictDoNothing({ target: trials.organizationId })
    .returning();
  if (inserted) return { trial: inserted, created: true };
  const raced = await findTrial(db, organizationId);
  if (!raced) throw new Error("The organization's trial could not be read back");
  return { trial: raced, created: false };
}

export async function findTrial(anyDb: Database, organizationId: string): Promise<TrialRow | null> {
  const db = platformOf(anyDb);
  const [row] = await db.select().from(trials).where(eq(trials.organizationId, organizationId)).limit(1);
  return row ?? null;
}
