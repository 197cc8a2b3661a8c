import * as zc from "zod/v4/core";
import { platformDb, shardDb, shardNames } from "../db/shards";
import { readConfig } from "../lib/config";
import { log } from "../lib/log";
import { queueMailer } from "../notify/mailer";
import { getGlobalSettings } from "../settings/global";
import { defaultsFor } from "../settings/organization";
import { queueSink, scheduleJobSchema } from "./jobs";
import { runJob } from "./run-job";

/** wrangler.jsonc: the schedule queue's max_retries; after that the next cron run walks again. */
const RETRY_SECONDS = 30;

/**
 * The schedule queue's consumer: one job per message (max_batch_size 1, so one invocation's
 * subrequests are one job's). A failed job is retried; one that keeps failing is dropped
 * after max_retries, and the next cron run (15 minutes) finds whatever it left undone. Each job
 * runs on the shard it names (worker/db/shards.ts); one naming a database this Worker does not
 * have is dropped as invalid.
 */
export async function handleScheduleBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const config = readConfig(env);
  const global = await getGlobalSettings(platformDb(env));
  const base = {
    config,
    // Invitations and reminders are delivered by the notifications queue (email or Slack DM).
    send: queueMailer(env, { capAsFailure: true }),
    sink: queueSink(env.SCHEDULE_QUEUE),
    origin: config.BETTER_AUTH_URL?.replace(/\/$/, ""),
    fallback: defaultsFor(global),
  };
  const shards = shardNames(env);
  for (const message of batch.messages) {
    const parsed = zc.safeParse(scheduleJobSchema, message.body);
    if (!parsed.success || !shards.includes(parsed.data.shard)) {
      log("error", "schedule_job_invalid", { id: message.id });
      message.ack();
      continue;
    }
    try {
      const report = await runJob({ ...base, db: shardDb(env, parsed.data.shard) }, parsed.data);
      log("info", "schedule_job", { type: parsed.data.type, ...report });
      message.ack();
    } catch (error) {
      log("error", "schedule_job_failed", { type: parsed.data.type, attempt: message.attempts, error });
      message.retry({ delaySeconds: RETRY_SECONDS });
    }
  }
}
