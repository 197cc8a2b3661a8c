import { app } from "./app";
import { createDb } from "./db/client";
import { sendEmail } from "./email/send";
import { readConfig } from "./lib/config";
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
      send: (message) => sendEmail(env, db, message),
      now: controller.scheduledTime,
    });
  },
} satisfies ExportedHandler<Env>;
