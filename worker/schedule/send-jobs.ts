import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { deliveryOf, sendable } from "../checkin/delivery";
import { runBatch } from "../db/batch";
import { type Database, platformOf } from "../db/client";
import { checkIns, organizationSettings, teamMembers } from "../db/schema";
import { type NoticeEmail, sendAll } from "../notify/mailer";
import { reminderDue } from "../shared/schedule";
import type { OrganizationCheckInSettings } from "../shared/settings";
import { checkInNoticeEmail, inviteDedupeKey, linkOf, reminderDedupeKey } from "../team/check-ins";
import type { JobContext, JobReport } from "./job-context";
import { inBatches, type ScheduleJob, sendBatchOf } from "./jobs";
import { sendableOrganizations } from "./organization-facts";

/**
 * Invitations and reminders (worker/schedule/jobs.ts). A `scan` walks the open check-ins in
 * id order (index check_ins_status_id_idx) a page at a time and hands those owed an email to
 * `invite` / `remind` jobs of a few dozen each. A job reads its check-ins again and sends
 * only what is still owed: the invitation's dedupe key is the check-in's and invited_at is
 * written after the send; reminder n has its own key and reminder_count only grows. So a
 * retried job, a repeated scan or a crash between the send and the mark sends nothing twice
 * (the notifications queue answers "duplicate" for a key it has). A job walks one shard
 * (`ctx.db`); whether an organization's links work (not suspended) and its name are read from
 * the platform database (./organization-facts.ts), for the scan's page and again for the send.
 */
type ScanJob = Extract<ScheduleJob, { type: "scan" }>;
type SendJob = Extract<ScheduleJob, { type: "invite" | "remind" }>;

/** Ids per scan page: one indexed read, no sends. */
const SCAN_PAGE = 500;

type SettingsRow = typeof organizationSettings.$inferSelect | null;

function settingsOf(row: SettingsRow, fallback: OrganizationCheckInSettings): OrganizationCheckInSettings {
  if (!row) return fallback;
  const { organizationId: _, updatedAt: __, ...settings } = row;
  return settings;
}

/** Open, with an address to send to (a handed-over link has none); the organization is checked apart. */
const sendableOpen = (now: number) =>
  and(
    eq(checkIns.status, "pending"),
    sql`${checkIns.expiresAt} > ${now}`,
    or(isNull(checkIns.deliveryRoute), ne(checkIns.deliveryRoute, "handover")),
  );

const waitingForInvite = (now: number) =>
  and(sendableOpen(now), isNull(checkIns.invitedAt), isNotNull(checkIns.scheduleKey));
// A member paused on the Team page ("Check-ins paused") gets no more reminders for a link still open.
const memberActive = sql`exists (select 1 from ${teamMembers} where ${teamMembers.id} = ${checkIns.teamMemberId} and ${teamMembers.status} = 'active')`;
const waitingForReminder = (now: number) =>
  and(sendableOpen(now), isNotNull(checkIns.invitedAt), isNull(checkIns.startedAt), memberActive);

function owedReminder(
  row: { checkIn: typeof checkIns.$inferSelect; settings: SettingsRow },
  fallback: OrganizationCheckInSettings,
  now: number,
) {
  const resolved = settingsOf(row.settings, fallback);
  return reminderDue({
    autoReminders: resolved.autoReminders,
    intervalHours: resolved.reminderIntervalHours,
    invitedAt: row.checkIn.invitedAt?.getTime() ?? null,
    startedAt: row.checkIn.startedAt?.getTime() ?? null,
    expiresAt: row.checkIn.expiresAt.getTime(),
    remindersSent: row.checkIn.reminderCount,
    now,
  });
}

/** A page of open check-ins still owed their invitation (a range of check_ins_status_id_idx). */
export function invitePage(db: Database, job: Pick<ScanJob, "now" | "after">, page: number) {
  return db
    .select({ id: checkIns.id, organizationId: checkIns.organizationId })
    .from(checkIns)
    .where(
      and(
        waitingForInvite(job.now),
        gt(checkIns.id, job.after),
        // This run's own check-ins are invited by the job that created them.
        ne(checkIns.createdAt, new Date(job.now)),
      ),
    )
    .orderBy(asc(checkIns.id))
    .limit(page);
}

/** A page of invited, unstarted open check-ins, with their organization's schedule (the same range). */
export function reminderPage(db: Database, job: Pick<ScanJob, "now" | "after">, page: number) {
  return db
    .select({ checkIn: checkIns, settings: organizationSettings })
    .from(checkIns)
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, checkIns.organizationId))
    .where(and(waitingForReminder(job.now), gt(checkIns.id, job.after)))
    .orderBy(asc(checkIns.id))
    .limit(page);
}

