import { and, eq, lte, ne, not, type SQL, sql } from "drizzle-orm";
import { qualified } from "../db/aggregates";
import { user } from "../db/auth-schema";
import { type Database, platformOf } from "../db/client";
import { organizations, subscriptions, trials } from "../db/schema";
import { ApiError } from "../lib/errors";
import type { Mailer } from "../notify/mailer";
import type { OrganizationStatus, PlanLifecycle } from "../shared/domain";
import {
  CANCELLED_SUBSCRIPTION_STATUSES,
  PAID_SUBSCRIPTION_STATUSES,
  PAYMENT_PROBLEM_STATUSES,
  type PlanAccess,
  planAccess,
} from "../shared/plan-access";
import { DAY_MS } from "../shared/time";
import { trialEndedEmail, trialReminderEmail } from "./lifecycle-emails";

/**
 * The plan's lifecycle (issue 13 §3, issue 25 §2). The rule itself is pure
 * (worker/shared/plan-access.ts, shared with the banner); here it meets D1:
 * - `assertCanCreateCheckIns` refuses a new check-in (402 plan_required, with the way out)
 *   unless the organization is paid or in its trial;
 * - `planLifecycleSql` is the same rule as an SQL expression over an organization's id (the
 *   console's status and filter), and `checkInsAllowedSql` the WHERE clause built on it, so
 *   the cron creates no scheduled check-in for a blocked organization (its schedule stays
 *   saved: paying restores it);
 * - `runTrialLifecycle` (a cron step) emails the reminders 7, 3 and 1 days before the end
 *   and the "trial ended" notice, each once (dedupe keys), marks ended trials `expired` and
 *   converted ones `converted`.
 * History is never touched: insights, the team and past check-ins stay readable.
 */
export const TRIAL_REMINDER_DAYS = [7, 3, 1] as const;

export async function loadPlanAccess(anyDb: Database, organizationId: string, now = Date.now()): Promise<PlanAccess> {
  const db = platformOf(anyDb);
  const [[trial], [subscription]] = await db.batch([
    db.select({ trialEndDate: trials.trialEndDate }).from(trials).where(eq(trials.organizationId, organizationId)),
    db
      .select({ status: subscriptions.subscriptionStatus })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, organizationId)),
  ]);
  return planAccess({
    trialEndsAt: trial?.trialEndDate.getTime() ?? null,
    subscriptionStatus: subscription?.status ?? null,
    now,
  });
}

export async function assertCanCreateCheckIns(db: Database, organizationId: string, now = Date.now()) {
  const access = await loadPlanAccess(db, organizationId, now);
  if (!access.canCreateCheckIns)
    throw new ApiError(402, "plan_required", access.message ?? "Choose a plan to continue.");
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * planAccess's lifecycle for the organization whose id is `organizationId` (a `qualified`
 * column, or a value), at `now`: the subscription decides when it is paid, failing or canceled, else the
 * trial (running or expired), else "expired". Two indexed lookups (both tables are unique on
 * organization_id). `lifecycle-sql.test.ts` checks it against planAccess case by case.
 */
export function planLifecycleSql(organizationId: SQL | string, now: number): SQL<PlanLifecycle> {
  return sql<PlanLifecycle>`coalesce(
    (select case
      when s.subscription_status in (${list(PAID_SUBSCRIPTION_STATUSES)}) then 'active'
      when s.subscription_status in (${list(PAYMENT_PROBLEM_STATUSES)}) then 'past_due'
      when s.subscription_status in (${list(CANCELLED_SUBSCRIPTION_STATUSES)}) then 'cancelled'
    end from ${subscriptions} s where s.organization_id = ${organizationId}),
    (select case when t.trial_end_date > ${now} then 'trial' else 'expired' end
      from ${trials} t where t.organization_id = ${organizationId}),
    'expired')`;
}

/** The same rule for `organizations` rows in a query: paid, or in the trial. */
export function checkInsAllowedSql(now: number): SQL {
  return sql`${planLifecycleSql(qualified(organizations.id), now)} in ('trial', 'active')`;
}

