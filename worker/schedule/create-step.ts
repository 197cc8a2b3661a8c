import { and, asc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { checkInsAllowedSql } from "../billing/lifecycle";
import { type Database, platformOf } from "../db/client";
import { organizationSettings, organizations, scheduleCursors, slackInstallations, teamMembers } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { reserveDailyCap } from "../lib/daily-caps";
import { schedulePeriodIn, timeZoneOrDefault } from "../notify/time-zone";
import { dailyCapFor } from "../shared/daily-limits";
import { expiryFor, isMemberDue } from "../shared/schedule";
import { insertCheckIn } from "../team/check-ins";

/**
 * The cron's create step with a hard budget. Organizations with scheduling on are walked in
 * id order from a cursor kept in D1 (schedule_cursors) between runs; a run stops when its
 * D1 statements would pass CREATE_QUERY_BUDGET or it has created `createLimit` check-ins,
 * and the next run carries on from there. Past the last organization the cursor wraps to
 * the first, so every organization is reached every ceil(N / per-run) runs, and the run's
 * cost does not grow with the number of sign-ups (one run's D1 budget is shared by every
 * tenant's reminders and expiry).
 *
 * Cost per run: 2 statements for the cursor, 1 per page of organizations, 1 per organization
 * (its members with their latest check-in), 1 per organization with due members (its daily
 * check-in cap) and 1 per check-in created.
 */
export const CREATE_QUERY_BUDGET = 300;
const PAGE = 50;
const CURSOR = "create";

export type CreateStepReport = { created: number; organizations: number; statements: number; wrapped: boolean };

/**
 * `db` is one shard (worker/db/shards.ts): its organizations' settings, members and check-ins
 * are read there; their status, plan and time zone, and the cursor (one per shard, `cursorName`),
 * in the platform database.
 */
export async function runCreateStep(
  db: Database,
  config: AppConfig,
  now: number,
  createLimit: number,
  budget = CREATE_QUERY_BUDGET,
  cursorName = CURSOR,
): Promise<CreateStepReport> {
  const platform = platformOf(db);
  const report: CreateStepReport = { created: 0, organizations: 0, statements: 0, wrapped: false };
  const spend = (n: number) => {
    report.statements += n;
  };
  const [saved] = await platform
    .select({ value: scheduleCursors.value })
    .from(scheduleCursors)
    .where(eq(scheduleCursors.name, cursorName));
  spend(1);
  let cursor = saved?.value ?? "";
  // Reserve the statement that saves the cursor.
  const left = () => budget - report.statements - 1;

  walk: while (left() > 1 && report.created < createLimit) {
    const scheduled = await db
      .select()
      .from(organizationSettings)
      .where(and(eq(organizationSettings.schedulingEnabled, true), gt(organizationSettings.organizationId, cursor)))
      .orderBy(asc(organizationSettings.organizationId))
      .limit(PAGE);
    spend(1);
    // Which of them may run now, from the platform database (a second query, not a join: D1
    // joins within one database only).
    const open =
      scheduled.length === 0
        ? []
        : await platform
            .select({
              id: organizations.id,
              timeZone: organizations.timeZone,
              slackDm: slackInstallations.dmInvitations,
            })
            .from(organizations)
            // Whether it invites by Slack DM: its installation is the platform's too.
            .leftJoin(slackInstallations, eq(slackInstallations.organizationId, organizations.id))
            .where(
              and(
                inArray(
                  organizations.id,
                  scheduled.map((row) => row.organizationId),
                ),
                inArray(organizations.status, ["active", "trial"]),
                // Paused after the trial or a lapsed payment; the saved schedule resumes on upgrade.
                checkInsAllowedSql(now),
              ),
            );
    if (scheduled.length > 0) spend(1);
    const timeZones = new Map(open.map((row) => [row.id, row.timeZone]));
    const slackDms = new Set(open.filter((row) => row.slackDm === true).map((row) => row.id));
    const page = scheduled.map((settings) => ({ settings, open: timeZones.has(settings.organizationId) }));
    for (const { settings, open: runs } of page) {
      if (!runs) {
        cursor = settings.organizationId;
        continue;
      }
      const timeZone = timeZones.get(settings.organizationId) ?? null;
      const members = await db
        .select({
          id: teamMembers.id,
          // Sizes the daily check-in cap (every active member counts, with an email or not).
          active: sql<number>`(select count(*) from team_members tm where tm.organization_id = ${settings.organizationId} and tm.status = 'active')`,
          lastCreatedAt: sql<
            number | null
          >`(select max(ci.created_at) from check_ins ci where ci.team_member_id = ${teamMembers.id})`,
          open: sql<number>`exists(select 1 from check_ins ci where ci.team_member_id = ${teamMembers.id} and ci.status = 'pending' and ci.expires_at > ${now})`,
        })
        .from(teamMembers)
        .where(
          and(
            eq(teamMembers.organizationId, settings.organizationId),
            eq(teamMembers.status, "active"),
            // No email, no invitation: the Admin sends theirs by hand and hands the link over.
            isNotNull(teamMembers.email),
          ),
        );
      spend(1);
      // Periods start at midnight in the organization's time zone (worker/notify/time-zone.ts).
      const period = schedulePeriodIn(settings.frequency, now, timeZoneOrDefault(timeZone));
      const due = members.filter((member) =>
        isMemberDue({ period, lastCheckInCreatedAt: member.lastCreatedAt, hasOpenCheckIn: member.open === 1 }),
      );
      // An organization is done whole or not started: if its inserts (and the cap's count) do not
      // fit, the next run begins with it.
      let partial = false;
      if (due.length + 1 > left() || report.created + due.length > createLimit) {
        if (report.organizations > 0 || report.created > 0) break walk;
        // Bigger than a whole run: do what fits and begin with it again next run (its
        // members already done are no longer due, so it makes progress every run).
        due.length = Math.max(0, Math.min(left(), createLimit));
        partial = true;
      }
      // The organization's daily check-in cap, taken for all its due members at once: past it
      // the rest wait for tomorrow's run (they stay due), and the run goes on for the others.
      if (due.length > 0) {
        const cap = dailyCapFor("check_in", members[0]?.active ?? 0);
        due.length = await reserveDailyCap(db, settings.organizationId, "check_in", due.length, now, cap);
        spend(1);
      }
      for (const member of due) {
        const created = await insertCheckIn(db, config, {
          organizationId: settings.organizationId,
          teamMemberId: member.id,
          createdBy: null,
          scheduleKey: period.key,
          durationMinutes: settings.durationMinutes,
          expiresAt: expiryFor(now, settings.maxResponseHours),
          invitedAt: null,
          now,
          slackDm: slackDms.has(settings.organizationId),
        });
        spend(1);
        if (created) report.created++;
      }
      if (partial) break walk;
      cursor = settings.organizationId;
      report.organizations++;
      if (left() <= 1) break walk;
    }
    if (page.length < PAGE) {
      // Past the last organization: the next run starts again from the first.
      cursor = "";
      report.wrapped = true;
      break;
    }
  }

  await platform
    .insert(scheduleCursors)
    .values({ name: cursorName, value: cursor, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: scheduleCursors.name, set: { value: cursor, updatedAt: new Date(now) } });
  spend(1);
  return report;
}
