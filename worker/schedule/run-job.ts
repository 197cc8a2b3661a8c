import { createForOrganization, walkOrganizations } from "./create-job";
import { expireBatch } from "./expire-job";
import type { JobContext, JobReport } from "./job-context";
import type { ScheduleJob } from "./jobs";
import { scanOpenCheckIns, sendInvitesOrReminders } from "./send-jobs";

/** One schedule job, whichever way it arrived (the queue's consumer, or a run in-process). */
export function runJob(ctx: JobContext, job: ScheduleJob): Promise<JobReport> {
  switch (job.type) {
    case "organizations":
      return walkOrganizations(ctx, job);
    case "create":
      return createForOrganization(ctx, job);
    case "scan":
      return scanOpenCheckIns(ctx, job);
    case "invite":
    case "remind":
      return sendInvitesOrReminders(ctx, job);
    case "expire":
      return expireBatch(ctx, job);
  }
}