/** The status the console shows: the operator's inactive or suspended, else the plan's lifecycle. */
export function organizationStatusSql(now: number): SQL<OrganizationStatus> {
  const status = qualified(organizations.status);
  return sql<OrganizationStatus>`case when ${status} in ('inactive', 'suspended') then ${status} else ${planLifecycleSql(qualified(organizations.id), now)} end`;
}

/** Which reminder is due: the smallest of 7, 3, 1 days that the time left has reached. */
export function reminderDue(trialEndsAt: number, now: number): number | null {
  const left = trialEndsAt - now;
  if (left <= 0) return null;
  const due = TRIAL_REMINDER_DAYS.filter((days) => left <= days * DAY_MS);
  return due.length > 0 ? Math.min(...due) : null;
}

export type TrialLifecycleReport = { reminded: number; ended: number; converted: number };

export async function runTrialLifecycle(input: {
  db: Database;
  send: Mailer;
  origin: string | undefined;
  now: number;
  limit: number;
}): Promise<TrialLifecycleReport> {
  const { db, send, origin, now, limit } = input;
  const report: TrialLifecycleReport = { reminded: 0, ended: 0, converted: 0 };
  const upgradeUrl = `${origin ?? ""}/dashboard?plan=choose`;

  // Paid now: the trial is converted, whatever its dates.
  const converted = await db
    .update(trials)
    .set({ trialStatus: "converted" })
    .where(
      and(
        ne(trials.trialStatus, "converted"),
        sql`exists (select 1 from ${subscriptions} s where s.organization_id = ${qualified(trials.organizationId)} and s.subscription_status in (${list(PAID_SUBSCRIPTION_STATUSES)}))`,
      ),
    )
    .returning({ id: trials.id });
  report.converted = converted.length;

  // Trials in their last week or just ended, unpaid, soonest first, with who to tell (the
  // admin who chose it, else the organization's first admin). Every organization has a trial
  // (started with it), so the ones with more than a week left are not read at all.
  const paid = sql`exists (select 1 from ${subscriptions} s where s.organization_id = ${qualified(trials.organizationId)} and s.subscription_status in (${list(PAID_SUBSCRIPTION_STATUSES)}))`;
  const rows = await db
    .select({
      trial: trials,
      organizationName: organizations.name,
      email: sql<
        string | null
      >`coalesce((select u.email from ${user} u where u.id = ${qualified(trials.userId)}), (select u.email from ${user} u where u.organization_id = ${qualified(trials.organizationId)} and u.role = 'Admin' order by u.created_at limit 1))`,
    })
    .from(trials)
    .innerJoin(organizations, eq(organizations.id, trials.organizationId))
    .where(
      and(
        eq(trials.trialStatus, "active"),
        lte(trials.trialEndDate, new Date(now + Math.max(...TRIAL_REMINDER_DAYS) * DAY_MS)),
        not(paid),
      ),
    )
    .orderBy(trials.trialEndDate)
    .limit(limit);
  for (const { trial, organizationName, email } of rows) {
    const endsAt = trial.trialEndDate.getTime();
    if (endsAt <= now) {
      if (email) {
        const result = await send({
          to: email,
          ...trialEndedEmail({ organizationName, upgradeUrl }),
          kind: "trial_ended",
          dedupeKey: `trial-ended:${trial.id}`,
          organizationId: trial.organizationId,
          notice: { kind: "trial_ended", trialId: trial.id },
        });
        if (result.status === "failed") continue; // the next run retries under the same key
      }
      await db
        .update(trials)
        .set({ trialStatus: "expired" })
        .where(and(eq(trials.id, trial.id), eq(trials.trialStatus, "active")));
      report.ended++;
      continue;
    }
    const days = reminderDue(endsAt, now);
    if (days === null || !email) continue;
    const result = await send({
      to: email,
      ...trialReminderEmail({ organizationName, days, endsAt, upgradeUrl }),
      kind: "trial_reminder",
      dedupeKey: `trial-reminder:${trial.id}:${days}`,
      organizationId: trial.organizationId,
      notice: { kind: "trial_reminder", trialId: trial.id, days },
    });
    if (result.status === "sent") report.reminded++;
  }
  return report;
}
