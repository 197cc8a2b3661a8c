import type { Database } from "../db/client";
import { recordAudit } from "../lib/audit";

/**
 * The Admin revoked a check-in: a row in the audit log (who, when; the console's Audit Log
 * lists it), written once, when the revoke moved the check-in from pending to expired. Its
 * presence is also how the revoked link explains itself (410 closed_revoked, closed-reason.ts)
 * instead of reading as expired: D1's row says only `expired`, as a lapsed one does, and the
 * object keeps nothing. A fixed id per check-in makes that a primary-key read, without a D1 column.
 * The audit log is the platform's (`platformOf`), whichever shard's handle the caller holds.
 */
export const CHECK_IN_REVOKED_ACTION = "check_in.revoked";

export const revokedId = (checkInId: string) => `check-in-revoked:${checkInId}`;

export async function recordRevocation(
  db: Database,
  actor: { id: string; email: string },
  checkIn: { id: string; organizationId: string; teamMemberId: string },
): Promise<void> {
  await recordAudit(db, {
    id: revokedId(checkIn.id),
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: CHECK_IN_REVOKED_ACTION,
    targetType: "check_in",
    targetId: checkIn.id,
    organizationId: checkIn.organizationId,
    details: { teamMemberId: checkIn.teamMemberId },
  });
}