export async function scanOpenCheckIns(ctx: JobContext, job: ScanJob): Promise<JobReport> {
  const page = Math.min(SCAN_PAGE, job.batchSize * 5);
  let owed: string[];
  let last: string | undefined;
  const platform = platformOf(ctx.db);
  if (job.step === "invite") {
    const rows = await invitePage(ctx.db, job, page);
    const sendable = await sendableOrganizations(
      platform,
      rows.map((r) => r.organizationId),
    );
    owed = rows.filter((r) => sendable.has(r.organizationId)).map((r) => r.id);
    last = rows.at(-1)?.id;
    if (rows.length < page) last = undefined;
  } else {
    const rows = await reminderPage(ctx.db, job, page);
    const sendable = await sendableOrganizations(
      platform,
      rows.map((r) => r.checkIn.organizationId),
    );
    owed = rows
      .filter((row) => sendable.has(row.checkIn.organizationId) && owedReminder(row, ctx.fallback, job.now) !== null)
      .map((row) => row.checkIn.id);
    last = rows.length === page ? rows.at(-1)?.checkIn.id : undefined;
  }
  const next: ScheduleJob[] = inBatches(owed, sendBatchOf(job.batchSize)).map((checkInIds) => ({
    type: job.step,
    shard: job.shard,
    now: job.now,
    checkInIds,
  }));
  if (last) next.push({ ...job, after: last });
  await ctx.sink.send(next);
  return {};
}

export async function sendInvitesOrReminders(ctx: JobContext, job: SendJob): Promise<JobReport> {
  const { db, config, send, origin } = ctx;
  if (!origin) throw new Error("BETTER_AUTH_URL is not configured; invitations need the app's public origin");
  const rows = await db
    .select({
      checkIn: checkIns,
      firstName: teamMembers.firstName,
      settings: organizationSettings,
    })
    .from(checkIns)
    .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
    .leftJoin(organizationSettings, eq(organizationSettings.organizationId, checkIns.organizationId))
    .where(
      and(
        inArray(checkIns.id, job.checkInIds),
        job.type === "invite" ? waitingForInvite(job.now) : waitingForReminder(job.now),
      ),
    );
  // A suspended organization's links do not work: no email points at one.
  const names = await sendableOrganizations(
    platformOf(db),
    rows.map((row) => row.checkIn.organizationId),
  );
  const owed: { checkIn: (typeof rows)[number]["checkIn"]; number: number; message: NoticeEmail }[] = [];
  for (const row of rows) {
    const { checkIn } = row;
    const organizationName = names.get(checkIn.organizationId);
    if (organizationName === undefined) continue;
    const number = job.type === "remind" ? owedReminder(row, ctx.fallback, job.now) : 0;
    if (number === null) continue;
    // The route and address stored when the check-in was created; never the member's address now.
    const to = sendable(await deliveryOf(db, checkIn));
    if (to === null) continue;
    const message = checkInNoticeEmail({
      kind: job.type === "invite" ? "invite" : "reminder",
      checkIn,
      // The link already in the inbox (a check-in made before signed links gets one now).
      link: await linkOf(db, config, checkIn),
      delivery: to,
      firstName: row.firstName,
      organizationId: checkIn.organizationId,
      organizationName,
      origin,
      dedupeKey: job.type === "invite" ? inviteDedupeKey(checkIn.id) : reminderDedupeKey(checkIn.id, number),
    });
    owed.push({ checkIn, number, message });
  }
  // All of the job's emails at once: the cap reserved per organization, one delivery batch (mailer.ts).
  const results = await sendAll(
    send,
    owed.map((o) => o.message),
  );
  // A failed delivery (a capped organization, the queue down) stays owed: the next run retries the same key.
  const done = owed.filter((_, i) => results[i]?.status !== "failed");
  if (job.type === "remind") {
    await runBatch(
      db,
      done.map(({ checkIn, number }) =>
        db
          .update(checkIns)
          .set({ reminderCount: number, lastRemindedAt: new Date(job.now) })
          .where(and(eq(checkIns.id, checkIn.id), lt(checkIns.reminderCount, number))),
      ),
    );
  } else if (done.length > 0) {
    // One statement for the batch's invitations: a crash before it re-sends nothing (the keys are
    // taken) and the next run only marks them.
    await db
      .update(checkIns)
      .set({ invitedAt: new Date(job.now) })
      .where(
        and(
          inArray(
            checkIns.id,
            done.map((o) => o.checkIn.id),
          ),
          isNull(checkIns.invitedAt),
        ),
      );
  }
  const count = done.length;
  return job.type === "invite" ? { invited: count } : { reminded: count };
}
