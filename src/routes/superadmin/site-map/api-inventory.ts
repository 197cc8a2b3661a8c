import type { Access, SiteMapCategory } from "../../pages";

/**
 * The Worker's route groups as the Site Map lists them, one per mount in worker/app.ts.
 * tests/integration/site-map-api.test.ts compares these keys with the mounts of the real
 * Hono app, so a new group cannot go unlisted. Pure data, read by the Worker's tests too.
 */
export type ApiGroupInfo = {
  name: string;
  description: string;
  access: Access;
  category: SiteMapCategory;
  kind: "api" | "websocket" | "page";
  /** The Worker module that serves it. */
  component: string;
  features: string[];
  shownAs?: string;
  developmentOnly?: boolean;
};

export const API_GROUPS = {
  "/api/health": {
    name: "Health",
    description: "Version, environment and whether D1 answers and is migrated",
    access: "public",
    category: "Public",
    kind: "api",
    component: "worker/health",
    features: ["Degraded status when D1 does not answer"],
  },
  "/api/check-in": {
    name: "Check-In Connection",
    description: "The chat's WebSocket to its Durable Object, checked by id and token",
    access: "public",
    category: "Check-Ins",
    kind: "websocket",
    component: "worker/checkin (CheckInSession)",
    features: ["Snapshot on reconnect", "Acknowledged messages", "Closing alarm"],
    shownAs: "/api/check-in/{id}/ws?token={token}",
  },
  "/api/auth": {
    name: "Authentication",
    description: "Sign-in, sign-up, verification, magic link, two factors, password reset and sign-out (better-auth)",
    access: "public",
    category: "User",
    kind: "api",
    component: "worker/auth",
    features: ["Rate limited", "httpOnly session cookie"],
    shownAs: "/api/auth/*",
  },
  "/api/me": {
    name: "Current User",
    description:
      "The signed-in user's profile and organization (204 to the page's session probe when signed out), and how many recovery codes they have left",
    access: "authenticated",
    category: "User",
    kind: "api",
    component: "worker/auth",
    features: ["Role corrected on the server", "Recovery codes counted, never shown"],
  },
  "/api/organization": {
    name: "Organization",
    description: "Creates the signed-in user's organization once; its Admins, invitations and two-factor rule",
    access: "authenticated",
    category: "User",
    kind: "api",
    component: "worker/auth",
    features: ["Idempotent ensure", "Co-Admin invitations (hashed, single use)", "Last Admin kept"],
    shownAs: "/api/organization/*",
  },
  "/api/subscription": {
    name: "Choose a Plan",
    description: "The plan as it stands; chooses the free trial, a Stripe Checkout session, or Stripe's billing portal",
    access: "authenticated",
    category: "User",
    kind: "api",
    component: "worker/billing",
    features: ["14-day trial from the organization's creation", "Pro plan through Stripe", "Manage billing (portal)"],
  },
  "/api/stripe": {
    name: "Stripe Webhook",
    description: "Subscription events from Stripe, verified by their signature",
    access: "public",
    category: "Public",
    kind: "api",
    component: "worker/billing",
    features: ["Signature checked", "Each event applied once"],
    shownAs: "/api/stripe/webhook",
  },
  "/api/site": {
    name: "Site Configuration",
    description: "The support address and the demo link this deployment configures",
    access: "public",
    category: "Public",
    kind: "api",
    component: "worker/pages",
    features: ["SUPPORT_EMAIL and DEMO_URL, never constants in the bundle"],
  },
  "/api/team-members": {
    name: "Team Members API",
    description: "The organization's salespeople",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/team",
    features: ["Scoped to the admin's organization"],
  },
  "/api/check-ins": {
    name: "Check-Ins API",
    description: "Creates check-in links and lists the organization's check-ins",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/team",
    features: ["Token shown once, stored hashed"],
  },
  "/api/insights": {
    name: "Insights API",
    description: "The dashboard's aggregates",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/insights",
    features: ["Scoped to the admin's organization"],
  },
  "/api/alerts": {
    name: "Alerts API",
    description: "The organization's risk alerts: list and resolve",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/insights",
    features: ["Scoped to the admin's organization"],
  },
  "/api/notifications": {
    name: "Notifications API",
    description: "Each admin's alert-email choice, the time zone and this week's digest preview",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/notify",
    features: ["Immediately, digest only or off, per admin", "Digest preview"],
  },
  "/api/slack": {
    name: "Slack",
    description: "Add to Slack (OAuth v2), the channel for alerts and the digest, DMs; Slack's signed events",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/slack",
    features: ["State-checked install", "Signing-secret verified events", "Email fallback for DMs"],
  },
  "/api/check-in-settings": {
    name: "Check-In Settings API",
    description: "The organization's check-in schedule, over the operator's defaults",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/settings",
    features: ["Defaults from the global settings"],
  },
  "/api/admin": {
    name: "Operator API",
    description: "The console's data: cross-organization reads and platform changes",
    access: "superadmin",
    category: "SuperAdmin",
    kind: "api",
    component: "worker/admin",
    features: ["Role and allowlist checked on every call", "Every change audited"],
    shownAs: "/api/admin/*",
  },
  "/api/operator-demo": {
    name: "Operator Demo Helpers",
    description: "Initializes the demo accounts and signs in as the demo operator (development only)",
    access: "public",
    category: "SuperAdmin",
    kind: "api",
    component: "worker/admin",
    features: ["404 in production"],
    developmentOnly: true,
  },
  "/api/dev": {
    name: "Development Helpers",
    description: "Seeds the demo organization; lists the emails sent (development only)",
    access: "public",
    category: "Public",
    kind: "api",
    component: "worker/dev",
    features: ["404 in production"],
    developmentOnly: true,
  },
  "/dev": {
    name: "Development Mailbox",
    description: "Every email the app sent, with working links (development only)",
    access: "public",
    category: "Public",
    kind: "page",
    component: "worker/dev (mailbox)",
    features: ["Verification and magic-link emails offline"],
    shownAs: "/dev/mailbox",
    developmentOnly: true,
  },
} satisfies Record<string, ApiGroupInfo>;
