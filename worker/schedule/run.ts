import { and, count, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { runTrialLifecycle, type TrialLifecycleReport } from "../billing/lifecycle";
import { deliveryOf, sendable } from "../checkin/delivery";
import { changeCheckInStatus } from "../db/check-in-status";
import type { Database } from "../db/client";
import { checkIns, organizationSettings, organizations, subscriptions, teamMembers } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { describeError, log } from "../lib/log";
import { recordSignal } from "../lib/system-signals";
import { getGlobalSettings } from "../settings/global";
import { defaultsFor } from "../settings/organization";
import { reminderDue } from "../shared/schedule";
import type { OrganizationCheckInSettings } from "../shared/settings";
import { DAY_MS } from "../shared/time";
import { syncSubscriptionQuantity } from "../team/billing-sync";
import { emailCheckIn, inviteDedupeKey, linkOf, type Mailer, reminderDedupeKey } from "../team/check-ins";
import { PRO_SUBSCRIPTION_STATUSES } from "../team/plan";
import { runCreateStep } from "./create-step";
import { type OperationalRetentionReport, pruneOperationalRecords } from "./operational-retention";
import { applyRetention } from "./retention";

/**
 * The Cron Trigger's run (every 15 minutes), in steps that are each idempotent, so a run
 * that dies half-way and the next run together do every thing exactly once:
 *
 * 1. expire: pending check-ins past their max response time that nobody started (the
 *    check-in's own object closes the ones that were started);
 * 2. create: for organizations with automatic check-ins on, one check-in per active member
 *    with an email who is due this period (a member without one is the Admin's to send; unique
 *    schedule_key per member and period; never a second link while one is open), from a
 *    cursor kept between runs, within a statement budget;
 * 3. invite: email every scheduled check-in not yet invited; the email's dedupe key is the
 *    check-in's, and invited_at is written only after the send, so a crash in between
 *    re-sends nothing (the outbox answers "duplicate") and the next run just marks it;
 * 4. remind: every reminder interval until answered or expired; reminder n has its own
 *    dedupe key, written the same way;
 * 5. reconcile: Pro subscriptions whose Stripe quantity lags the billable count;
 * 6. retain: once a day, delete raw data (transcripts, per-pillar rows) past the raw
 *    retention, and summaries past the summary retention (global settings); and the email
 *    log, rate-limit counters and audit log past theirs (./operational-retention.ts).
 *
 * Each step is bounded per run; what is left is picked up 15 minutes later.
 */

export type ScheduleRunOptions = {
  /** The platform database. */
  db: Database;
  /**
   * Every database holding organizations' rows (worker/db/shards.ts), each walked in turn by the
   * steps over check-ins and members; default: the platform database alone.
   */
  shards?: { name: string; db: Database }[];
  config: AppConfig;
  send: Mailer;
  now?: number;
  /** Run retention regardless of the hour (tests, a manual run). */
  forceRetention?: boolean;
  batchSize?: number;
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
/** A started chat still pending a day after its expiry is stuck, not in progress. */
const STUCK_AFTER_MS = DAY_MS;

type OrgSettingsRow = typeof organizationSettings.$inferSelect | null;

function settingsOf(row: OrgSettingsRow, fallback: OrganizationCheckInSettings): OrganizationCheckInSettings {
  if (!row) return fallback;
  const { organizationId: _, updatedAt: __, ...settings } = row;
  return settings;
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
  const { config, send } = options;
  const platform = options.db;
  const shards = options.shards ?? [{ name: "DB", db: platform }];
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

  for (const { name, db } of shards) {
    const label = shards.length > 1 ? ` (${name})` : "";
    await step(`expire${label}`, async () => {
      const expired = await changeCheckInStatus(
        db,
        and(
          lte(checkIns.expiresAt, new Date(now)),
          or(isNull(checkIns.startedAt), lt(checkIns.expiresAt, new Date(now - STUCK_AFTER_MS))),
        ),
        { status: "expired" },
      ).returning({ id: checkIns.id });
      report.expired += expired.length;
    });

    await step(`create${label}`, async () => {
      // Bounded and resumable: a cursor between runs and a statement budget per run (./create-step.ts).
      const cursor = name === "DB" ? undefined : `create:${name}`;
      report.created += (await runCreateStep(db, config, now, limit, undefined, cursor)).created;
    });

    await step(`invite${label}`, async () => {
      if (!origin) throw new Error("BETTER_AUTH_URL is not configured; invitations need the app's public origin");
      const waiting = await db
        .select({ checkIn: checkIns, member: teamMembers })
        .from(checkIns)
        .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
        .where(
          and(
            eq(checkIns.status, "pending"),
            sql`${checkIns.expiresAt} > ${now}`,
            isNull(checkIns.invitedAt),
            isNotNull(checkIns.scheduleKey),
            // Only a check-in with an address to send to (a handed-over link has none).
            or(isNull(checkIns.deliveryRoute), ne(checkIns.deliveryRoute, "handover")),
          ),
        )
        .limit(limit);
      const organizationsOf = await organizationFacts(platform, waiting);
      for (const { checkIn, member } of waiting) {
        // A suspended organization's links do not work: no email points at one.
        const organizationName = organizationsOf.get(checkIn.organizationId);
        if (organizationName === undefined) continue;
        // The route and address stored when the check-in was created; never the member's address now.
        const to = sendable(await deliveryOf(db, checkIn));
        if (to === null) continue;
        const result = await emailCheckIn(send, {
          kind: "invite",
          checkIn,
          link: await linkOf(db, config, checkIn),
          delivery: to,
          firstName: member.firstName,
          organizationId: checkIn.organizationId,
          organizationName,
          origin,
          dedupeKey: inviteDedupeKey(checkIn.id),
        });
        // A failed delivery stays uninvited: the next run retries the same dedupe key.
        if (result.status === "failed") continue;
        await db
          .update(checkIns)
          .set({ invitedAt: new Date(now) })
          .where(and(eq(checkIns.id, checkIn.id), isNull(checkIns.invitedAt)));
        report.invited++;
      }
    });

    await step(`remind${label}`, async () => {
      if (!origin) throw new Error("BETTER_AUTH_URL is not configured; reminders need the app's public origin");
      const open = await db
        .select({
          checkIn: checkIns,
          member: teamMembers,
          settings: organizationSettings,
        })
        .from(checkIns)
        .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
        .leftJoin(organizationSettings, eq(organizationSettings.organizationId, checkIns.organizationId))
        .where(
          and(
            eq(checkIns.status, "pending"),
            sql`${checkIns.expiresAt} > ${now}`,
            isNotNull(checkIns.invitedAt),
            isNull(checkIns.startedAt),
            // A handed-over link (a member without an email) has nowhere to be reminded.
            or(isNull(checkIns.deliveryRoute), ne(checkIns.deliveryRoute, "handover")),
          ),
        )
        .limit(limit * 5);
      const organizationsOf = await organizationFacts(platform, open);
      for (const { checkIn, member, settings } of open) {
        if (report.reminded >= limit) break;
        const organizationName = organizationsOf.get(checkIn.organizationId);
        if (organizationName === undefined) continue;
        const resolved = settingsOf(settings, fallback);
        const number = reminderDue({
          autoReminders: resolved.autoReminders,
          intervalHours: resolved.reminderIntervalHours,
          invitedAt: checkIn.invitedAt?.getTime() ?? null,
          startedAt: checkIn.startedAt?.getTime() ?? null,
          expiresAt: checkIn.expiresAt.getTime(),
          remindersSent: checkIn.reminderCount,
          now,
        });
        if (number === null) continue;
        const to = sendable(await deliveryOf(db, checkIn));
        if (to === null) continue;
        // The link already in the inbox (a check-in made before signed links gets one now).
        const result = await emailCheckIn(send, {
          kind: "reminder",
          checkIn,
          link: await linkOf(db, config, checkIn),
          delivery: to,
          firstName: member.firstName,
          organizationId: checkIn.organizationId,
          organizationName,
          origin,
          dedupeKey: reminderDedupeKey(checkIn.id, number),
        });
        if (result.status === "failed") continue;
        await db
          .update(checkIns)
          .set({ reminderCount: number, lastRemindedAt: new Date(now) })
          .where(and(eq(checkIns.id, checkIn.id), lt(checkIns.reminderCount, number)));
        report.reminded++;
      }
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

/**
 * The name of each organization these rows belong to that may be emailed now (not suspended),
 * from the platform database: the shard's copy of the organization only anchors its rows.
 */
async function organizationFacts(platform: Database, rows: { checkIn: { organizationId: string } }[]) {
  const ids = [...new Set(rows.map((row) => row.checkIn.organizationId))];
  if (ids.length === 0) return new Map<string, string>();
  const found = await platform
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(inArray(organizations.id, ids), ne(organizations.status, "suspended")));
  return new Map(found.map((row) => [row.id, row.name]));
}
