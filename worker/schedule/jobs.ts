import * as z from "zod/mini";

/**
 * The schedule's work, as messages on the schedule queue (wrangler.jsonc `SCHEDULE_QUEUE`).
 * The cron run only starts the walks; each message is one bounded piece of work (a page of
 * ids, a batch of members), done by the consumer in its own invocation, so a Monday of
 * 10,000 salespeople stays within one invocation's CPU and subrequest limits however large
 * the organization. A message holds ids and the run's time only, and every job is
 * idempotent: a retried or repeated message creates, expires or sends nothing twice. Each
 * message names the database it walks (`shard`, a D1 binding: worker/db/shards.ts): the cron
 * starts the walks once per shard, and every job a walk hands on stays in its shard.
 *
 * - `organizations`: a page of organizations with scheduling on, from `after`; one `create`
 *   per organization and the next page.
 * - `create`: a page of an organization's active members with an email, from `after`; the
 *   due ones get their check-in, an `invite` for what it created, and the next page.
 * - `scan`: a page of open check-ins waiting for an invitation or a reminder; one `invite` or
 *   `remind` per batch of those owed one, and the next page.
 * - `invite`, `remind`: a batch of check-ins, each emailed under its own dedupe key.
 * - `expire`: a batch of check-ins past their expiry; again while a batch was full.
 */
const id = z.string().check(z.minLength(1), z.maxLength(200));
const ids = z.array(id).check(z.minLength(1), z.maxLength(500));
const size = z.int().check(z.minimum(1), z.maximum(500));
/** A D1 binding's name (the consumer checks it is one of the Worker's databases). */
const shard = z.string().check(z.regex(/^DB(_SHARD_\d{1,3})?$/));

export const scheduleJobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("organizations"), shard, now: z.number(), batchSize: size, after: z.string() }),
  z.object({
    type: z.literal("create"),
    shard,
    now: z.number(),
    batchSize: size,
    organizationId: id,
    after: z.string(),
  }),
  z.object({
    type: z.literal("scan"),
    shard,
    now: z.number(),
    batchSize: size,
    step: z.enum(["invite", "remind"]),
    after: z.string(),
  }),
  z.object({ type: z.literal("invite"), shard, now: z.number(), checkInIds: ids }),
  z.object({ type: z.literal("remind"), shard, now: z.number(), checkInIds: ids }),
  z.object({ type: z.literal("expire"), shard, now: z.number(), batchSize: size }),
]);

export type ScheduleJob = z.infer<typeof scheduleJobSchema>;

/** Where jobs go: the schedule queue, or (a run in-process) a list drained by the same handlers. */
export type JobSink = { send(jobs: readonly ScheduleJob[]): Promise<void> };

/** A queue batch holds at most 100 messages. */
const QUEUE_BATCH = 100;

export function queueSink(queue: Queue): JobSink {
  return {
    async send(jobs) {
      for (let i = 0; i < jobs.length; i += QUEUE_BATCH) {
        await queue.sendBatch(jobs.slice(i, i + QUEUE_BATCH).map((body) => ({ body, contentType: "json" as const })));
      }
    },
  };
}

/**
 * Check-ins per `invite` or `remind` job (or the run's batch size, if smaller): each costs
 * about seven D1 statements and a queue send, so a job stays near 350 subrequests.
 */
export const SEND_BATCH = 50;
export const sendBatchOf = (batchSize: number) => Math.min(SEND_BATCH, batchSize);

/** Splits ids into jobs of at most `size`. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
