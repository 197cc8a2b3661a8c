import { Navigate, type RouteObject } from "react-router";
import { PageLoader } from "./components/PageLoader";
import { LandingPage } from "./routes/landing/LandingPage";
import { segment } from "./routes/pages";
import { RootLayout } from "./routes/RootLayout";
import { NotFoundPage } from "./routes/system/NotFoundPage";
import { RouteErrorBoundary } from "./routes/system/RouteErrorBoundary";

/**
 * Every route the spec registers (spec 1 §2, spec 2 §2). The landing page ships in the
 * entry chunk; every other page is its own lazy chunk so visitors download only what they
 * see. Each path comes from src/routes/pages.ts, the table the console's Site Map lists.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: () => <PageLoader />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: segment("/landing"), element: <Navigate to="/" replace /> },
      {
        path: segment("/termsofservice"),
        lazy: () => import("./routes/legal/TermsPage").then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: segment("/privacypolicy"),
        lazy: () => import("./routes/legal/PrivacyPage").then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: segment("/emergency"),
        lazy: () => import("./routes/system/EmergencyPage").then((m) => ({ Component: m.EmergencyPage })),
      },
      {
        path: segment("/login"),
        lazy: () => import("./routes/auth/LoginPage").then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: segment("/signup"),
        lazy: () => import("./routes/auth/SignupPage").then((m) => ({ Component: m.SignupPage })),
      },
      {
        path: segment("/auth/callback"),
        lazy: () => import("./routes/auth/AuthCallbackPage").then((m) => ({ Component: m.AuthCallbackPage })),
      },
      {
        path: segment("/reset-password"),
        lazy: () => import("./routes/auth/ResetPasswordPage").then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: segment("/accept-invitation"),
        lazy: () => import("./routes/auth/AcceptInvitationPage").then((m) => ({ Component: m.AcceptInvitationPage })),
      },
      {
        path: segment("/auth/verification-error"),
        lazy: () => import("./routes/auth/VerificationErrorPage").then((m) => ({ Component: m.VerificationErrorPage })),
      },
      {
        path: segment("/dashboard"),
        lazy: () => import("./routes/dashboard/DashboardPage").then((m) => ({ Component: m.DashboardPage })),
        children: [
          {
            index: true,
            lazy: () => import("./routes/dashboard/overview/OverviewPage").then((m) => ({ Component: m.OverviewPage })),
          },
          {
            path: segment("/dashboard/team", "/dashboard"),
            lazy: () => import("./routes/dashboard/team/TeamPage").then((m) => ({ Component: m.TeamPage })),
          },
          {
            path: segment("/dashboard/team/:memberId", "/dashboard"),
            lazy: () => import("./routes/dashboard/team/PersonPage").then((m) => ({ Component: m.PersonPage })),
          },
          {
            path: segment("/dashboard/settings", "/dashboard"),
            lazy: () => import("./routes/dashboard/settings/SettingsPage").then((m) => ({ Component: m.SettingsPage })),
          },
          { path: segment("/dashboard/*", "/dashboard"), element: <Navigate to="/dashboard" replace /> },
        ],
      },
      {
        path: segment("/superadmin/login"),
        lazy: () =>
          import("./routes/superadmin/SuperAdminLoginPage").then((m) => ({ Component: m.SuperAdminLoginPage })),
      },
      {
        path: segment("/superadmin"),
        lazy: () => import("./routes/superadmin/SuperAdminPage").then((m) => ({ Component: m.SuperAdminPage })),
      },
      {
        path: segment("/check-in/:id"),
        lazy: () => import("./routes/check-in/CheckInPage").then((m) => ({ Component: m.CheckInPage })),
      },
      { path: segment("*"), element: <NotFoundPage /> },
    ],
  },
];
