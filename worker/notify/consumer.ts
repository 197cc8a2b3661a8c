import * as zc from "zod/v4/core";
import type { Database } from "../db/client";
import { dbFor } from "../db/shards";
import { readConfig } from "../lib/config";
import { describeError, log } from "../lib/log";
import { fanOutAlerts } from "./alerts";
import { type ChannelContext, type Message, PermanentDeliveryError } from "./channels/channel";
import { CHANNELS } from "./channels/index";
import { claimDelivery, markAttemptFailed, markDelivered, markNotSent } from "./deliveries";
import { fanOutDigest } from "./digest";
import { notifyQueue } from "./enqueue";
import { notifyMessageSchema, type SendMessage } from "./messages";
import { type NoticeRenderers, renderNotice } from "./notices";

/**
 * The notifications queue's consumer. Fan-out messages become one `send` per target; a
 * `send` is rendered now (its notice's renderer, for its target's audience) and delivered
 * through its channel. Each message is acked once done, or retried with exponential backoff
 * (10 s, 20 s, 40 s … capped at 15 minutes); after MAX_ATTEMPTS the queue moves it to the
 * dead-letter queue and its delivery row reads `failed`. A provider outage therefore delays
 * a notification and never loses it, and since every send is claimed on its delivery row
 * and `delivered` is final, never doubles it.
 */

/** wrangler.jsonc: max_retries 8, so nine deliveries of a message in all. */
export const MAX_ATTEMPTS = 9;
const BUSY_RETRY_SECONDS = 30;

export function backoffSeconds(attempt: number): number {
  return Math.min(15 * 60, 10 * 2 ** Math.max(0, attempt - 1));
}

type Outcome = { retry: false } | { retry: true; delaySeconds: number };

export async function handleNotifyBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  renderers: NoticeRenderers,
): Promise<void> {
  const config = readConfig(env);
  // Every message names its organization; its deliveries and rows are in that organization's shard.
  const shards = new Map<string, Promise<Database>>();
  const shardOf = (organizationId: string) => {
    let db = shards.get(organizationId);
    if (!db) {
      db = dbFor(env, organizationId);
      shards.set(organizationId, db);
    }
    return db;
  };
  for (const message of batch.messages) {
    const parsed = zc.safeParse(notifyMessageSchema, message.body);
    if (!parsed.success) {
      // It can never succeed; the dead-letter queue would only keep noise.
      log("error", "notify_message_invalid", { id: message.id });
      message.ack();
      continue;
    }
    let outcome: Outcome;
    try {
      const body = parsed.data;
      const organizationId = body.type === "send" ? body.delivery.organizationId : body.organizationId;
      const ctx: ChannelContext = { env, db: await shardOf(organizationId), config };
      if (body.type === "alerts") await fanOutAlerts(notifyQueue(env), ctx, body);
      else if (body.type === "digest") await fanOutDigest(notifyQueue(env), ctx, body);
      outcome = body.type === "send" ? await send(env, ctx, renderers, body, message.attempts) : { retry: false };
    } catch (error) {
      log("warn", "notify_step_failed", { type: parsed.data.type, error });
      outcome = { retry: true, delaySeconds: backoffSeconds(message.attempts) };
    }
    if (outcome.retry) message.retry({ delaySeconds: outcome.delaySeconds });
    else message.ack();
  }
}

async function send(
  env: Env,
  ctx: ChannelContext,
  renderers: NoticeRenderers,
  body: SendMessage,
  attempt: number,
): Promise<Outcome> {
  const { delivery, notice } = body;
  const claim = await claimDelivery(ctx.db, delivery, attempt, Date.now());
  if (claim === "delivered") return { retry: false };
  if (claim === "busy") return { retry: true, delaySeconds: BUSY_RETRY_SECONDS };
  try {
    const rendered = await renderNotice(
      renderers,
      { db: ctx.db, config: ctx.config, organizationId: delivery.organizationId },
      notice,
      delivery.target.audience,
    );
    if ("notSent" in rendered) {
      await markNotSent(ctx.db, delivery.id, rendered.notSent, Date.now());
      return { retry: false };
    }
    await markDelivered(ctx.db, delivery.id, await deliver(ctx, body, rendered), Date.now());
    return { retry: false };
  } catch (error) {
    const permanent = error instanceof PermanentDeliveryError;
    const final = permanent || attempt >= MAX_ATTEMPTS;
    await markAttemptFailed(ctx.db, delivery.id, describeError(error), final, Date.now());
    log("warn", "notify_delivery_failed", { delivery: delivery.id, attempt, final, error });
    if (permanent) {
      // No retry can fix it: straight to the dead-letter queue, where it is kept (ids only).
      await env.NOTIFY_DEAD_LETTERS.send(body, { contentType: "json" });
      return { retry: false };
    }
    // After the last attempt the queue itself moves the message to the dead-letter queue.
    return { retry: true, delaySeconds: backoffSeconds(attempt) };
  }
}

/** Through the delivery's channel, or its fallback when that channel does not know the person. */
async function deliver(ctx: ChannelContext, { delivery, notice }: SendMessage, message: Message) {
  const context = {
    deliveryId: delivery.id,
    organizationId: delivery.organizationId,
    kind: delivery.kind,
    notice: notice.kind,
  };
  const outcome = await CHANNELS[delivery.channel].deliver(ctx, delivery.target, message, context);
  if (outcome.status === "delivered") return { channel: delivery.channel, recipient: outcome.recipient };
  const fallback = delivery.fallback;
  if (!fallback) throw new PermanentDeliveryError(outcome.reason);
  const second = await CHANNELS[fallback.channel].deliver(ctx, fallback.target, message, context);
  if (second.status !== "delivered") throw new PermanentDeliveryError(second.reason);
  return { channel: fallback.channel, recipient: second.recipient };
}
