import { and, eq } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { auditLogs } from "../db/schema";

/**
 * The operator's record that a member said a move of their check-in was not them: a row in
 * the audit log (the console's Audit Log tab lists it, filterable by this action), written
 * once per move by "This wasn't me" (not-me-routes.ts). Its presence is also how a closed
 * check-in's link explains itself (410 closed_not_me, closed-reason.ts) without a column of its own.
 * The audit log is the platform's: read through `platformOf`, whichever shard's handle the
 * caller holds (worker/db/client.ts).
 */
export const MOVE_DISPUTED_ACTION = "check_in.move_disputed";

export const moveDisputeId = (checkInId: string, move: number) => `move-disputed:${checkInId}:${move}`;

/** The rows saying a move of this check-in was not them (one per disputed move). */
export const moveDisputeRows = (checkInId: string) =>
  and(eq(auditLogs.action, MOVE_DISPUTED_ACTION), eq(auditLogs.targetId, checkInId));

/** Whether the member already said a move of this check-in was not them. */
export async function moveDisputed(db: Database, checkInId: string): Promise<boolean> {
  const [row] = await platformOf(db)
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(moveDisputeRows(checkInId))
    .limit(1);
  return row !== undefined;
}
