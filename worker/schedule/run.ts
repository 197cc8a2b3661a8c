import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { runTrialLifecycle, type TrialLifecycleReport } from "../billing/lifecycle";
import type { Database } from "../db/client";
import { subscriptions, teamMembers } from "../db/schema";
import { PLATFORM_BINDING } from "../db/shards";
import type { AppConfig } from "../lib/config";
import { describeError, log } from "../lib/log";
import { recordSignal } from "../lib/system-signals";
import type { BatchMailer } from "../notify/mailer";
import { getGlobalSettings } from "../settings/global";
import { defaultsFor } from "../settings/organization";
import { plural } from "../shared/plural";
import { syncSubscriptionQuantity } from "../team/billing-sync";
import { PRO_SUBSCRIPTION_STATUSES } from "../team/plan";
import type { JobSink, ScheduleJob } from "./jobs";
import { type OperationalRetentionReport, pruneOperationalRecords } from "./operational-retention";
import { applyRetention } from "./retention";
import { runJob } from "./run-job";

/**
 * The Cron Trigger's run (every 15 minutes). Its own work is small and fixed whatever the
 * number of salespeople: it starts four walks on the schedule queue (./jobs.ts), whose
 * consumer does them a bounded batch per invocation, and does the few steps that are bounded
 * by nature itself. Every step and job is idempotent, so a run or job that dies half-way and
 * the next one together do every thing exactly once:
 *
 * 1. expire: pending check-ins past their max response time that nobody started (the
 *    check-in's own object closes the ones that were started) — ./expire-job.ts;
 * 2. create: for organizations with automatic check-ins on, one check-in per active member
 *    with an email who is due this period (a member without one is the Admin's to send; unique
 *    schedule_key per member and period; never a second link while one is open), within the
 *    organization's daily check-in cap, and each batch's invitations — ./create-job.ts;
 * 3. invite: every scheduled check-in still not invited (a batch that failed); the email's
 *    dedupe key is the check-in's, and invited_at is written only after the send, so a crash
 *    in between re-sends nothing (the queue answers "duplicate") — ./send-jobs.ts;
 * 4. remind: every reminder interval until answered or expired; reminder n has its own
 *    dedupe key, written the same way — ./send-jobs.ts;
 * 5. trial: the trial's reminders and ends (worker/billing/lifecycle.ts);
 * 6. reconcile: Pro subscriptions whose Stripe quantity lags the billable count;
 * 7. retain: once a day, delete raw data (transcripts, per-pillar rows) past the raw
 *    retention, and summaries past the summary retention (global settings); and the email
 *    log, rate-limit counters and audit log past theirs (./operational-retention.ts).
 *
 * Steps 5–7 are bounded per run; what is left is picked up 15 minutes later. Steps 1–4 walk
 * every database holding organizations' rows (worker/db/shards.ts): the run starts each walk
 * once per shard, and each job names its shard. Reconcile and retention read every shard too.
 */

export type ScheduleRunOptions = {
  /** The platform database. */
  db: Database;
  /**
   * Every database holding organizations' rows (worker/db/shards.ts), by binding name, each
   * walked by the jobs; default: the platform database alone.
   */
  shards?: { name: string; db: Database }[];
  config: AppConfig;
  send: BatchMailer;
  now?: number;
  /** Run retention regardless of the hour (tests, a manual run). */
  forceRetention?: boolean;
  /** Members per create job, check-ins per expire job (and per invite job, up to SEND_BATCH). */
  batchSize?: number;
  /** The schedule queue; without it the jobs run in-process, here, before the run returns. */
  jobs?: JobSink;
};

export type ScheduleRunReport = {
  expired: number;
  created: number;
  invited: number;
  reminded: number;
  reconciled: number;
  /** Trial reminders sent, trials ended and converted (worker/billing/lifecycle.ts). */
  trial: TrialLifecycleReport;
  retention: {
    ran: boolean;
    messages: number;
    realTime: number;
    scores: number;
    blockers: number;
    alerts: number;
    checkIns: number;
    anonymized: number;
  } & Partial<OperationalRetentionReport>;
  errors: string[];
};

const RETENTION_HOUR_UTC = 3;

/** The cron step a job belongs to, as the report and the console name it. */
function stepOf(job: ScheduleJob): string {
  if (job.type === "organizations") return "create";
  if (job.type === "scan") return job.step;
  return job.type === "remind" ? "remind" : job.type;
}

/** One line for the console: the steps that failed, or what the run did. */
export function scheduleRunDetail(report: ScheduleRunReport): string {
  if (report.errors.length > 0) {
    const steps = report.errors.map((error) => error.split(":")[0]).join(", ");
    return `${report.errors.length} ${plural(report.errors.length, "step")} failed: ${steps}`;
  }
  return `Created ${report.created}, invited ${report.invited}, reminded ${report.reminded}, expired ${report.expired}`;
}

