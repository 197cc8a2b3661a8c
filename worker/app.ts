import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { operatorDemoRoutes } from "./admin/demo";
import { adminRoutes } from "./admin/routes";
import { organizationRoutes } from "./auth/organization-routes";
import { authRoutes, meRoutes } from "./auth/routes";
import { stripeWebhookRoutes, subscriptionRoutes } from "./billing/routes";
import { serveCheckInPage } from "./checkin/page";
import { checkInRoutes } from "./checkin/routes";
import { createDb } from "./db/client";
import { mailboxRoutes } from "./dev/mailbox";
import { devRoutes } from "./dev/routes";
import { healthRoutes } from "./health/routes";
import { alertRoutes, insightsRoutes } from "./insights/routes";
import type { AppEnv } from "./lib/app-env";
import { readConfig } from "./lib/config";
import { countingEnv, countRowsRead } from "./lib/d1-metrics";
import { errorJson, handleError, noApiRoute } from "./lib/errors";
import { secretConfigurationProblem, UNSAFE_CONFIGURATION_MESSAGE } from "./lib/keys";
import { log } from "./lib/log";
import { notificationRoutes } from "./notify/routes";
import { serveLandingPage, servePublicPage } from "./pages/landing";
import { siteRoutes } from "./pages/site-config";
import { checkInSettingsRoutes } from "./settings/organization-routes";
import { slackEventRoutes, slackRoutes } from "./slack/routes";
import { teamCheckInRoutes } from "./team/check-in-routes";
import { teamMemberRoutes } from "./team/routes";

/**
 * The Worker's HTTP surface: one router per feature, mounted under /api. The SPA does not
 * use hono/client (README → Decisions, "A typed fetch helper"); it checks each response
 * against the zod/mini schemas in worker/shared, the ones these routes validate input with.
 */
const app = new Hono<AppEnv>();

app.use(requestId({ headerName: "X-Request-Id" }));
app.use(async (c, next) => {
  c.set("config", readConfig(c.env));
  const metrics = c.var.config.D1_METRICS === "1";
  // The bench's rows read per request: every database's binding counts (worker/lib/d1-metrics.ts).
  if (metrics) c.env = countingEnv(c.env);
  const platform = createDb(c.env.DB);
  c.set("platform", platform);
  // requireAdmin replaces it with the organization's shard (worker/auth/middleware.ts).
  c.set("db", platform);
  if (!metrics) return next();
  const counter = { rows: 0 };
  await countRowsRead(counter, next);
  c.header("X-D1-Rows-Read", String(counter.rows));
});
// Outside development a missing, short or example BETTER_AUTH_SECRET refuses every API call:
// sessions, link tokens and sealed Slack tokens would all be forgeable (worker/lib/keys.ts).
app.use("/api/*", async (c, next) => {
  const problem = secretConfigurationProblem(c.var.config);
  if (problem) {
    log("error", "unsafe_secret", { problem });
    return errorJson(c, 503, "unsafe_configuration", UNSAFE_CONFIGURATION_MESSAGE);
  }
  await next();
});
// No route takes more than this; larger bodies never reach a parser.
app.use(
  "/api/*",
  bodyLimit({
    maxSize: 256 * 1024,
    onError: (c) => errorJson(c, 413, "payload_too_large", "The request body is too large."),
  }),
);

app
  .route("/api/health", healthRoutes)
  .route("/api/dev", devRoutes)
  .route("/api/check-in", checkInRoutes)
  .route("/api/auth", authRoutes)
  .route("/api/me", meRoutes)
  .route("/api/organization", organizationRoutes)
  .route("/api/subscription", subscriptionRoutes)
  .route("/api/stripe", stripeWebhookRoutes)
  .route("/api/admin", adminRoutes)
  .route("/api/operator-demo", operatorDemoRoutes)
  .route("/api/team-members", teamMemberRoutes)
  .route("/api/check-ins", teamCheckInRoutes)
  .route("/api/insights", insightsRoutes)
  .route("/api/alerts", alertRoutes)
  .route("/api/check-in-settings", checkInSettingsRoutes)
  .route("/api/notifications", notificationRoutes)
  .route("/api/slack", slackEventRoutes)
  .route("/api/slack", slackRoutes)
  .route("/api/site", siteRoutes);

app.route("/dev", mailboxRoutes);

app.get("/check-in/*", (c) => serveCheckInPage(c.req.raw, c.env));
app.get("/", (c) => serveLandingPage(c.req.raw, c.env, c.var.config));
app.get("/termsofservice", (c) => servePublicPage(c.req.raw, c.env, c.var.config));
app.get("/privacypolicy", (c) => servePublicPage(c.req.raw, c.env, c.var.config));

app.notFound((c) => {
  if (new URL(c.req.url).pathname.startsWith("/api/")) return handleError(noApiRoute(c.req.raw), c);
  return errorJson(c, 404, "not_found", "Not found");
});
app.onError(handleError);

export { app };
