import { createBrowserRouter, Navigate } from "react-router";
import { PageLoader } from "./components/PageLoader";
import { LandingPage } from "./routes/landing/LandingPage";
import { RootLayout } from "./routes/RootLayout";
import { NotFoundPage } from "./routes/system/NotFoundPage";
import { RouteErrorBoundary } from "./routes/system/RouteErrorBoundary";

/**
 * Every route the spec registers (spec 1 §2, spec 2 §2). The landing page ships in the
 * entry chunk; every other page is its own lazy chunk so visitors download only what they see.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    HydrateFallback: () => <PageLoader />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: "landing", element: <Navigate to="/" replace /> },
      {
        path: "termsofservice",
        lazy: () => import("./routes/legal/TermsPage").then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: "privacypolicy",
        lazy: () => import("./routes/legal/PrivacyPage").then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: "emergency",
        lazy: () => import("./routes/system/EmergencyPage").then((m) => ({ Component: m.EmergencyPage })),
      },
      { path: "login", lazy: () => import("./routes/auth/LoginPage").then((m) => ({ Component: m.LoginPage })) },
      { path: "signup", lazy: () => import("./routes/auth/SignupPage").then((m) => ({ Component: m.SignupPage })) },
      {
        path: "auth/callback",
        lazy: () => import("./routes/auth/AuthCallbackPage").then((m) => ({ Component: m.AuthCallbackPage })),
      },
      {
        path: "auth/verification-error",
        lazy: () => import("./routes/auth/VerificationErrorPage").then((m) => ({ Component: m.VerificationErrorPage })),
      },
      {
        path: "dashboard/*",
        lazy: () => import("./routes/dashboard/DashboardPage").then((m) => ({ Component: m.DashboardPage })),
      },
      {
        path: "superadmin/login",
        lazy: () =>
          import("./routes/superadmin/SuperAdminLoginPage").then((m) => ({ Component: m.SuperAdminLoginPage })),
      },
      {
        path: "superadmin",
        lazy: () => import("./routes/superadmin/SuperAdminPage").then((m) => ({ Component: m.SuperAdminPage })),
      },
      {
        path: "check-in/:id",
        lazy: () => import("./routes/check-in/CheckInPage").then((m) => ({ Component: m.CheckInPage })),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
