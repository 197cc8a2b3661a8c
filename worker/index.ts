import { app } from "./app";

export { CheckInSession } from "./checkin/session";

export default {
  fetch: app.fetch,
  async scheduled(_controller, _env, _ctx) {
    // The schedule (due check-ins, reminders, expiry, retention) arrives with the team feature.
  },
} satisfies ExportedHandler<Env>;
