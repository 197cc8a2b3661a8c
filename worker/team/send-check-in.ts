import { eq } from "drizzle-orm";
import { assertCanCreateCheckIns } from "../billing/lifecycle";
import { sendable } from "../checkin/delivery";
import { type Database, platformOf } from "../db/client";
import { organizations } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { dailyCap, spendDailyCap } from "../lib/daily-caps";
import { queueMailer } from "../notify/mailer";
import { organizationCheckInSettings } from "../settings/organization";
import { expiryFor } from "../shared/schedule";
import type { CreateCheckInResponse } from "../shared/team";
import { emailCheckIn, insertCheckIn, inviteDedupeKey, type MemberRow } from "./check-ins";

export async function organizationName(anyDb: Database, organizationId: string): Promise<string> {
  const db = platformOf(anyDb);
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? "Your team";
}

/**
 * The link is in here only for a member without an email: the Admin hands it over. Otherwise
 * it goes to the member's email and nowhere else (README: Chat ownership).
 */
export type SentCheckIn = {
  id: string;
  expiresAt: number;
  email: CreateCheckInResponse["email"];
  url?: string;
};

/**
 * One check-in sent by a person now (an Admin's 'Send check-in', an operator's bulk invite):
 * the organization's duration and max response time, then the invitation email unless told
 * not to. A member without an email gets none, and the answer carries the link instead —
 * as the check-in's stored route says (the INSERT read it), never a member row read before.
 * Null when the member already has one open.
 */
export async function sendNewCheckIn(
  env: Env,
  db: Database,
  config: AppConfig,
  input: {
    organizationId: string;
    organizationName: string;
    member: Pick<MemberRow, "id" | "firstName">;
    createdBy: string;
    origin: string;
    sendEmail: boolean;
  },
): Promise<SentCheckIn | null> {
  const now = Date.now();
  // An ended trial or a lapsed subscription refuses new check-ins, with the way to upgrade.
  await assertCanCreateCheckIns(db, input.organizationId, now);
  // Every check-in counts, emailed or handed over: each one opens a chat that costs model calls.
  await spendDailyCap(db, input.organizationId, "check_in", await dailyCap(db, input.organizationId, "check_in"), now);
  const { settings } = await organizationCheckInSettings(db, input.organizationId);
  const expiresAt = expiryFor(now, settings.maxResponseHours);
  const created = await insertCheckIn(db, config, {
    organizationId: input.organizationId,
    teamMemberId: input.member.id,
    createdBy: input.createdBy,
    scheduleKey: null,
    durationMinutes: settings.durationMinutes,
    expiresAt,
    invitedAt: now,
    now,
  });
  if (!created) return null;
  // The route and address the INSERT stored with the check-in decide, not the member row read earlier.
  const to = sendable(created.delivery);
  if (to === null) {
    return { id: created.id, expiresAt, email: "skipped", url: `${input.origin}${created.link.path}` };
  }
  if (!input.sendEmail) return { id: created.id, expiresAt, email: "skipped" };
  const result = await emailCheckIn(queueMailer(env), {
    kind: "invite",
    checkIn: { id: created.id, durationMinutes: settings.durationMinutes, expiresAt: new Date(expiresAt) },
    link: created.link,
    delivery: to,
    firstName: input.member.firstName,
    organizationId: input.organizationId,
    organizationName: input.organizationName,
    origin: input.origin,
    dedupeKey: inviteDedupeKey(created.id),
  });
  return { id: created.id, expiresAt, email: result.status === "failed" ? "failed" : "sent" };
}
