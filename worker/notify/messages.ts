import * as z from "zod/mini";
import { DELIVERY_KINDS } from "../shared/notifications";

/**
 * What travels on the notifications queue (wrangler.jsonc: NOTIFY_QUEUE), checked with zod
 * when the consumer takes it. Fan-out messages name what happened; `send` messages carry
 * one rendered delivery, whose id is its idempotency key.
 */

/** A check-in completed: email its urgent and high alerts to the admins, post them to Slack. */
const alertsMessage = z.object({ type: z.literal("alerts"), organizationId: z.string(), checkInId: z.string() });
/** The Monday digest of one organization and week. */
const digestMessage = z.object({
  type: z.literal("digest"),
  organizationId: z.string(),
  weekKey: z.string(),
  at: z.number(),
});

export const contentSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The same message for Slack (mrkdwn), without the email's chrome. */
  slackText: z.string(),
  /** email_outbox.kind when it goes by email. */
  emailKind: z.string(),
});
export type DeliveryContent = z.infer<typeof contentSchema>;

/**
 * email: to an address. slack: to a channel id. slack_dm: a DM to the workspace member with
 * this email address (users.lookupByEmail), or the email itself when there is none.
 */
export const SEND_ROUTES = ["email", "slack", "slack_dm"] as const;
export type SendRoute = (typeof SEND_ROUTES)[number];

export const deliveryRefSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(300)),
  organizationId: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  route: z.enum(SEND_ROUTES),
  /** An email address, or a Slack channel id for `slack`. */
  recipient: z.string().check(z.maxLength(320)),
  /** What the console lists: a short label, never a link or a token. */
  label: z.string().check(z.maxLength(200)),
});
export type DeliveryRef = z.infer<typeof deliveryRefSchema>;

const sendMessage = z.object({ type: z.literal("send"), delivery: deliveryRefSchema, content: contentSchema });

export const notifyMessageSchema = z.discriminatedUnion("type", [alertsMessage, digestMessage, sendMessage]);
export type NotifyMessage = z.infer<typeof notifyMessageSchema>;
export type SendMessage = z.infer<typeof sendMessage>;

/** Slack's limit is far above this; the cap keeps one message well inside a queue message's 128 KB. */
export const MAX_SLACK_TEXT = 3000;
