import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import {
  type Delivery,
  deliveryRow,
  routeOfMember,
  type SendableDelivery,
  slackDmInvitations,
} from "../checkin/delivery";
import { type Database, platformOf } from "../db/client";
import { checkIns, emailOutbox, type teamMembers } from "../db/schema";
import { newCheckInId } from "../db/shards";
import type { SendResult } from "../email/send";
import type { AppConfig } from "../lib/config";
import { appSecrets } from "../lib/keys";
import type { Mailer, NoticeEmail } from "../notify/mailer";
import type { CheckInListItem } from "../shared/team";
import { checkInInviteEmail, checkInReminderEmail } from "./emails";
import { type CheckInLink, checkInLink, storedCheckInLink } from "./link-token";

/**
 * Creating check-ins and emailing their links: shared by POST /api/check-ins (an admin
 * sends one) and the Cron run (the schedule sends them).
 */

export type CheckInRow = typeof checkIns.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;
export type { Mailer };

/**
 * The link an open check-in was sent with (the one whose hash is stored, under the current
 * or the previous secret), so a resend or a reminder carries the link already in the inbox.
 * A check-in whose link no secret we hold made (a random token) gets a new one, stored here.
 */
export async function linkOf(db: Database, config: AppConfig, checkIn: Pick<CheckInRow, "id" | "tokenHash">) {
  const secrets = appSecrets(config);
  const stored = await storedCheckInLink(secrets, checkIn.id, checkIn.tokenHash);
  if (stored) return stored;
  const link = await checkInLink(secrets, checkIn.id);
  await db.update(checkIns).set({ tokenHash: link.tokenHash }).where(eq(checkIns.id, checkIn.id));
  return link;
}

/** A check-in is open while pending and before its expiry, whatever the Cron run has got to. */
export function effectiveStatus(row: Pick<CheckInRow, "status" | "expiresAt">, now: number): CheckInRow["status"] {
  return row.status === "pending" && row.expiresAt.getTime() <= now ? "expired" : row.status;
}

export function checkInItem(
  row: CheckInRow,
  member: Pick<MemberRow, "id" | "firstName" | "lastName" | "email" | "status">,
  now: number,
): CheckInListItem {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    teamMember: {
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      status: member.status,
    },
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
  /** Whether the organization invites by Slack DM (`slackDmInvitations`), when the caller read it already. */
  slackDm?: boolean;
};

/**
 * Inserts a pending check-in unless the member already has one open (pending and not
 * expired) — in one statement, so two clicks or two overlapping Cron runs cannot both
 * insert. The same statement reads the member's address and stores it with the route
 * (`delivery_route`, `delivery_address`): an edit of the address lands either before it (and
 * the check-in goes to the new address) or after it (and is refused by the email lock), never
 * in between. A scheduled check-in also carries its period's schedule_key, unique per member.
 * Returns null when nothing was inserted.
 */
export async function insertCheckIn(
  db: Database,
  config: AppConfig,
  input: NewCheckIn,
): Promise<{ id: string; link: CheckInLink; delivery: Delivery } | null> {
  const prepared = await checkInInsert(db, config, input);
  return prepared.inserted(await db.all(prepared.statement));
}

/**
 * `insertCheckIn`'s statement, not yet run, for a caller that runs many in one D1 batch (the
 * schedule's create job, `rawRowsInOneTrip`); `inserted` reads its rows.
 */
