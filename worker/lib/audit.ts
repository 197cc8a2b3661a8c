import { type Database, platformOf } from "../db/client";
import { auditLogs } from "../db/schema";

/**
 * The audit trail (audit_logs): who did what, to what, when. The operator console writes
 * every change made through /api/admin/*, and every role change is written here whoever
 * makes it (the console's demo initializer, the sign-in's SUPERADMIN_EMAILS correction).
 */
export type AuditNote = {
  action: string;
  targetType: string;
  targetId?: string | null;
  organizationId?: string | null;
  details?: Record<string, unknown>;
};

export type AuditRecord = AuditNote & {
  /** A fixed id, for a row that is looked up later (one per target and action); random otherwise. */
  id?: string;
  actorUserId: string | null;
  actorEmail: string | null;
  ipAddress?: string | null;
};

export async function recordAudit(anyDb: Database, entry: AuditRecord): Promise<void> {
  const db = platformOf(anyDb);
  await db.insert(auditLogs).values({
    id: entry.id ?? crypto.randomUUID(),
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    organizationId: entry.organizationId ?? null,
    details: entry.details ?? null,
    ipAddress: entry.ipAddress ?? null,
    createdAt: new Date(),
  });
}

/**
 * Every role change, whoever makes it: the operator's demo initializer, or the server's
 * SUPERADMIN_EMAILS correction at sign-in (actor null: the system did it).
 */
export async function recordRoleChange(
  db: Database,
  change: {
    userId: string;
    email: string;
    from: string | null;
    to: string;
    reason: string;
    actor?: { id: string; email: string } | null;
  },
): Promise<void> {
  await recordAudit(db, {
    actorUserId: change.actor?.id ?? null,
    actorEmail: change.actor?.email ?? null,
    action: "user.role_change",
    targetType: "user",
    targetId: change.userId,
    details: { email: change.email, from: change.from, to: change.to, reason: change.reason },
  });
}
