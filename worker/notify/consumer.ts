import * as zc from "zod/v4/core";
import { createDb, type Database } from "../db/client";
import { type AppConfig, readConfig } from "../lib/config";
import { fanOutAlerts } from "./alerts";
import { attemptDelivery, PermanentDeliveryError } from "./channels";
import { claimDelivery, markAttemptFailed, markDelivered } from "./deliveries";
import { fanOutDigest } from "./digest";
import { notifyQueue } from "./enqueue";
import { notifyMessageSchema, type SendMessage } from "./messages";

/**
 * The notifications queue's consumer. Each message is acked once done, or retried with
 * exponential backoff (10 s, 20 s, 40 s … capped at 15 minutes); after MAX_ATTEMPTS the
 * queue moves it to the dead-letter queue and its delivery row reads `failed`. A provider
 * outage therefore delays a notification and never loses it, and since every send is
 * claimed on its delivery row and `delivered` is final, never doubles it.
 */

/** wrangler.jsonc: max_retries 8, so nine deliveries of a message in all. */
export const MAX_ATTEMPTS = 9;
const BUSY_RETRY_SECONDS = 30;

export function backoffSeconds(attempt: number): number {
  return Math.min(15 * 60, 10 * 2 ** Math.max(0, attempt - 1));
}

type Outcome = { retry: false } | { retry: true; delaySeconds: number };

export async function handleNotifyBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const config = readConfig(env);
  for (const message of batch.messages) {
    const parsed = zc.safeParse(notifyMessageSchema, message.body);
    if (!parsed.success) {
      // It can never succeed; the dead-letter queue would only keep noise.
      console.error(JSON.stringify({ level: "error", event: "notify_message_invalid", id: message.id }));
      message.ack();
      continue;
    }
    let outcome: Outcome;
    try {
      const body = parsed.data;
      if (body.type === "alerts") await fanOutAlerts(notifyQueue(env), db, config, body);
      else if (body.type === "digest") await fanOutDigest(notifyQueue(env), db, config, body);
      outcome = body.type === "send" ? await send(env, db, config, body, message.attempts) : { retry: false };
    } catch (error) {
      console.warn(
        JSON.stringify({ level: "warn", event: "notify_step_failed", type: parsed.data.type, error: describe(error) }),
      );
      outcome = { retry: true, delaySeconds: backoffSeconds(message.attempts) };
    }
    if (outcome.retry) message.retry({ delaySeconds: outcome.delaySeconds });
    else message.ack();
  }
}

async function send(env: Env, db: Database, config: AppConfig, body: SendMessage, attempt: number): Promise<Outcome> {
  const now = Date.now();
  const claim = await claimDelivery(db, body.delivery, attempt, now);
  if (claim === "delivered") return { retry: false };
  if (claim === "busy") return { retry: true, delaySeconds: BUSY_RETRY_SECONDS };
  try {
    const delivered = await attemptDelivery(env, db, config, body);
    await markDelivered(db, body.delivery.id, delivered, Date.now());
    return { retry: false };
  } catch (error) {
    const permanent = error instanceof PermanentDeliveryError;
    const final = permanent || attempt >= MAX_ATTEMPTS;
    await markAttemptFailed(db, body.delivery.id, describe(error), final, Date.now());
    console.warn(
      JSON.stringify({
        level: "warn",
        event: "notify_delivery_failed",
        delivery: body.delivery.id,
        attempt,
        final,
        error: describe(error),
      }),
    );
    if (permanent) {
      // No retry can fix it: straight to the dead-letter queue, where it is kept.
      await env.NOTIFY_DEAD_LETTERS.send(body, { contentType: "json" });
      return { retry: false };
    }
    // After the last attempt the queue itself moves the message to the dead-letter queue.
    return { retry: true, delaySeconds: backoffSeconds(attempt) };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 300) : "unknown error";
}
