import { app } from "../../worker/app";

/**
 * Every route the Worker answers, read from the Hono app itself, sorted into the classes
 * the abuse suite attacks differently. A route added tomorrow lands in no class until
 * someone decides what protects it: `unclassifiedRoutes()` makes the suite fail first.
 */
export type RouteKey = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} ${string}`;

export function allRoutes(): RouteKey[] {
  const keys = new Set<RouteKey>();
  for (const route of app.routes) {
    // Middleware registrations (`ALL /api/x/*`) are not endpoints.
    if (route.method === "ALL") continue;
    keys.add(`${route.method} ${route.path}` as RouteKey);
  }
  return [...keys].sort();
}

/** Open to anyone: their own guards are tested where they live (links, auth, webhook signatures). */
export const PUBLIC_ROUTES: readonly RouteKey[] = [
  // The prerendered landing page (worker/pages/landing.ts): static HTML from the assets.
  "GET /",
  // The legal pages, through the Worker only to get the configured support address (issue 25 §8).
  "GET /termsofservice",
  "GET /privacypolicy",
  "GET /api/health",
  // The configured support address and demo link, which every public page shows.
  "GET /api/site",
  "GET /api/check-in",
  "GET /api/check-in/:id",
  "GET /api/check-in/:id/ws",
  "POST /api/check-in/:id/reach-out",
  // "Start my check-in": the link's token; the first browser to claim owns the chat (checkin-ownership.test.ts).
  "POST /api/check-in/:id/claim",
  // The link's token, then a fresh link to the check-in's own address only (checkin-ownership.test.ts).
  "POST /api/check-in/:id/fresh-link",
  // The device a fresh link moved the chat from, by its cookie, answers "Show it the conversation so far?" (checkin-move.test.ts).
  "POST /api/check-in/:id/handover",
  // "This wasn't me": a signed link from a move's email; the GET reads, the POST closes (checkin-move.test.ts).
  "GET /api/check-in/:id/not-me",
  "POST /api/check-in/:id/not-me",
  "GET /api/auth/*",
  "POST /api/auth/*",
  "POST /api/auth/send-verification-email",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-in/magic-link",
  "POST /api/auth/sign-up/email",
  // Issue 25 §3–4: their limits, single use and factors are tested in auth-password.test.ts
  // and auth-two-factor.test.ts; the signed-in ones are better-auth's own session checks.
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  // Whether a reset link still works, without using it: auth-password.test.ts.
  "POST /api/auth/reset-password/check",
  "POST /api/auth/change-password",
  "POST /api/auth/two-factor/enable",
  "POST /api/auth/two-factor/disable",
  "POST /api/auth/two-factor/generate-backup-codes",
  "POST /api/auth/two-factor/get-totp-uri",
  "POST /api/auth/two-factor/verify-totp",
  "POST /api/auth/two-factor/verify-backup-code",
  // The invitation's token is the key (organization-admins.test.ts).
  "POST /api/organization/invitations/preview",
  "POST /api/organization/invitations/sign-up",
  "POST /api/stripe/webhook",
  // Slack calling us: refused unless signed with SLACK_SIGNING_SECRET (tests/integration/slack.test.ts).
  "POST /api/slack/events",
  "GET /check-in/*",
];

/** Demo helpers: they exist only with APP_ENV=development. */
export const DEMO_ROUTES: readonly RouteKey[] = [
  "GET /api/dev/emails",
  "POST /api/dev/seed",
  "GET /dev/mailbox",
  "POST /api/operator-demo/initialize",
  "POST /api/operator-demo/login",
];

/** The operator console: SuperAdmin role and SUPERADMIN_EMAILS, on every call. */
export const isAdminRoute = (key: RouteKey) => key.split(" ")[1]?.startsWith("/api/admin/") ?? false;

/** Signed-in routes whose organization (or user) comes from the session. */
export const SESSION_SCOPED_PREFIXES = [
  "/api/me",
  "/api/organization",
  "/api/subscription",
  "/api/team-members",
  "/api/check-ins",
  "/api/check-in-settings",
  "/api/insights",
  "/api/alerts",
  "/api/notifications",
  "/api/slack",
] as const;

export const isSessionScoped = (key: RouteKey) => {
  if (PUBLIC_ROUTES.includes(key)) return false;
  const path = key.split(" ")[1] ?? "";
  return SESSION_SCOPED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

export function unclassifiedRoutes(): RouteKey[] {
  return allRoutes().filter(
    (key) => !PUBLIC_ROUTES.includes(key) && !DEMO_ROUTES.includes(key) && !isAdminRoute(key) && !isSessionScoped(key),
  );
}

/** A concrete path for a route pattern: every `:param` becomes `value`. */
export function pathFor(key: RouteKey, value = "abuse-probe-id"): string {
  return (key.split(" ")[1] ?? "").replace(/:\w+/g, value).replace(/\*$/, "probe");
}

export const methodOf = (key: RouteKey) => key.split(" ")[0] as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
