import type { Database } from "../db/client";
import { dbFor } from "../db/shards";
import { dailyEmailCap, type EmailMessage, type SendResult } from "../email/send";
import { readConfig } from "../lib/config";
import { DailyCapReached, reserveDailyCap, spendDailyCap } from "../lib/daily-caps";
import type { DeliveryKind } from "../shared/notifications";
import { FALLBACK_CHANNEL, targetsFor } from "./channels/index";
import { enqueueOpenSends, notifyQueue } from "./enqueue";
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

/**
 * A Mailer that can also take many messages at once (`queueMailer`'s): one cap reservation per
 * organization and one delivery record and queue batch for all of them, instead of a few D1
 * statements each. `sendAll` uses it when the mailer has it, else sends one by one.
 */
export type BatchMailer = Mailer & { many?: (messages: readonly NoticeEmail[]) => Promise<SendResult[]> };

export async function sendAll(send: BatchMailer, messages: readonly NoticeEmail[]): Promise<SendResult[]> {
  if (send.many) return send.many(messages);
  const results: SendResult[] = [];
  for (const message of messages) results.push(await send(message));
  return results;
}

type Keyed = NoticeEmail & { dedupeKey: string; organizationId: string };

function keyed(message: NoticeEmail): Keyed {
  if (!message.dedupeKey || !message.organizationId)
    throw new Error("A queued email needs a dedupe key and an organization");
  return message as Keyed;
}

export function queueMailer(env: Env, options: { capAsFailure?: boolean } = {}): BatchMailer {
  // Each organization's shard (its delivery rows and the team that sizes the cap) and the cap's
  // size (a count of its active members) are read once per mailer, that is per request or
  // schedule job: a job of 50 invitations in a 10,000-member organization read 10,000 rows for
  // each of them.
  const shards = new Map<string, Promise<Database>>();
  const dbOf = (organizationId: string) => {
    let db = shards.get(organizationId);
    if (!db) {
      db = dbFor(env, organizationId);
      shards.set(organizationId, db);
    }
    return db;
  };
  const caps = new Map<string, Promise<number>>();
  const capOf = (organizationId: string) => {
    let cap = caps.get(organizationId);
    if (!cap) {
      cap = dbOf(organizationId).then((db) => dailyEmailCap(db, organizationId));
      caps.set(organizationId, cap);
    }
    return cap;
  };

  /** Where one message goes: a channel the organization chose for its members first, email behind it. */
  const deliveryOf = async (message: Keyed): Promise<DeliveryRef> => {
    const what = DELIVERY[message.notice.kind];
    const byEmail: Target = { audience: "person", address: message.to };
    // A member's channels answer from D1 alone; one that fails leaves the email. A check-in's
    // link keeps the route stored on the check-in (issue 22 item 1): "email" asks no channel.
    const { found } =
      what.toMember && message.route !== "email"
        ? await targetsFor(
            { env, db: await dbOf(message.organizationId), config: readConfig(env) },
            { purpose: "member", organizationId: message.organizationId, email: message.to },
          )
        : { found: [] };
    const chosen = found.find((t) => t.channel !== FALLBACK_CHANNEL);
    return {
      id: message.dedupeKey,
      organizationId: message.organizationId,
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
  };

  /** Hands the accepted messages to the queue: "sent", or "duplicate" for a key already delivered. */
  const enqueue = async (messages: readonly Keyed[]): Promise<SendResult[]> => {
    if (messages.length === 0) return [];
    try {
      const sends = await Promise.all(
        messages.map(async (message) => ({
          db: await dbOf(message.organizationId),
          delivery: await deliveryOf(message),
          notice: message.notice,
        })),
      );
      // Each shard records its organizations' deliveries (one batch per shard).
      const enqueued = new Set<string>();
      for (const [db, group] of Map.groupBy(sends, (send) => send.db)) {
        const ids = await enqueueOpenSends(
          notifyQueue(env),
          db,
          group.map(({ delivery, notice }) => ({ delivery, notice })),
        );
        for (const id of ids) enqueued.add(id);
      }
      return messages.map(({ dedupeKey: id }) =>
        enqueued.has(id) ? { status: "sent", id } : { status: "duplicate", id },
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : "queue unavailable";
      return messages.map(({ dedupeKey: id }) => ({ status: "failed", id, error: reason }));
    }
  };

  const one = async (message: NoticeEmail): Promise<SendResult> => {
    const checked = keyed(message);
    try {
      const db = await dbOf(checked.organizationId);
      await spendDailyCap(db, checked.organizationId, "email", await capOf(checked.organizationId));
    } catch (error) {
      if (options.capAsFailure && error instanceof DailyCapReached)
        return { status: "failed", id: checked.dedupeKey, error: error.message };
      throw error;
    }
    const [result] = await enqueue([checked]);
    if (!result) throw new Error("enqueue answered nothing");
    return result;
  };

  /**
   * The same, for many: each organization's share of the cap reserved at once (what it refuses
   * fails, or throws without `capAsFailure`, as one by one would), then one enqueue for all.
   */
  const many = async (messages: readonly NoticeEmail[]): Promise<SendResult[]> => {
    const checked = messages.map(keyed);
    const byOrganization = Map.groupBy(checked, (message) => message.organizationId);
    const results = new Map<string, SendResult>();
    const accepted: Keyed[] = [];
    for (const [organizationId, group] of byOrganization) {
      const limit = await capOf(organizationId);
      const db = await dbOf(organizationId);
      const granted = await reserveDailyCap(db, organizationId, "email", group.length, Date.now(), limit);
      if (granted < group.length && !options.capAsFailure) throw new DailyCapReached("email", limit);
      accepted.push(...group.slice(0, granted));
      for (const message of group.slice(granted)) {
        const error = new DailyCapReached("email", limit).message;
        results.set(message.dedupeKey, { status: "failed", id: message.dedupeKey, error });
      }
    }
    for (const result of await enqueue(accepted)) results.set(result.id, result);
    return checked.map((message) => results.get(message.dedupeKey) ?? { status: "duplicate", id: message.dedupeKey });
  };

  return Object.assign(one, { many });
}
