import { and, asc, count, eq, gt, isNotNull, sql } from "drizzle-orm";
import { qualified } from "../db/aggregates";
import { rawRowsInOneTrip } from "../db/batch";
import { type Database, platformOf } from "../db/client";
import { organizationSettings, teamMembers } from "../db/schema";
import { reserveDailyCap } from "../lib/daily-caps";
import { schedulePeriodIn, timeZoneOrDefault } from "../notify/time-zone";
import { dailyCapFor } from "../shared/daily-limits";
import { expiryFor, isMemberDue } from "../shared/schedule";
import { checkInInsert } from "../team/check-ins";
import type { JobContext, JobReport } from "./job-context";
import { inBatches, type ScheduleJob, sendBatchOf } from "./jobs";
import { schedulableOrganizations } from "./organization-facts";

/**
 * The create walk (worker/schedule/jobs.ts): organizations with scheduling on, a page at a
 * time, then each organization's members a page at a time. A page's due members are
 * created (one statement each) after the organization's daily check-in cap is reserved for
 * them all at once; what the cap refuses stays due for tomorrow. Each insert keeps its own guards
 * (`insertCheckIn`: never a second open link, schedule_key unique per member and period),
 * so a retried page creates nothing twice: its members already done are no longer due.
 * Both walk one shard (`ctx.db`, the job's `shard`); whether an organization's schedule may
 * run now is read from the platform database (./organization-facts.ts).
 */
const ORGANIZATION_PAGE = 100;

type OrganizationsJob = Extract<ScheduleJob, { type: "organizations" }>;
type CreateJob = Extract<ScheduleJob, { type: "create" }>;

export async function walkOrganizations(ctx: JobContext, job: OrganizationsJob): Promise<JobReport> {
  const page = await ctx.db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(and(eq(organizationSettings.schedulingEnabled, true), gt(organizationSettings.organizationId, job.after)))
    .orderBy(asc(organizationSettings.organizationId))
    .limit(ORGANIZATION_PAGE);
  // Which of them may run now: a second query, in the platform database (D1 joins within one database).
  const open = await schedulableOrganizations(
    platformOf(ctx.db),
    page.map(({ id }) => id),
    job.now,
  );
  const next: ScheduleJob[] = page
    .filter(({ id }) => open.has(id))
    .map(({ id }) => ({
      type: "create",
      shard: job.shard,
      now: job.now,
      batchSize: job.batchSize,
      organizationId: id,
      after: "",
    }));
  const last = page.at(-1);
  if (page.length === ORGANIZATION_PAGE && last) next.push({ ...job, after: last.id });
  await ctx.sink.send(next);
  return {};
}

/**
 * A page of the organization's active members with an email, each with their last check-in's
 * creation and whether one is open. The member's id is qualified: Drizzle writes a single
 * table's column as a bare "id", which inside these subqueries would be check_ins.id (every
 * member due every run, and the daily cap reserved for all of them each time). The page is a
 * range of team_members_org_status_id_idx and each subquery a seek on the member (drizzle/0014;
 * tests/integration/schedule-plans.test.ts reads the plan).
 */
export function memberPage(db: Database, job: Pick<CreateJob, "organizationId" | "after" | "batchSize" | "now">) {
  const memberId = qualified(teamMembers.id);
  return db
    .select({
      id: teamMembers.id,
      lastCreatedAt: sql<
        number | null
      >`(select max(ci.created_at) from check_ins ci where ci.team_member_id = ${memberId})`,
      open: sql<number>`exists(select 1 from check_ins ci where ci.team_member_id = ${memberId} and ci.status = 'pending' and ci.expires_at > ${job.now})`,
    })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.organizationId, job.organizationId),
        eq(teamMembers.status, "active"),
        // No email, no invitation: the Admin sends theirs by hand and hands the link over.
        isNotNull(teamMembers.email),
        gt(teamMembers.id, job.after),
      ),
    )
    .orderBy(asc(teamMembers.id))
    .limit(job.batchSize);
}

export async function createForOrganization(ctx: JobContext, job: CreateJob): Promise<JobReport> {
  const { db, config } = ctx;
  // Checked again: scheduling may have been turned off, or the plan paused, since the walk read it.
  const [[settings], open] = await Promise.all([
    db
      .select()
      .from(organizationSettings)
      .where(
        and(
          eq(organizationSettings.organizationId, job.organizationId),
          eq(organizationSettings.schedulingEnabled, true),
        ),
      ),
    schedulableOrganizations(platformOf(db), [job.organizationId], job.now),
  ]);
  const organization = open.get(job.organizationId);
  if (!settings || !organization) return {};
  const { timeZone, slackDm } = organization;
  const members = await memberPage(db, job);
  const last = members.at(-1);
  // The next page first: a failure below retries this page, the walk still goes on.
  if (members.length === job.batchSize && last) await ctx.sink.send([{ ...job, after: last.id }]);

  // Periods start at midnight in the organization's time zone (worker/notify/time-zone.ts).
  const period = schedulePeriodIn(settings.frequency, job.now, timeZoneOrDefault(timeZone));
  const due = members.filter((member) =>
    isMemberDue({ period, lastCheckInCreatedAt: member.lastCreatedAt, hasOpenCheckIn: member.open === 1 }),
  );
  if (due.length === 0) return {};
  // Sizes the daily check-in cap (every active member counts, with an email or not).
  const [active] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, job.organizationId), eq(teamMembers.status, "active")));
  const granted = await reserveDailyCap(
    db,
    job.organizationId,
    "check_in",
    due.length,
    job.now,
    dailyCapFor("check_in", active?.n ?? 0),
  );
  const inserts = await Promise.all(
    due.slice(0, granted).map((member) =>
      checkInInsert(db, config, {
        organizationId: job.organizationId,
        teamMemberId: member.id,
        createdBy: null,
        scheduleKey: period.key,
        durationMinutes: settings.durationMinutes,
        expiresAt: expiryFor(job.now, settings.maxResponseHours),
        invitedAt: null,
        now: job.now,
        slackDm,
      }),
    ),
  );
  // One D1 batch (one round trip, one transaction) for the page's inserts; each keeps its own guards.
  const answers = await rawRowsInOneTrip(
    db,
    inserts.map((insert) => insert.statement),
  );
  const created = inserts.filter((insert, i) => insert.inserted(answers[i]) !== null).map((insert) => insert.id);
  await ctx.sink.send(
    inBatches(created, sendBatchOf(job.batchSize)).map((checkInIds) => ({
      type: "invite",
      shard: job.shard,
      now: job.now,
      checkInIds,
    })),
  );
  return { created: created.length };
}
