import * as z from "zod/mini";
import { DELIVERY_CHANNELS, DELIVERY_KINDS } from "../shared/notifications";

/**
 * What travels on the notifications queue (wrangler.jsonc: NOTIFY_QUEUE), checked with zod
 * when the consumer takes it. Every message names things by id: a delivery says who gets
 * what through which channel, and the consumer renders the words (and derives any link's
 * token) only when it sends. So the queue, its retries and the dead-letter queue never hold
 * a rendered body, a link or a secret (issue 22 item 6).
 */

const id = z.string().check(z.minLength(1), z.maxLength(100));

/** A check-in completed: fan its urgent and high alerts out to every channel's targets. */
const alertsMessage = z.object({ type: z.literal("alerts"), organizationId: id, checkInId: id });
/** The Monday digest of one organization and week, to be fanned out. */
const digestMessage = z.object({
  type: z.literal("digest"),
  organizationId: id,
  weekKey: z.string().check(z.maxLength(20)),
  at: z.number(),
});

/**
 * What one delivery is about, by id. The consumer looks the kind up in the renderers
 * (worker/index.ts) and gets a transport-neutral message for the target's audience.
 */
export const noticeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("alert"), checkInId: id }),
  z.object({ kind: z.literal("digest"), weekKey: z.string().check(z.maxLength(20)), at: z.number() }),
  z.object({ kind: z.literal("check_in_invite"), checkInId: id }),
  z.object({ kind: z.literal("check_in_reminder"), checkInId: id }),
  z.object({ kind: z.literal("trial_reminder"), trialId: id, days: z.number().check(z.int()) }),
  z.object({ kind: z.literal("trial_ended"), trialId: id }),
]);
export type Notice = z.infer<typeof noticeSchema>;
export type NoticeKind = Notice["kind"];
export type NoticeOf<K extends NoticeKind> = Extract<Notice, { kind: K }>;

/** person: one human (names and scores may go there). group: a conversation several people read (they may not). */
export const AUDIENCES = ["person", "group"] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * Where one delivery goes, in its channel's own terms: an email address; a Slack
 * conversation id, or for a person a Slack user id or the email address Slack looks up.
 */
export const targetSchema = z.object({
  audience: z.enum(AUDIENCES),
  address: z.string().check(z.minLength(1), z.maxLength(320)),
  /** What the console shows for it when the address alone says little (a Slack user id). */
  display: z.optional(z.string().check(z.maxLength(320))),
});
export type Target = z.infer<typeof targetSchema>;

const routeSchema = z.object({ channel: z.enum(DELIVERY_CHANNELS), target: targetSchema });

export const deliveryRefSchema = z.object({
  /** The idempotency key: one row in notification_deliveries, one send however often it is enqueued. */
  id: z.string().check(z.minLength(1), z.maxLength(300)),
  organizationId: id,
  kind: z.enum(DELIVERY_KINDS),
  /** The channel's own id (worker/notify/channels): what the delivery row records. */
  channel: z.enum(DELIVERY_CHANNELS),
  target: targetSchema,
  /** Where it goes when the channel cannot reach the person (a member Slack does not know: their email). */
  fallback: z.optional(routeSchema),
  /** What the console lists: a short label, never a name, a link or a token. */
  label: z.string().check(z.maxLength(200)),
});
export type DeliveryRef = z.infer<typeof deliveryRefSchema>;

const sendMessage = z.object({ type: z.literal("send"), delivery: deliveryRefSchema, notice: noticeSchema });

export const notifyMessageSchema = z.discriminatedUnion("type", [alertsMessage, digestMessage, sendMessage]);
export type NotifyMessage = z.infer<typeof notifyMessageSchema>;
export type SendMessage = z.infer<typeof sendMessage>;
