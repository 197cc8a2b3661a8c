import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { runTrialLifecycle, type TrialLifecycleReport } from "../billing/lifecycle";
import type { Database } from "../db/client";
import { subscriptions } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { describeError, log } from "../lib/log";
import { recordSignal } from "../lib/system-signals";
import type { BatchMailer } from "../notify/mailer";
import { getGlobalSettings } from "../settings/global";
import { defaultsFor } from "../settings/organization";
import { syncSubscriptionQuantity } from "../team/billing-sync";
import { PRO_SUBSCRIPTION_STATUSES } from "../team/plan";
import type { JobContext } from "./job-context";
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
 * Steps 5–7 are bounded per run; what is left is picked up 15 minutes later.
 */

export type ScheduleRunOptions = {
  db: Database;
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
    return `${report.errors.length} step${report.errors.length === 1 ? "" : "s"} failed: ${steps}`;
  }
  return `Created ${report.created}, invited ${report.invited}, reminded ${report.reminded}, expired ${report.expired}`;
}

export async function runSchedule(options: ScheduleRunOptions): Promise<ScheduleRunReport> {
  const { db, config, send } = options;
  const now = options.now ?? Date.now();
  const limit = options.batchSize ?? 200;
  const global = await getGlobalSettings(db);
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
  await step("expire", () => start({ type: "expire", now, batchSize: limit }));
  await step("create", () => start({ type: "organizations", now, batchSize: limit, after: "" }));
  await step("invite", async () => {
    if (!origin) throw new Error("BETTER_AUTH_URL is not configured; invitations need the app's public origin");
    await start({ type: "scan", now, batchSize: limit, step: "invite", after: "" });
  });
  await step("remind", async () => {
    if (!origin) throw new Error("BETTER_AUTH_URL is not configured; reminders need the app's public origin");
    await start({ type: "scan", now, batchSize: limit, step: "remind", after: "" });
  });
  const ctx: JobContext = { db, config, send, sink, origin, fallback };
  for (let job = jobs.shift(); job; job = jobs.shift()) {
    const current = job;
    await step(stepOf(current), async () => {
      const done = await runJob(ctx, current);
      report.expired += done.expired ?? 0;
      report.created += done.created ?? 0;
      report.invited += done.invited ?? 0;
      report.reminded += done.reminded ?? 0;
    });
  }

  await step("trial", async () => {
    report.trial = await runTrialLifecycle({ db, send, origin, now, limit });
  });

  await step("reconcile", async () => {
    if (!config.STRIPE_SECRET_KEY) return;
    const lagging = await db
      .select({ organizationId: subscriptions.organizationId })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.subscriptionStatus, [...PRO_SUBSCRIPTION_STATUSES]),
          isNotNull(subscriptions.stripeSubscriptionId),
          sql`${subscriptions.currentSalespersonCount} != max(1, (select count(*) from team_members tm where tm.organization_id = ${subscriptions.organizationId} and tm.status = 'active'))`,
        ),
      )
      .limit(20);
    for (const { organizationId } of lagging) {
      if ((await syncSubscriptionQuantity(db, config, organizationId)) === "synced") report.reconciled++;
    }
  });

  const retentionHour = new Date(now).getUTCHours() === RETENTION_HOUR_UTC && new Date(now).getUTCMinutes() < 15;
  if (options.forceRetention || retentionHour) {
    await step("retain", async () => {
      report.retention = {
        ...(await applyRetention(db, now, global.dataRetention, limit * 25)),
        ...(await pruneOperationalRecords(db, now, limit * 25)),
        ran: true,
      };
    });
  }

  log("info", "schedule_run", { ...report, errors: report.errors.length });
  // The operator's system status reads the last run and its result (issue 25 §7).
  await recordSignal(db, "schedule", report.errors.length === 0, scheduleRunDetail(report));
  return report;
}
