import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { checkInsAllowedSql, runTrialLifecycle, type TrialLifecycleReport } from "../billing/lifecycle";
import type { Database } from "../db/client";
import { checkIns, organizationSettings, organizations, subscriptions, teamMembers } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { getGlobalSettings } from "../settings/global";
import { defaultsFor } from "../settings/organization";
import { expiryFor, isMemberDue, reminderDue, retentionCutoffs, schedulePeriod } from "../shared/schedule";
import type { OrganizationCheckInSettings } from "../shared/settings";
import { DAY_MS } from "../shared/time";
import { syncSubscriptionQuantity } from "../team/billing-sync";
import {
  emailCheckIn,
  insertCheckIn,
  inviteDedupeKey,
  linkFor,
  type Mailer,
  reminderDedupeKey,
} from "../team/check-ins";
import { PRO_SUBSCRIPTION_STATUSES } from "../team/plan";

/**
 * The Cron Trigger's run (every 15 minutes), in steps that are each idempotent, so a run
 * that dies half-way and the next run together do every thing exactly once:
 *
 * 1. expire: pending check-ins past their max response time that nobody started (the
 *    check-in's own object closes the ones that were started);
 * 2. create: for organizations with automatic check-ins on, one check-in per active member
 *    who is due this period (unique schedule_key per member and period; never a second
 *    link while one is open);
 * 3. invite: email every scheduled check-in not yet invited; the email's dedupe key is the
 *    check-in's, and invited_at is written only after the send, so a crash in between
 *    re-sends nothing (the outbox answers "duplicate") and the next run just marks it;
 * 4. remind: every reminder interval until answered or expired; reminder n has its own
 *    dedupe key, written the same way;
 * 5. reconcile: Pro subscriptions whose Stripe quantity lags the billable count;
 * 6. retain: once a day, delete raw data (transcripts, per-pillar rows) past the raw
 *    retention, and summaries past the summary retention (global settings).
 *
 * Each step is bounded per run; what is left is picked up 15 minutes later.
 */

