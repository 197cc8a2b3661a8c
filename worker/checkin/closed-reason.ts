import { eq, or, sql } from "drizzle-orm";
import { type Database, platformOf } from "../db/client";
import { auditLogs } from "../db/schema";
import type { ClosedReason } from "../shared/checkin-protocol";
import { moveDisputeRows } from "./move-disputes";
import { revokedId } from "./revocation";

/**
 * Why an expired check-in was closed for good, from the platform's audit log in one read:
 * "revoked" (the Admin's row, revocation.ts), "not_me" (a "This wasn't me" row,
 * move-disputes.ts), or null (it lapsed). Both can exist — a member may still dispute a move
 * after the revoke — and then the revoke wins: its row sorts first.
 */
export async function closedReasonOf(db: Database, checkInId: string): Promise<ClosedReason | null> {
  const revoked = revokedId(checkInId);
  const [row] = await platformOf(db)
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(or(eq(auditLogs.id, revoked), moveDisputeRows(checkInId)))
    .orderBy(sql`${auditLogs.id} = ${revoked} desc`)
    .limit(1);
  if (!row) return null;
  return row.id === revoked ? "revoked" : "not_me";
}
