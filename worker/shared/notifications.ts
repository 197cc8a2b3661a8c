import * as z from "zod/mini";

/**
 * Notifications (alert emails, the weekly digest, Slack) as both sides of the wire see
 * them: the dashboard's Settings sections and the console's delivery list.
 */

/** An admin's alert emails: at once (the default), only in the Monday digest, or none at all. */
export const ALERT_EMAIL_MODES = ["immediately", "digest", "off"] as const;
export type AlertEmailMode = (typeof ALERT_EMAIL_MODES)[number];

export const DELIVERY_KINDS = ["alert", "digest", "invitation", "reminder"] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
/** Each channel's own id (worker/notify/channels): a new channel starts here. */
export const DELIVERY_CHANNELS = ["email", "slack"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = { email: "Email", slack: "Slack" };
/** queued → sending → delivered, or → retrying (backoff) → … → failed (dead-lettered). */
export const DELIVERY_STATUSES = ["queued", "sending", "retrying", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const MAX_TIME_ZONE_LENGTH = 64;
/** Letters, digits and the IANA separators only; checked before Intl sees it. */
const TIME_ZONE_SHAPE = /^[A-Za-z0-9_+\-/]+$/;

/** An IANA time zone this runtime knows (e.g. "America/New_York", "UTC"). */
export function isValidTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > MAX_TIME_ZONE_LENGTH || !TIME_ZONE_SHAPE.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .check(z.refine(isValidTimeZone, { message: "Choose a time zone from the list (e.g. Europe/London)." }));

export const slackStatusSchema = z.object({
  /** SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET are set. */
  configured: z.boolean(),
  connected: z.boolean(),
  teamName: z.nullable(z.string()),
  channelId: z.nullable(z.string()),
  channelName: z.nullable(z.string()),
  /** The chosen channel is private (its members only). */
  channelPrivate: z.boolean(),
  dmInvitations: z.boolean(),
  /** Alert details go to Admins as DMs; the channel only hears how many alerts there are. */
  alertDms: z.boolean(),
});
export type SlackStatus = z.infer<typeof slackStatusSchema>;

/** GET /api/notifications/settings */
export const notificationSettingsSchema = z.object({
  alertEmails: z.enum(ALERT_EMAIL_MODES),
  timeZone: z.string(),
  slack: slackStatusSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications/preferences — the signed-in admin's own choice. */
export const alertPreferenceBodySchema = z.object({ alertEmails: z.enum(ALERT_EMAIL_MODES) });
/** PUT /api/notifications/time-zone — the organization's. */
export const timeZoneBodySchema = z.object({ timeZone: timeZoneSchema });

/** GET /api/notifications/digest-preview — this week's digest as it would be sent now. */
export const digestPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  weekOf: z.string(),
});
export type DigestPreview = z.infer<typeof digestPreviewSchema>;

/** GET /api/slack/channels */
export const slackChannelsSchema = z.object({
  /** Public channels, and the private ones the app was invited to. */
  channels: z.array(z.object({ id: z.string(), name: z.string(), isPrivate: z.boolean() })),
});
/** PUT /api/slack/settings */
export const slackSettingsBodySchema = z.object({
  channelId: z.nullable(z.string().check(z.minLength(1), z.maxLength(40), z.regex(/^[A-Z0-9]+$/))),
  dmInvitations: z.boolean(),
  /** Absent: off (a client that predates it sends no alert details by DM). */
  alertDms: z._default(z.boolean(), false),
});

// ——— the console's delivery list (GET /api/admin/deliveries) ———

export const deliveryListQuerySchema = z.object({
  status: z.optional(z.enum(DELIVERY_STATUSES)),
  channel: z.optional(z.enum(DELIVERY_CHANNELS)),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});

export const deliveryItemSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  channel: z.enum(DELIVERY_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

export const deliveryListSchema = z.object({
  items: z.array(deliveryItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object({ delivered: z.number(), pending: z.number(), failed: z.number() }),
});
export type DeliveryList = z.infer<typeof deliveryListSchema>;