export type ScheduleRunOptions = {
  db: Database;
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
  };
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
      const message = `${name}: ${error instanceof Error ? error.message : "unknown error"}`;
      report.errors.push(message);
      console.error(JSON.stringify({ level: "error", event: "schedule_step_failed", step: name, error: message }));
    }
  };

  await step("expire", async () => {
    const expired = await db
      .update(checkIns)
      .set({ status: "expired" })
      .where(
        and(
          eq(checkIns.status, "pending"),
          lte(checkIns.expiresAt, new Date(now)),
          or(isNull(checkIns.startedAt), lt(checkIns.expiresAt, new Date(now - STUCK_AFTER_MS))),
        ),
      )
      .returning({ id: checkIns.id });
    report.expired = expired.length;
  });

  await step("create", async () => {
    const enabled = await db
      .select({ settings: organizationSettings })
      .from(organizationSettings)
      .innerJoin(organizations, eq(organizations.id, organizationSettings.organizationId))
      .where(
        and(
          eq(organizationSettings.schedulingEnabled, true),
          inArray(organizations.status, ["active", "trial"]),
          // Paused after the trial or a lapsed payment; the saved schedule resumes on upgrade.
          checkInsAllowedSql(now),
        ),
      );
    for (const { settings } of enabled) {
      if (report.created >= limit) break;
      const period = schedulePeriod(settings.frequency, now);
      // Each active member's latest check-in and whether one is still open: index seeks per member.
      const members = await db
        .select({
          id: teamMembers.id,
          lastCreatedAt: sql<
            number | null
          >`(select max(ci.created_at) from check_ins ci where ci.team_member_id = ${teamMembers.id})`,
          open: sql<number>`exists(select 1 from check_ins ci where ci.team_member_id = ${teamMembers.id} and ci.status = 'pending' and ci.expires_at > ${now})`,
        })
        .from(teamMembers)
        .where(and(eq(teamMembers.organizationId, settings.organizationId), eq(teamMembers.status, "active")));
      for (const member of members) {
        if (report.created >= limit) break;
        const due = isMemberDue({
          period,
          lastCheckInCreatedAt: member.lastCreatedAt,
          hasOpenCheckIn: member.open === 1,
        });
        if (!due) continue;
        const created = await insertCheckIn(db, config, {
          organizationId: settings.organizationId,
          teamMemberId: member.id,
          createdBy: null,
          scheduleKey: period.key,
          durationMinutes: settings.durationMinutes,
          expiresAt: expiryFor(now, settings.maxResponseHours),
          invitedAt: null,
          now,
        });
        if (created) report.created++;
      }
    }
  });

  await step("invite", async () => {
    if (!origin) throw new Error("BETTER_AUTH_URL is not configured; invitations need the app's public origin");
    const waiting = await db
      .select({ checkIn: checkIns, member: teamMembers, organizationName: organizations.name })
      .from(checkIns)
      .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
      .innerJoin(organizations, eq(organizations.id, checkIns.organizationId))
      .where(
        and(
          eq(checkIns.status, "pending"),
          sql`${checkIns.expiresAt} > ${now}`,
          isNull(checkIns.invitedAt),
          isNotNull(checkIns.scheduleKey),
        ),
      )
      .limit(limit);
    for (const { checkIn, member, organizationName } of waiting) {
      const result = await emailCheckIn(send, config, {
        kind: "invite",
        checkIn,
        member,
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

  await step("remind", async () => {
    if (!origin) throw new Error("BETTER_AUTH_URL is not configured; reminders need the app's public origin");
    const open = await db
      .select({
        checkIn: checkIns,
        member: teamMembers,
        organizationName: organizations.name,
        settings: organizationSettings,
      })
      .from(checkIns)
      .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
      .innerJoin(organizations, eq(organizations.id, checkIns.organizationId))
      .leftJoin(organizationSettings, eq(organizationSettings.organizationId, checkIns.organizationId))
      .where(
        and(
          eq(checkIns.status, "pending"),
          sql`${checkIns.expiresAt} > ${now}`,
          isNotNull(checkIns.invitedAt),
          isNull(checkIns.startedAt),
        ),
      )
      .limit(limit * 5);
    for (const { checkIn, member, organizationName, settings } of open) {
      if (report.reminded >= limit) break;
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
      // The reminder carries the signed link: a check-in made before signed links gets one now.
      const { tokenHash } = await linkFor(config, checkIn.id);
      if (tokenHash !== checkIn.tokenHash) {
        await db.update(checkIns).set({ tokenHash }).where(eq(checkIns.id, checkIn.id));
      }
      const result = await emailCheckIn(send, config, {
        kind: "reminder",
        checkIn,
        member,
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
      report.retention = { ...(await applyRetention(db, now, global.dataRetention, limit * 25)), ran: true };
    });
  }

  console.info(JSON.stringify({ level: "info", event: "schedule_run", ...report, errors: report.errors.length }));
  return report;
}

/**
 * Data retention (global settings). Raw data — transcripts and the per-pillar rows — goes
 * after rawDataDays; with anonymization on, blocker descriptions are cut to their theme
 * then too. Summaries — scores, blockers, resolved alerts and finished check-ins — go after
 * summaryDataDays. Every statement walks an index in time order and is bounded; whatever
 * is left goes in tomorrow's run.
 */
async function applyRetention(
  db: Database,
  now: number,
  retention: { rawDataDays: number; summaryDataDays: number; enableAnonymization: boolean },
  limit: number,
) {
  const { raw, summary } = retentionCutoffs(now, retention);
  const d1 = db.$client;
  const finishedBefore = `select id from check_ins where status in ('completed', 'expired') and expires_at < ?1 order by expires_at limit ${limit}`;
  /** Finished check-ins past the cut-off that still hold rows of `table` (so each run makes progress). */
  const finishedWith = (table: string) =>
    `select c.id from check_ins c where c.status in ('completed', 'expired') and c.expires_at < ?1 and exists (select 1 from ${table} t where t.check_in_id = c.id) order by c.expires_at limit ${limit}`;
  const oldest = (table: string, column: string, where = "") =>
    `select id from ${table} where ${where}${column} < ?1 order by ${column} limit ${limit}`;
  const statements = [
    d1
      .prepare(
        `delete from check_in_messages where check_in_id in (${finishedWith("check_in_messages")}) and timestamp < ?1`,
      )
      .bind(raw),
    d1
      .prepare(
        `delete from real_time_sentiment where check_in_id in (${finishedWith("real_time_sentiment")}) and recorded_at < ?1`,
      )
      .bind(raw),
    d1.prepare(`delete from sentiment_scores where id in (${oldest("sentiment_scores", "recorded_at")})`).bind(summary),
    d1.prepare(`delete from user_challenges where id in (${oldest("user_challenges", "created_at")})`).bind(summary),
    d1
      .prepare(
        `delete from risk_alerts where id in (${oldest("risk_alerts", "created_at", "status = 'resolved' and ")})`,
      )
      .bind(summary),
    // A finished check-in past the summary window takes whatever rows it still has with it.
    d1.prepare(`delete from check_ins where id in (${finishedBefore})`).bind(summary),
  ];
  if (retention.enableAnonymization) {
    statements.push(
      d1
        .prepare(
          `update user_challenges set description = theme where id in (select id from user_challenges where created_at < ?1 and description != theme order by created_at limit ${limit})`,
        )
        .bind(raw),
    );
  }
  const [messages, realTime, scores, blockers, alerts, checkInsDeleted, anonymized] = await d1.batch(statements);
  const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;
  return {
    messages: changes(messages),
    realTime: changes(realTime),
    scores: changes(scores),
    blockers: changes(blockers),
    alerts: changes(alerts),
    checkIns: changes(checkInsDeleted),
    anonymized: changes(anonymized),
  };
}
