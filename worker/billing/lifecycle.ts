import { and, eq, inArray, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { user } from "../db/auth-schema";
import type { Database } from "../db/client";
import { organizations, subscriptions, trials } from "../db/schema";
import { ApiError } from "../lib/errors";
import type { Mailer } from "../notify/mailer";
import { type PlanAccess, planAccess } from "../shared/plan-access";
import { DAY_MS } from "../shared/time";
import { trialEndedEmail, trialReminderEmail } from "./lifecycle-emails";

/**
 * The plan's lifecycle (issue 13 §3). The rule itself is pure (worker/shared/plan-access.ts,
 * shared with the banner); here it meets D1:
 * - `assertCanCreateCheckIns` refuses a new check-in (402 plan_required, with the way to
 *   upgrade) once the trial has ended or the Pro subscription is past_due, unpaid or canceled;
 * - `checkInsAllowedSql` is the same rule as a WHERE clause, so the cron creates no scheduled
 *   check-in for such an organization (its schedule stays saved: upgrading restores it);
 * - `runTrialLifecycle` (a cron step) emails the reminders 7, 3 and 1 days before the end
 *   and the "trial ended" notice, each once (dedupe keys), marks ended trials `expired` and
 *   converted ones `converted`.
 * History is never touched: insights, the team and past check-ins stay readable.
 */
export const LAPSED_SUBSCRIPTION_STATUSES = ["past_due", "unpaid", "canceled", "incomplete_expired"] as const;
const PAID = ["active", "trialing"] as const;
export const TRIAL_REMINDER_DAYS = [7, 3, 1] as const;

export async function loadPlanAccess(db: Database, organizationId: string, now = Date.now()): Promise<PlanAccess> {
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
  if (!access.canCreateCheckIns) throw new ApiError(402, "plan_required", access.message ?? "Upgrade to continue.");
}

/** The same rule for `organizations` rows in a query: paid, or neither lapsed nor past the trial. */
export function checkInsAllowedSql(now: number): SQL {
  const paid = sql.join(
    PAID.map((s) => sql`${s}`),
    sql`, `,
  );
  const lapsed = sql.join(
    LAPSED_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`(exists (select 1 from ${subscriptions} s where s.organization_id = ${organizations.id} and s.subscription_status in (${paid}))
    or (not exists (select 1 from ${subscriptions} s where s.organization_id = ${organizations.id} and s.subscription_status in (${lapsed}))
      and not exists (select 1 from ${trials} t where t.organization_id = ${organizations.id} and t.trial_end_date <= ${now})))`;
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
        sql`exists (select 1 from ${subscriptions} s where s.organization_id = ${trials.organizationId} and s.subscription_status in ('active', 'trialing'))`,
      ),
    )
    .returning({ id: trials.id });
  report.converted = converted.length;

  // Trials still running or just ended, with who to tell (the admin who started it, else any admin).
  const rows = await db
    .select({
      trial: trials,
      organizationName: organizations.name,
      email: sql<
        string | null
      >`coalesce((select u.email from ${user} u where u.id = ${trials.userId}), (select u.email from ${user} u where u.organization_id = ${trials.organizationId} and u.role = 'Admin' order by u.created_at limit 1))`,
    })
    .from(trials)
    .innerJoin(organizations, eq(organizations.id, trials.organizationId))
    .where(and(inArray(trials.trialStatus, ["active"]), isNotNull(trials.trialEndDate)))
    .limit(limit);
  for (const { trial, organizationName, email } of rows) {
    const endsAt = trial.trialEndDate.getTime();
    const paid = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.organizationId, trial.organizationId),
          inArray(subscriptions.subscriptionStatus, [...PAID]),
        ),
      );
    if (paid.length > 0) continue;
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
