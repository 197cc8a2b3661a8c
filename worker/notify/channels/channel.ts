import type { Database } from "../../db/client";
import type { AppConfig } from "../../lib/config";
import type { DeliveryChannel, DeliveryKind } from "../../shared/notifications";
import type { NoticeKind, Target } from "../messages";
import type { OrganizationAdmin } from "../recipients";

/**
 * One way a notice reaches people — email, Slack, later Teams — behind one interface, after
 * cloudflare/agents' `Channel` (packages/agents/src/channels/channel.ts): the rest of
 * notify/ knows only this file and the registry (./index.ts). A channel says where an
 * organization's notices go on it (`targets`) and delivers one transport-neutral message to
 * one target (`deliver`), rendering title, text and link its own way.
 */

/** A message as every transport can show it; each adapter renders it its own way. */
export type Message = {
  title: string;
  /** The whole message as plain text: what a chat shows, an email's text part. */
  text: string;
  /** The one thing to open: a button or a link line where the transport has one. */
  link?: { label: string; url: string } | undefined;
  /** A fuller rendering for transports that show HTML (email); the others never read it. */
  html?: string | undefined;
};

/** Who a fan-out is for; a channel answers with its targets for it. */
export type TargetRequest =
  /** An organization's verified, active Admins, each with their alert-email choice. */
  | { purpose: "alert" | "digest"; organizationId: string; admins: readonly OrganizationAdmin[] }
  /** One salesperson, known by their email address (an invitation or reminder). */
  | { purpose: "member"; organizationId: string; email: string };

/** A target a fan-out found; `key` (an admin's user id) tells two targets of one channel apart in delivery ids. */
export type FoundTarget = Target & { key?: string };

export type ChannelContext = { env: object; db: Database; config: AppConfig };

/** What a delivery is, for a transport that records or deduplicates (the email outbox). */
export type DeliveryContext = {
  /** Also the provider's idempotency key, so a retried attempt sends nothing twice. */
  deliveryId: string;
  organizationId: string;
  kind: DeliveryKind;
  notice: NoticeKind;
};

export type DeliveryOutcome =
  /** `recipient` is what the console shows: an address, `#channel`. */
  | { status: "delivered"; recipient: string }
  /** The channel does not know this person (no Slack account for the address): the fallback's turn. */
  | { status: "unreachable"; reason: string };

export interface Channel {
  /** Also the route a delivery records (notification_deliveries.channel). */
  readonly id: DeliveryChannel;
  /** Where the organization's notices of this purpose go on this channel; none when it is not set up. */
  targets(ctx: ChannelContext, request: TargetRequest): Promise<FoundTarget[]>;
  /** One attempt. Throws on failure: PermanentDeliveryError when no retry can help. */
  deliver(ctx: ChannelContext, target: Target, message: Message, delivery: DeliveryContext): Promise<DeliveryOutcome>;
}

/** A failure no retry can fix (Slack disconnected, a channel gone): failed and dead-lettered at once. */
export class PermanentDeliveryError extends Error {
  override name = "PermanentDeliveryError";
}
