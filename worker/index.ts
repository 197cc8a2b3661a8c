import { app } from "./app";
import { createDb } from "./db/client";
import { sendEmail } from "./email/send";
import { readConfig } from "./lib/config";
import { DailyCapReached } from "./lib/daily-caps";
import { runSchedule } from "./schedule/run";

export { CheckInSession } from "./checkin/session";

export default {
  fetch: app.fetch,
  /** The Cron Trigger (every 15 minutes): due check-ins, invitations, reminders, expiry, retention. */
  async scheduled(controller, env) {
    const db = createDb(env.DB);
    await runSchedule({
      db,
      config: readConfig(env),
      // A capped organization's email waits for tomorrow's run; the rest of the run goes on.
      send: (message) =>
        sendEmail(env, db, message).catch((error: unknown) => {
          if (!(error instanceof DailyCapReached)) throw error;
          return { status: "failed" as const, id: "", error: error.message };
        }),
      now: controller.scheduledTime,
    });
  },
} satisfies ExportedHandler<Env>;