export async function checkInInsert(db: Database, config: AppConfig, input: NewCheckIn) {
  // The id names the shard it lives in, so the link alone finds it (worker/db/shards.ts).
  const id = newCheckInId(db);
  const link = await checkInLink(appSecrets(config), id);
  const slackDm = input.slackDm ?? (await slackDmInvitations(db, input.organizationId));
  // INSERT … SELECT … WHERE NOT EXISTS: the builder's insert cannot carry the condition, and one
  // statement is what keeps two senders from opening two check-ins for one member. The open
  // check is a seek on the member (index check_ins_member_open_idx, drizzle/0014).
  const statement = sql`
    insert into check_ins (id, organization_id, team_member_id, sent_by, token_hash, status, schedule_key,
      duration_minutes, expires_at, invited_at, reminder_count, reach_out_requested, created_at,
      delivery_route, delivery_address)
    select ${id}, ${input.organizationId}, tm.id, ${input.createdBy}, ${link.tokenHash}, 'pending',
      ${input.scheduleKey}, ${input.durationMinutes}, ${input.expiresAt}, ${input.invitedAt}, 0, 0, ${input.now},
      ${routeOfMember(slackDm)}, tm.email
    from team_members tm
    where tm.id = ${input.teamMemberId} and tm.organization_id = ${input.organizationId}
      and not exists (
        select 1 from check_ins
        where team_member_id = ${input.teamMemberId} and status = 'pending' and expires_at > ${input.now}
      )
    on conflict do nothing
    returning delivery_route as route, delivery_address as address`;
  return {
    id,
    statement,
    inserted(rows: unknown): { id: string; link: CheckInLink; delivery: Delivery } | null {
      const [delivery] = z.array(deliveryRow).parse(rows);
      return delivery ? { id, link, delivery } : null;
    },
  };
}

export type CheckInEmail = {
  kind: "invite" | "reminder";
  checkIn: Pick<CheckInRow, "id" | "durationMinutes" | "expiresAt">;
  /** The link it was created with (`linkOf`, or the new check-in's own). */
  link: CheckInLink;
  /** The route and address stored on the check-in: never the member's address as it is now. */
  delivery: SendableDelivery;
  firstName: string;
  organizationId: string;
  organizationName: string;
  origin: string;
  /** The same key twice delivers once: the invite's is per check-in, a reminder's per number. */
  dedupeKey: string;
};

/** The invitation or reminder as the Mailer takes it (rendered, with its notice and dedupe key). */
export function checkInNoticeEmail(email: CheckInEmail): NoticeEmail {
  const render = email.kind === "invite" ? checkInInviteEmail : checkInReminderEmail;
  const rendered = render({
    firstName: email.firstName,
    organizationName: email.organizationName,
    url: `${email.origin}${email.link.path}`,
    durationMinutes: email.checkIn.durationMinutes,
    expiresAt: email.checkIn.expiresAt,
  });
  return {
    to: email.delivery.address,
    ...rendered,
    kind: email.kind === "invite" ? "check_in_invite" : "check_in_reminder",
    dedupeKey: email.dedupeKey,
    organizationId: email.organizationId,
    route: email.delivery.route,
    // What the queue keeps instead of the email: it renders the email again when it sends.
    notice: { kind: email.kind === "invite" ? "check_in_invite" : "check_in_reminder", checkInId: email.checkIn.id },
  };
}

export function emailCheckIn(send: Mailer, email: CheckInEmail): Promise<SendResult> {
  return send(checkInNoticeEmail(email));
}

export const inviteDedupeKey = (checkInId: string) => `check-in-invite:${checkInId}`;
export const reminderDedupeKey = (checkInId: string, number: number) => `check-in-reminder:${checkInId}:${number}`;
/** A resend's key names its minute. */
export const resendDedupeKey = (checkInId: string, now: number) =>
  `check-in-resend:${checkInId}:${Math.floor(now / 60_000)}`;

/**
 * A resend within a minute of the last one (a double click) is delivered once, also across
 * the minute's turn: the previous minute's key is reused while its email is under a minute old.
 */
export async function resendDedupeKeyFor(db: Database, checkInId: string, now: number): Promise<string> {
  const previous = resendDedupeKey(checkInId, now - 60_000);
  const [row] = await platformOf(db)
    .select({ createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, previous));
  return row && now - row.createdAt.getTime() < 60_000 ? previous : resendDedupeKey(checkInId, now);
}
