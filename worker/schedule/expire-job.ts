import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { changeCheckInStatus } from "../db/check-in-status";
import type { Database } from "../db/client";
import { checkIns } from "../db/schema";
import { DAY_MS } from "../shared/time";
import type { JobContext, JobReport } from "./job-context";
import type { ScheduleJob } from "./jobs";

/** A started chat still pending a day after its expiry is stuck, not in progress. */
const STUCK_AFTER_MS = DAY_MS;

type ExpireJob = Extract<ScheduleJob, { type: "expire" }>;

/** Pending check-ins past their expiry, oldest first (index check_ins_status_expires_idx: only pending rows are read). */
export function expiredPage(db: Database, job: Pick<ExpireJob, "now" | "batchSize">) {
  return db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.status, "pending"),
        lte(checkIns.expiresAt, new Date(job.now)),
        or(isNull(checkIns.startedAt), lt(checkIns.expiresAt, new Date(job.now - STUCK_AFTER_MS))),
      ),
    )
    .orderBy(asc(checkIns.expiresAt))
    .limit(job.batchSize);
}

/**
 * Pending check-ins past their max response time that nobody started (the check-in's own
 * object closes the ones that were started), a batch per job; a full batch sends the job
 * again. Expired rows leave the WHERE, so a retry or a second job just finds fewer.
 */
export async function expireBatch(ctx: JobContext, job: ExpireJob): Promise<JobReport> {
  const due = expiredPage(ctx.db, job);
  const expired = await changeCheckInStatus(ctx.db, inArray(checkIns.id, due), { status: "expired" }).returning({
    id: checkIns.id,
  });
  if (expired.length === job.batchSize) await ctx.sink.send([job]);
  return { expired: expired.length };
}