export async function runSchedule(options: ScheduleRunOptions): Promise<ScheduleRunReport> {
  const { config, send } = options;
  const platform = options.db;
  const shards = options.shards ?? [{ name: PLATFORM_BINDING, db: platform }];
  const now = options.now ?? Date.now();
  const limit = options.batchSize ?? 200;
  const global = await getGlobalSettings(platform);
  const fallback = defaultsFor(global);
  const origin = config.BETTER_AUTH_URL?.replace(/\/$/, "");
  const report: ScheduleRunReport = {
    expired: 0,
    created: 0,
    invited: 0,
    reminded: 0,
    reconciled: 0,
    trial: { reminded: 0, ended: 0, converted: 0 },
    retention: { ran: false, messages: 0, realTime: 0, scores: 0, blockers: 0, alerts: 0, checkIns: 0, anonymized: 0 },
    errors: [],
  };
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      report.errors.push(`${name}: ${describeError(error)}`);
      log("error", "schedule_step_failed", { step: name, error });
    }
  };

  // Expiry, creation, invitations and reminders: started here, done by the schedule queue's
  // consumer a batch per job (./jobs.ts). In-process (no queue: tests, a manual run) the same
  // jobs run here, one after the other, and the report counts what they did.
  const jobs: ScheduleJob[] = [];
  const sink: JobSink = options.jobs ?? { send: async (more) => void jobs.push(...more) };
  const start = (job: ScheduleJob) => sink.send([job]);
  const labelOf = (shard: string) => (shards.length > 1 ? ` (${shard})` : "");
  for (const { name: shard } of shards) {
    const label = labelOf(shard);
    await step(`expire${label}`, () => start({ type: "expire", shard, now, batchSize: limit }));
    await step(`create${label}`, () => start({ type: "organizations", shard, now, batchSize: limit, after: "" }));
    await step(`invite${label}`, async () => {
      if (!origin) throw new Error("BETTER_AUTH_URL is not configured; invitations need the app's public origin");
      await start({ type: "scan", shard, now, batchSize: limit, step: "invite", after: "" });
    });
    await step(`remind${label}`, async () => {
      if (!origin) throw new Error("BETTER_AUTH_URL is not configured; reminders need the app's public origin");
      await start({ type: "scan", shard, now, batchSize: limit, step: "remind", after: "" });
    });
  }
  const shardDbs = new Map(shards.map(({ name, db }) => [name, db]));
  for (let job = jobs.shift(); job; job = jobs.shift()) {
    const current = job;
    await step(`${stepOf(current)}${labelOf(current.shard)}`, async () => {
      const db = shardDbs.get(current.shard);
      if (!db) throw new Error(`No database ${current.shard} in this run`);
      const done = await runJob({ db, config, send, sink, origin, fallback }, current);
      report.expired += done.expired ?? 0;
      report.created += done.created ?? 0;
      report.invited += done.invited ?? 0;
      report.reminded += done.reminded ?? 0;
    });
  }

  await step("trial", async () => {
    report.trial = await runTrialLifecycle({ db: platform, send, origin, now, limit });
  });

  await step("reconcile", async () => {
    if (!config.STRIPE_SECRET_KEY) return;
    // Live subscriptions are the platform's, their teams the shards': counted apart, compared here.
    const live = await platform
      .select({ organizationId: subscriptions.organizationId, count: subscriptions.currentSalespersonCount })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.subscriptionStatus, [...PRO_SUBSCRIPTION_STATUSES]),
          isNotNull(subscriptions.stripeSubscriptionId),
        ),
      );
    if (live.length === 0) return;
    const lagging: { organizationId: string; db: Database }[] = [];
    for (const { db } of shards) {
      const teams = await db
        .select({ organizationId: teamMembers.organizationId, n: count() })
        .from(teamMembers)
        .where(eq(teamMembers.status, "active"))
        .groupBy(teamMembers.organizationId);
      const active = new Map(teams.map((row) => [row.organizationId, row.n]));
      for (const subscription of live) {
        const n = active.get(subscription.organizationId);
        if (n !== undefined && subscription.count !== Math.max(1, n)) lagging.push({ ...subscription, db });
      }
    }
    for (const { organizationId, db } of lagging.slice(0, 20)) {
      if ((await syncSubscriptionQuantity(db, config, organizationId)) === "synced") report.reconciled++;
    }
  });

  const retentionHour = new Date(now).getUTCHours() === RETENTION_HOUR_UTC && new Date(now).getUTCMinutes() < 15;
  if (options.forceRetention || retentionHour) {
    await step("retain", async () => {
      const retained = { ...report.retention };
      for (const { db } of shards) {
        const shard = await applyRetention(db, now, global.dataRetention, limit * 25);
        for (const key of Object.keys(shard) as (keyof typeof shard)[]) retained[key] += shard[key];
      }
      report.retention = { ...retained, ...(await pruneOperationalRecords(platform, now, limit * 25)), ran: true };
    });
  }

  log("info", "schedule_run", { ...report, errors: report.errors.length });
  // The operator's system status reads the last run and its result (issue 25 §7).
  await recordSignal(platform, "schedule", report.errors.length === 0, scheduleRunDetail(report));
  return report;
}
