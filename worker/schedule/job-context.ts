import type { Database } from "../db/client";
import type { AppConfig } from "../lib/config";
import type { BatchMailer } from "../notify/mailer";
import type { OrganizationCheckInSettings } from "../shared/settings";
import type { JobSink } from "./jobs";

/** What every schedule job runs with: the database handle it is given, never a global one. */
export type JobContext = {
  db: Database;
  config: AppConfig;
  /** Invitations and reminders: `queueMailer` sends a job's many at once (`sendAll`). */
  send: BatchMailer;
  sink: JobSink;
  /** The app's public origin, for the links in invitations and reminders. */
  origin: string | undefined;
  /** An organization's schedule when it has saved none (Global Settings' defaults). */
  fallback: OrganizationCheckInSettings;
};

/** What a job did, summed into the run's report when it runs in-process. */
export type JobReport = { created?: number; invited?: number; reminded?: number; expired?: number };
