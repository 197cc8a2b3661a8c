import { app } from "./app";
import { trialNoticeRenderers } from "./billing/trial-notices";
import { createDb } from "./db/client";
import { dbFor, shardDb, shardNames } from "./db/shards";
import { readConfig } from "./lib/config";
import { secretConfigurationProblem } from "./lib/keys";
import { log } from "./lib/log";
import { renderAlert } from "./notify/alerts";
import { handleNotifyBatch } from "./notify/consumer";
import { renderDigest, runDigests } from "./notify/digest";
import { notifyQueue } from "./notify/enqueue";
import { queueMailer } from "./notify/mailer";
import type { NoticeRenderers } from "./notify/notices";
import { handleScheduleBatch } from "./schedule/consumer";
import { queueSink } from "./schedule/jobs";
import { runSchedule } from "./schedule/run";
import { checkInNoticeRenderers } from "./team/check-in-notices";

/**
 * The words of every notice the queue delivers, by kind, from the feature that owns them
 * (here, so worker/notify depends on none of them). A new kind in worker/notify/messages.ts
 * is a type error until it has its renderer.
 */
const NOTICE_RENDERERS: NoticeRenderers = {
  alert: renderAlert,
  digest: renderDigest,
  ...checkInNoticeRenderers,
  ...trialNoticeRenderers,
};

/** wrangler.jsonc's schedule queue. */
const SCHEDULE_QUEUE_NAME = "undertone-schedule";

export { CheckInSession } from "./checkin/session";

export default {
  fetch: app.fetch,
  /**
   * The Cron Trigger (every 15 minutes): starts the walks over due check-ins, invitations,
   * reminders and expiry on the schedule queue; retention, the trial and digests.
   */
  async scheduled(controller, env) {
    // An unsafe secret (production) sends nothing: every link made with it would be forgeable.
    const problem = secretConfigurationProblem(readConfig(env));
    if (problem) {
      log("error", "unsafe_secret", { problem });
      return;
    }
    const db = createDb(env.DB);
    const config = readConfig(env);
    await runSchedule({
      db,
      // Every database holding organizations' rows: each gets its own walks (worker/db/shards.ts).
      shards: shardNames(env).map((name) => ({ name, db: shardDb(env, name) })),
      config,
      // Invitations and reminders are delivered by the notifications queue (email or Slack DM).
      send: queueMailer(env, { capAsFailure: true }),
      now: controller.scheduledTime,
      jobs: queueSink(env.SCHEDULE_QUEUE),
      batchSize: config.SCHEDULE_BATCH_SIZE,
    });
    await runDigests({
      db,
      shardFor: (organizationId) => dbFor(env, organizationId),
      queue: notifyQueue(env),
      now: controller.scheduledTime,
    });
  },
  /**
   * Two queues: the schedule's jobs (worker/schedule/consumer.ts) and the notifications
   * (worker/notify/consumer.ts): alerts, digests, invitations.
   */
  queue: (batch, env) =>
    batch.queue === SCHEDULE_QUEUE_NAME
      ? handleScheduleBatch(batch, env)
      : handleNotifyBatch(batch, env, NOTICE_RENDERERS),
} satisfies ExportedHandler<Env>;
