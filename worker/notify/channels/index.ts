import type { DeliveryChannel } from "../../shared/notifications";
import type { Channel, ChannelContext, FoundTarget, TargetRequest } from "./channel";
import { emailChannel } from "./email";
import { slackChannel } from "./slack";

/**
 * Every channel a notice can go through, by its id (after epic-stack's providers registry).
 * Adding one is an adapter file beside these and one entry here: its id joins
 * DELIVERY_CHANNELS (worker/shared/notifications.ts), and the type checker then names each
 * place that must learn of it (this record, the console's labels). README → Notifications.
 */
export const CHANNELS: { readonly [Id in DeliveryChannel]: Channel & { readonly id: Id } } = {
  email: emailChannel,
  slack: slackChannel,
};

/** Everyone a notice is for has an email address: the channel a person falls back to. */
export const FALLBACK_CHANNEL = "email" satisfies DeliveryChannel;

export type ChannelTarget = { channel: DeliveryChannel; target: FoundTarget };

/**
 * Every channel's targets for one fan-out, channel by channel. A channel that cannot answer
 * now (Slack down while it looks an Admin up) does not hold the others back: its error is
 * returned beside what the rest found, for the caller to enqueue those and then fail, so the
 * queue retries the fan-out (the deliveries already enqueued keep their keys and send once).
 */
export async function targetsFor(
  ctx: ChannelContext,
  request: TargetRequest,
): Promise<{ found: ChannelTarget[]; error: unknown }> {
  const found: ChannelTarget[] = [];
  let error: unknown = null;
  for (const channel of Object.values(CHANNELS)) {
    try {
      for (const target of await channel.targets(ctx, request)) found.push({ channel: channel.id, target });
    } catch (failure) {
      error ??= failure;
    }
  }
  return { found, error };
}
