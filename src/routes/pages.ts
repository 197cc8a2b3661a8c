/**
 * Every path the SPA's router serves, with what the console's Site Map says about it.
 * src/app-routes.tsx takes its paths from these keys (a path not listed here does not
 * typecheck) and tests/unit/app/site-map.test.ts walks the real router against this table,
 * so the Site Map cannot miss a route nor list one that is gone. Pure data: the console
 * imports it without pulling in any page.
 */

export const ACCESS_LEVELS = ["public", "authenticated", "admin", "superadmin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export const SITE_MAP_CATEGORIES = ["Public", "Check-Ins", "User", "Admin", "SuperAdmin"] as const;
export type SiteMapCategory = (typeof SITE_MAP_CATEGORIES)[number];

export type RouteKind = "page" | "redirect" | "api" | "websocket";

export type PageInfo = {
  name: string;
  description: string;
  access: Access;
  category: SiteMapCategory;
  kind: "page" | "redirect";
  /** The React component that renders it. */
  component: string;
  features: string[];
  /** How the Site Map writes the path, where the router's pattern says less (the token). */
  shownAs?: string;
};

const publicPage = (name: string, description: string, component: string, features: string[]): PageInfo => ({
  name,
  description,
  access: "public",
  category: "Public",
  kind: "page",
  component,
  features,
});

const adminPage = (name: string, description: string, component: string, features: string[]): PageInfo => ({
  name,
  description,
  access: "admin",
  category: "Admin",
  kind: "page",
  component,
  features,
});

export const PAGES = {
  "/": publicPage("Landing", "What Undertone does, pricing and sign-up", "LandingPage", [
    "Product overview",
    "Pricing at $2 per salesperson",
    "Sign-up links",
  ]),
  "/landing": {
    ...publicPage("Landing (old address)", "Redirects to /", "Navigate", ["Keeps the error page's Go Home working"]),
    kind: "redirect",
  },
  "/termsofservice": publicPage("Terms of Service", "The terms every organization agrees to", "TermsPage", [
    "Legal text",
  ]),
  "/privacypolicy": publicPage("Privacy Policy", "What is collected from check-ins and who sees it", "PrivacyPage", [
    "Legal text",
  ]),
  "/emergency": publicPage(
    "Emergency Reset",
    "The real session state and 'Clear Everything & Restart'",
    "EmergencyPage",
    ["Session diagnostics", "Clear local state"],
  ),
  "/login": publicPage("Login", "Password and magic-link sign-in, with a simple sign-up tab", "LoginPage", [
    "Email and password",
    "Magic link",
    "Redirect back to the page asked for",
  ]),
  "/signup": publicPage("Sign Up", "Create an account and an organization", "SignupPage", [
    "Validation with the spec's messages",
    "Verification email",
  ]),
  "/auth/callback": publicPage("Auth Callback", "Where verification and magic links land", "AuthCallbackPage", [
    "Email verification",
    "Magic-link sign-in",
  ]),
  "/reset-password": publicPage("Reset Password", "Choose a new password from the emailed link", "ResetPasswordPage", [
    "One-time, expiring link",
    "Signs out every session",
  ]),
  "/accept-invitation": publicPage(
    "Accept Invitation",
    "Join an organization as an Admin from a colleague's invitation",
    "AcceptInvitationPage",
    ["Sign in or create an account", "Single-use, 7-day link"],
  ),
  "/auth/verification-error": publicPage(
    "Verification Error",
    "An expired or invalid verification link",
    "VerificationErrorPage",
    ["Resend verification"],
  ),
  "/dashboard": adminPage(
    "Dashboard",
    "Team morale, quota confidence, burnout risk, blockers, trends and coaching actions",
    "DashboardPage, OverviewPage",
    ["Onboarding and plan choice", "Insights by pillar", "Alerts"],
  ),
  "/dashboard/team": adminPage("Team", "Salespeople, their check-in links and history", "TeamPage", [
    "Add and remove salespeople",
    "Send check-ins",
  ]),
  "/dashboard/team/:memberId": adminPage("Salesperson", "One salesperson's trend, check-ins and alerts", "PersonPage", [
    "Trend by pillar",
    "Check-in history",
  ]),
  "/dashboard/settings": adminPage("Settings", "The organization's check-in schedule", "SettingsPage", [
    "Frequency",
    "Reminders",
    "Scheduling",
  ]),
  "/dashboard/*": {
    ...adminPage("Other dashboard paths", "Redirect to /dashboard", "Navigate", ["No dead ends in the dashboard"]),
    kind: "redirect",
  },
  "/superadmin/login": {
    ...publicPage("Operator Login", "Sign-in for the allowlisted platform operators", "SuperAdminLoginPage", [
      "Allowlist check",
      "Demo helpers in development",
    ]),
    category: "SuperAdmin",
  },
  "/superadmin": {
    name: "Operator Console",
    description: "The platform operator's console; each tab is listed on its own",
    access: "superadmin",
    category: "SuperAdmin",
    kind: "page",
    component: "SuperAdminPage",
    features: ["One entry per tab"],
  },
  "/check-in/:id": {
    name: "Check-In Chat",
    description: "The private ~10 minute AI check-in a salesperson opens from a link",
    access: "public",
    category: "Check-Ins",
    kind: "page",
    component: "CheckInPage (checkin.html)",
    features: ["Streaming AI replies", "Timer and pause", "Offline-safe resend", "Fallback mode"],
    shownAs: "/check-in/{id}?token={token}",
  },
  "*": publicPage("Not Found", "Any other address: 'Oops! Page not found'", "NotFoundPage", ["Link back home"]),
} satisfies Record<string, PageInfo>;

export type PagePath = keyof typeof PAGES;

/** The router's `path` for a page below `parent`: "/dashboard/team" below "/dashboard" is "team". */
export function segment(path: PagePath, parent = ""): string {
  if (!path.startsWith(`${parent}/`) && !(parent === "" && path === "*")) {
    throw new Error(`${path} is not below ${parent || "/"}`);
  }
  return path === "*" ? "*" : path.slice(parent.length + 1);
}
