import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { checkIns, teamMembers } from "../db/schema";
import type { SendResult } from "../email/send";
import type { AppConfig } from "../lib/config";
import { ApiError } from "../lib/errors";
import type { Mailer } from "../notify/mailer";
import type { CheckInListItem } from "../shared/team";
import { checkInInviteEmail, checkInReminderEmail } from "./emails";
import { type CheckInLink, checkInLink } from "./link-token";

/**
 * Creating check-ins and emailing their links: shared by POST /api/check-ins (an admin
 * sends one) and the Cron run (the schedule sends them).
 */

export type CheckInRow = typeof checkIns.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;
export type { Mailer };

export function linkSecret(config: AppConfig): string {
  if (!config.BETTER_AUTH_SECRET) {
    throw new ApiError(503, "not_configured", "Check-in links need BETTER_AUTH_SECRET to be configured.");
  }
  return config.BETTER_AUTH_SECRET;
}

export function linkFor(config: AppConfig, checkInId: string): Promise<CheckInLink> {
  return checkInLink(linkSecret(config), checkInId);
}

/** A check-in is open while pending and before its expiry, whatever the Cron run has got to. */
export function effectiveStatus(row: Pick<CheckInRow, "status" | "expiresAt">, now: number): CheckInRow["status"] {
  return row.status === "pending" && row.expiresAt.getTime() <= now ? "expired" : row.status;
}

export function checkInItem(
  row: CheckInRow,
  member: Pick<MemberRow, "id" | "firstName" | "lastName" | "email">,
  now: number,
): CheckInListItem {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    teamMember: { id: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email },
    status: effectiveStatus(row, now),
    source: row.scheduleKey ? "scheduled" : "manual",
    createdAt: row.createdAt.toISOString(),
    invitedAt: iso(row.invitedAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    expiresAt: row.expiresAt.toISOString(),
    reminderCount: row.reminderCount,
    lastRemindedAt: iso(row.lastRemindedAt),
  };
}

export type NewCheckIn = {
  organizationId: string;
  teamMemberId: string;
  createdBy: string | null;
  scheduleKey: string | null;
  durationMinutes: number;
  expiresAt: number;
  /** Set for a check-in an admin delivers now; the schedule's are invited by its own step. */
  invitedAt: number | null;
  now: number;
};

/**
 * Inserts a pending check-in unless the member already has one open (pending and not
 * expired) — in one statement, so two clicks or two overlapping Cron runs cannot both
 * insert. A scheduled check-in also carries its period's schedule_key, unique per member.
 * Returns null when nothing was inserted.
 */
export async function insertCheckIn(
  db: Database,
  config: AppConfig,
  input: NewCheckIn,
): Promise<{ id: string; link: CheckInLink } | null> {
  const id = crypto.randomUUID();
  const link = await linkFor(config, id);
  // INSERT … SELECT … WHERE NOT EXISTS: the builder's insert cannot carry the condition, and one
  // statement is what keeps two senders from opening two check-ins for one member.
  const result = await db.run(sql`
    insert into check_ins (id, organization_id, team_member_id, created_by, token_hash, status, schedule_key,
      duration_minutes, expires_at, invited_at, reminder_count, reach_out_requested, created_at)
    select ${id}, ${input.organizationId}, ${input.teamMemberId}, ${input.createdBy}, ${link.tokenHash}, 'pending',
      ${input.scheduleKey}, ${input.durationMinutes}, ${input.expiresAt}, ${input.invitedAt}, 0, 0, ${input.now}
    where not exists (
      select 1 from check_ins
      where team_member_id = ${input.teamMemberId} and status = 'pending' and expires_at > ${input.now}
    )
    on conflict do nothing`);
  return result.meta.changes > 0 ? { id, link } : null;
}

export type CheckInEmail = {
  kind: "invite" | "reminder";
  checkIn: Pick<CheckInRow, "id" | "durationMinutes" | "expiresAt">;
  /** Only a member with an email: the callers skip (the schedule) or hand over (an Admin) the others' links. */
  member: { firstName: string; email: string };
  organizationId: string;
  organizationName: string;
  origin: string;
  /** The same key twice delivers once: the invite's is per check-in, a reminder's per number. */
  dedupeKey: string;
};

export async function emailCheckIn(send: Mailer, config: AppConfig, email: CheckInEmail): Promise<SendResult> {
  const link = await linkFor(config, email.checkIn.id);
  const render = email.kind === "invite" ? checkInInviteEmail : checkInReminderEmail;
  const rendered = render({
    firstName: email.member.firstName,
    organizationName: email.organizationName,
    url: `${email.origin}${link.path}`,
    durationMinutes: email.checkIn.durationMinutes,
    expiresAt: email.checkIn.expiresAt,
  });
  return send({
    to: email.member.email,
    ...rendered,
    kind: email.kind === "invite" ? "check_in_invite" : "check_in_reminder",
    dedupeKey: email.dedupeKey,
    organizationId: email.organizationId,
    // What the queue keeps instead of the email: it renders the email again when it sends.
    notice: { kind: email.kind === "invite" ? "check_in_invite" : "check_in_reminder", checkInId: email.checkIn.id },
  });
}

export const inviteDedupeKey = (checkInId: string) => `check-in-invite:${checkInId}`;
export const reminderDedupeKey = (checkInId: string, number: number) => `check-in-reminder:${checkInId}:${number}`;
/** A resend within the same minute (a double click) is delivered once. */
export const resendDedupeKey = (checkInId: string, now: number) =>
  `check-in-resend:${checkInId}:${Math.floor(now / 60_000)}`;
