import type { Database } from "../db/client";
import { dailyEmailCap, type EmailMessage, type SendResult } from "../email/send";
import { readConfig } from "../lib/config";
import { DailyCapReached, spendDailyCap } from "../lib/daily-caps";
import type { DeliveryKind } from "../shared/notifications";
import { FALLBACK_CHANNEL, targetsFor } from "./channels/index";
import { enqueueSends, notifyQueue } from "./enqueue";
import type { DeliveryRef, Notice, Target } from "./messages";

/**
 * A person's own notices — check-in invitations and reminders, the trial's reminders —
 * through the notifications queue: the same Mailer the schedule and "Send check-in" call,
 * so their dedupe keys become delivery keys. The email is rendered by the caller (a direct
 * Mailer sends it as it is), but the queue keeps only its `notice`: ids, from which the
 * consumer renders it again when it sends, deriving the link then. "sent" here means
 * accepted by the queue; the channel is the one the organization set up for its members
 * (Slack DMs), else email, which is also the fallback.
 *
 * The organization's daily email cap is spent here, when the message is accepted, so the
 * Admin's request gets its 429 at once (a create-and-revoke loop stops); the consumer then
 * sends without counting it again. The cron passes `{ capAsFailure: true }`: a capped
 * organization's invitation is a failed send, and the run goes on for everyone else.
 */
export type MailNotice = Extract<
  Notice,
  { kind: "check_in_invite" | "check_in_reminder" | "trial_reminder" | "trial_ended" }
>;
/** An email with what it is about, by id: a direct Mailer sends the email, the queue keeps only the notice. */
export type NoticeEmail = EmailMessage & { notice: MailNotice };
export type Mailer = (message: NoticeEmail) => Promise<SendResult>;

const DELIVERY: Record<MailNotice["kind"], { kind: DeliveryKind; label: string; toMember: boolean }> = {
  check_in_invite: { kind: "invitation", label: "Check-in invitation", toMember: true },
  check_in_reminder: { kind: "reminder", label: "Check-in reminder", toMember: true },
  // An Admin's own: by email, never as a salesperson's DM.
  trial_reminder: { kind: "reminder", label: "Trial reminder", toMember: false },
  trial_ended: { kind: "reminder", label: "Trial ended", toMember: false },
};

export function queueMailer(env: Env, db: Database, options: { capAsFailure?: boolean } = {}): Mailer {
  // The cap's size (a count of the organization's active members) is read once per mailer, that
  // is per request or schedule job: a job of 50 invitations in a 10,000-member organization
  // read 10,000 rows for each of them.
  const caps = new Map<string, Promise<number>>();
  const capOf = (organizationId: string) => {
    let cap = caps.get(organizationId);
    if (!cap) {
      cap = dailyEmailCap(db, organizationId);
      caps.set(organizationId, cap);
    }
    return cap;
  };
  return async (message: NoticeEmail): Promise<SendResult> => {
    const id = message.dedupeKey;
    const organizationId = message.organizationId;
    if (!id || !organizationId) throw new Error("A queued email needs a dedupe key and an organization");
    try {
      await spendDailyCap(db, organizationId, "email", await capOf(organizationId));
    } catch (error) {
      if (options.capAsFailure && error instanceof DailyCapReached)
        return { status: "failed", id, error: error.message };
      throw error;
    }
    const what = DELIVERY[message.notice.kind];
    const byEmail: Target = { audience: "person", address: message.to };
    // A member's channels answer from D1 alone; one that fails leaves the email. A check-in's
    // link keeps the route stored on the check-in (issue 22 item 1): "email" asks no channel.
    const { found } =
      what.toMember && message.route !== "email"
        ? await targetsFor(
            { env, db, config: readConfig(env) },
            { purpose: "member", organizationId, email: message.to },
          )
        : { found: [] };
    // A channel the organization chose for its members first; email otherwise, and behind it.
    const chosen = found.find((t) => t.channel !== FALLBACK_CHANNEL);
    const delivery: DeliveryRef = {
      id,
      organizationId,
      kind: what.kind,
      ...(chosen
        ? {
            channel: chosen.channel,
            target: { audience: chosen.target.audience, address: chosen.target.address },
            fallback: { channel: FALLBACK_CHANNEL, target: byEmail },
          }
        : { channel: FALLBACK_CHANNEL, target: byEmail }),
      label: what.label,
    };
    try {
      const enqueued = await enqueueSends(notifyQueue(env), db, [{ delivery, notice: message.notice }]);
      return enqueued > 0 ? { status: "sent", id } : { status: "duplicate", id };
    } catch (error) {
      return { status: "failed", id, error: error instanceof Error ? error.message : "queue unavailable" };
    }
  };
}
