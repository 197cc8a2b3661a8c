/**
 * The Site Map tab's inventory (spec 2 §2): the routes Undertone really serves — pages,
 * the check-in link and the main API groups — with who may open them. Kept by hand next
 * to src/router.tsx and worker/app.ts; a unit test checks the page routes against the router.
 */

export const ACCESS_LEVELS = ["public", "authenticated", "admin", "superadmin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export const SITE_MAP_CATEGORIES = ["Public", "Check-Ins", "User", "Admin", "SuperAdmin"] as const;
export type SiteMapCategory = (typeof SITE_MAP_CATEGORIES)[number];

export type RouteEntry = {
  path: string;
  name: string;
  description: string;
  access: Access;
  category: SiteMapCategory;
  kind: "page" | "api" | "websocket";
  /** The React component (pages) or Worker module (API) that serves it. */
  component: string;
  features: string[];
  developmentOnly?: boolean;
};

const tab = (id: string, name: string, description: string, features: string[]): RouteEntry => ({
  path: `/superadmin?tab=${id}`,
  name,
  description,
  access: "superadmin",
  category: "SuperAdmin",
  kind: "page",
  component: "SuperAdminPage",
  features,
});

export const SITE_MAP: RouteEntry[] = [
  {
    path: "/",
    name: "Landing",
    description: "What Undertone does, pricing and sign-up",
    access: "public",
    category: "Public",
    kind: "page",
    component: "LandingPage",
    features: ["Product overview", "Pricing at $2 per salesperson", "Sign-up links"],
  },
  {
    path: "/termsofservice",
    name: "Terms of Service",
    description: "The terms every organization agrees to",
    access: "public",
    category: "Public",
    kind: "page",
    component: "TermsPage",
    features: ["Legal text"],
  },
  {
    path: "/privacypolicy",
    name: "Privacy Policy",
    description: "What is collected from check-ins and who sees it",
    access: "public",
    category: "Public",
    kind: "page",
    component: "PrivacyPage",
    features: ["Legal text"],
  },
  {
    path: "/login",
    name: "Login",
    description: "Password and magic-link sign-in, with a simple sign-up tab",
    access: "public",
    category: "Public",
    kind: "page",
    component: "LoginPage",
    features: ["Email and password", "Magic link", "Redirect back to the page asked for"],
  },
  {
    path: "/signup",
    name: "Sign Up",
    description: "Create an account and an organization",
    access: "public",
    category: "Public",
    kind: "page",
    component: "SignupPage",
    features: ["Validation with the spec's messages", "Verification email"],
  },
  {
    path: "/auth/callback",
    name: "Auth Callback",
    description: "Where verification and magic links land",
    access: "public",
    category: "Public",
    kind: "page",
    component: "AuthCallbackPage",
    features: ["Email verification", "Magic-link sign-in"],
  },
  {
    path: "/auth/verification-error",
    name: "Verification Error",
    description: "An expired or invalid verification link",
    access: "public",
    category: "Public",
    kind: "page",
    component: "VerificationErrorPage",
    features: ["Resend verification"],
  },
  {
    path: "/emergency",
    name: "Emergency Reset",
    description: "The real session state and 'Clear Everything & Restart'",
    access: "public",
    category: "Public",
    kind: "page",
    component: "EmergencyPage",
    features: ["Session diagnostics", "Clear local state"],
  },
  {
    path: "/dev/mailbox",
    name: "Development Mailbox",
    description: "Every email the app sent, with working links (development only)",
    access: "public",
    category: "Public",
    kind: "page",
    component: "worker/email (dev mailbox)",
    features: ["Verification and magic-link emails offline"],
    developmentOnly: true,
  },
  {
    path: "/check-in/{id}?token={token}",
    name: "Check-In Chat",
    description: "The private ~10 minute AI check-in a salesperson opens from a link",
    access: "public",
    category: "Check-Ins",
    kind: "page",
    component: "CheckInPage (checkin.html)",
    features: ["Streaming AI replies", "Timer and pause", "Offline-safe resend", "Fallback mode"],
  },
  {
    path: "/api/check-in/{id}/ws?token={token}",
    name: "Check-In Connection",
    description: "The chat's WebSocket to its Durable Object, checked by id and token",
    access: "public",
    category: "Check-Ins",
    kind: "websocket",
    component: "worker/checkin (CheckInSession)",
    features: ["Snapshot on reconnect", "Acknowledged messages", "Closing alarm"],
  },
  {
    path: "/api/me",
    name: "Current User",
    description: "The signed-in user's profile and organization",
    access: "authenticated",
    category: "User",
    kind: "api",
    component: "worker/auth",
    features: ["Role corrected on the server"],
  },
  {
    path: "/api/auth/*",
    name: "Authentication",
    description: "Sign-in, sign-up, verification, magic link and sign-out (better-auth)",
    access: "public",
    category: "User",
    kind: "api",
    component: "worker/auth",
    features: ["Rate limited", "httpOnly session cookie"],
  },
  {
    path: "/api/organization/ensure",
    name: "Ensure Organization",
    description: "Creates the signed-in user's organization once",
    access: "authenticated",
    category: "User",
    kind: "api",
    component: "worker/organization",
    features: ["Idempotent"],
  },
  {
    path: "/api/subscription",
    name: "Choose a Plan",
    description: "Starts the free trial or a Stripe Checkout session",
    access: "authenticated",
    category: "User",
    kind: "api",
    component: "worker/billing",
    features: ["14-day trial", "Pro plan through Stripe"],
  },
  {
    path: "/dashboard",
    name: "Dashboard",
    description: "Team morale, quota confidence, burnout risk, blockers, trends and coaching actions",
    access: "admin",
    category: "Admin",
    kind: "page",
    component: "DashboardPage",
    features: ["Onboarding and plan choice", "Insights by pillar", "Alerts"],
  },
  {
    path: "/dashboard/team",
    name: "Team",
    description: "Salespeople, their check-in links and history",
    access: "admin",
    category: "Admin",
    kind: "page",
    component: "TeamPage",
    features: ["Add and remove salespeople", "Send check-ins"],
  },
  {
    path: "/dashboard/settings",
    name: "Settings",
    description: "The organization's check-in schedule",
    access: "admin",
    category: "Admin",
    kind: "page",
    component: "SettingsPage",
    features: ["Frequency", "Reminders", "Scheduling"],
  },
  {
    path: "/api/team-members",
    name: "Team Members API",
    description: "The organization's salespeople",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/team",
    features: ["Scoped to the admin's organization"],
  },
  {
    path: "/api/check-ins",
    name: "Check-Ins API",
    description: "Creates check-in links and lists the organization's check-ins",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/team",
    features: ["Token shown once, stored hashed"],
  },
  {
    path: "/api/insights",
    name: "Insights API",
    description: "The dashboard's aggregates",
    access: "admin",
    category: "Admin",
    kind: "api",
    component: "worker/insights",
    features: ["Scoped to the admin's organization"],
  },
  {
    path: "/superadmin/login",
    name: "Operator Login",
    description: "Sign-in for the allowlisted platform operators",
    access: "public",
    category: "SuperAdmin",
    kind: "page",
    component: "SuperAdminLoginPage",
    features: ["Allowlist check", "Demo helpers in development"],
  },
  tab("overview", "Platform Overview", "Platform totals, recent organizations, activity and system status", [
    "Organizations, users and check-ins",
    "Recent activity",
  ]),
  tab("businesses", "Business Management", "Create, edit, inspect and delete organizations", [
    "Search and filters",
    "Users and activity per organization",
  ]),
  tab("users", "User Oversight", "Everyone on the platform, with role counts", [
    "Search, role filter, pages",
    "CSV export",
    "Bulk invite sales reps or admins",
  ]),
  tab("sentiment", "Sentiment Data", "Platform-wide sentiment, trends and a cross-company comparison", [
    "Week-over-week trends",
    "Response volume",
  ]),
  tab("checkins", "Check-In Config", "Question bank, AI agent configuration and global check-in settings", [
    "Import and export questions",
    "Test the AI agent",
  ]),
  tab("billing", "Billing & Plans", "Subscriptions and revenue", ["$2.00 per billable salesperson"]),
  tab("alerts", "Alerts & Notifications", "Risk alerts across organizations", ["View details", "Resolve"]),
  tab("reporting", "Reporting & Exports", "CSV reports for a date range", ["Organizations, users, sentiment, alerts"]),
  tab("sitemap", "Site Map", "This inventory", ["Search, filters, download"]),
  tab("settings", "System Settings", "Which providers are configured and reachable", [
    "AI, email, payments",
    "Never shows a secret",
  ]),
  tab("support", "Customer Support", "Find an account or organization; resend verification", [
    "Search",
    "Resend verification email",
  ]),
  tab("audit", "Audit Logs", "Every operator change and role change", ["Filters by action, actor and date"]),
  {
    path: "/api/admin/*",
    name: "Operator API",
    description: "The console's data: cross-organization reads and platform changes",
    access: "superadmin",
    category: "SuperAdmin",
    kind: "api",
    component: "worker/admin",
    features: ["Role and allowlist checked on every call", "Every change audited"],
  },
];

export type SiteMapFilter = { search: string; access: Access | "all"; category: SiteMapCategory | "all" };

export function filterSiteMap(entries: readonly RouteEntry[], filter: SiteMapFilter): RouteEntry[] {
  const needle = filter.search.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (filter.access === "all" || e.access === filter.access) &&
      (filter.category === "all" || e.category === filter.category) &&
      (!needle ||
        e.path.toLowerCase().includes(needle) ||
        e.name.toLowerCase().includes(needle) ||
        e.description.toLowerCase().includes(needle)),
  );
}

export function categoryCounts(entries: readonly RouteEntry[]): Record<SiteMapCategory, number> {
  const counts = Object.fromEntries(SITE_MAP_CATEGORIES.map((c) => [c, 0])) as Record<SiteMapCategory, number>;
  for (const entry of entries) counts[entry.category] += 1;
  return counts;
}

/** The download: one line per route, 'path | name | access | description'. */
export function siteMapText(entries: readonly RouteEntry[]): string {
  return `${entries.map((e) => `${e.path} | ${e.name} | ${e.access} | ${e.description}`).join("\n")}\n`;
}
