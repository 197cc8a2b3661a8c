import type { AppUser } from "@shared/auth";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Navigate, Outlet, useSearchParams } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { ProtectedRoute } from "@/auth/ProtectedRoute";
import { RoleHome } from "@/auth/RoleHome";
import { useLogout } from "@/auth/useLogout";
import { Logo } from "@/components/Logo";
import { PageLoader } from "@/components/PageLoader";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/SkipLink";
import { toast } from "@/components/toast/toast-store";
import { TwoFactorGate } from "../account/TwoFactorGate";
import { ensureOrganization, fetchPlanStatus, PLAN_STATUS_QUERY_KEY } from "./billing-api";
import { DashboardLayout } from "./DashboardLayout";
import { markOnboardingCompleted, shouldSkipOnboarding } from "./onboarding";
import type { DashboardOutletContext } from "./outlet";
import { PlanBanner } from "./PlanBanner";
import { SubscriptionErrorBoundary } from "./SubscriptionErrorBoundary";
import { SubscriptionFlow } from "./SubscriptionFlow";
import { WelcomeOnboarding } from "./WelcomeOnboarding";

/** /dashboard/* (spec 1 §2, §4): signed in, then the Admin gate. */
export function DashboardPage() {
  return (
    <ProtectedRoute label="Loading your dashboard…">
      <DashboardGate />
    </ProtectedRoute>
  );
}

/** Spec 1 §4: the profile must be loaded and the role Admin; other roles see where they may go. */
function DashboardGate() {
  const { user, profileLoaded, organization } = useAuth();
  const { logout } = useLogout("/login");
  if (!profileLoaded || !user) return <PageLoader label="Loading your dashboard…" />;
  // Issue 13 §5: other roles get a page of their own here, never a redirect back to / (it looped).
  if (user.role === "SuperAdmin") return <Navigate to="/superadmin" replace />;
  if (user.role !== "Admin") return <RoleHome user={user} />;
  if (organization?.requireAdminTwoFactor && user.twoFactorEnabled !== true) {
    return (
      <TwoFactorGate
        reason={`${organization.name} requires two-factor authentication of every Admin.`}
        onSignOut={() => void logout()}
      />
    );
  }
  return <AdminDashboard key={user.id} user={user} />;
}

type Phase = "welcome" | "plans" | "dashboard";

function logOrganizationError(error: unknown) {
  // Spec 1 §8: an organization error during onboarding is logged and the flow continues.
  console.error("Could not ensure the organization", error);
}

function AdminDashboard({ user }: { user: AppUser }) {
  const { refresh } = useAuth();
  // Decided once, from the user as they arrived (before the organization is ensured).
  // The trial emails' "Upgrade to Pro" link (/dashboard?plan=choose) opens the plans.
  const [phase, setPhase] = useState<Phase>(() =>
    new URLSearchParams(window.location.search).get("plan") === "choose"
      ? "plans"
      : shouldSkipOnboarding(user, Date.now())
        ? "dashboard"
        : "welcome",
  );
  // Issue 25 §2: the plan step is never skipped for an organization whose admin has chosen no
  // plan, whatever the account's age or the local flag. Back from Stripe Checkout the plan is
  // on its way (the webhook may lag): that visit is not asked again.
  const [planSettled, setPlanSettled] = useState(
    () => new URLSearchParams(window.location.search).get("checkout") === "success",
  );
  // Back from the plans goes where they were opened from; from the dashboard, focus returns
  // to its upgrade button (the layout was replaced, so the pressed button is gone).
  const [plansFrom, setPlansFrom] = useState<"welcome" | "dashboard">("welcome");
  const [returnToUpgrade, setReturnToUpgrade] = useState(false);
  const [organizationReady, setOrganizationReady] = useState(Boolean(user.organizationId));
  const ensuring = useRef(false);

  useEffect(() => {
    if (organizationReady || ensuring.current) return;
    ensuring.current = true;
    ensureOrganization()
      .then(() => refresh())
      .catch(logOrganizationError)
      .finally(() => setOrganizationReady(true));
  }, [organizationReady, refresh]);

  useCheckoutReturnToast();

  const plan = useQuery({ queryKey: PLAN_STATUS_QUERY_KEY, queryFn: fetchPlanStatus, enabled: organizationReady });
  const planRequired = !planSettled && plan.data?.planChosen === false;
  useEffect(() => {
    if (planRequired && phase === "dashboard") {
      setPlansFrom("welcome");
      setPhase("plans");
    }
  }, [planRequired, phase]);

  useEffect(() => {
    if (phase === "welcome") document.title = "Welcome — Undertone";
    if (phase === "plans") document.title = "Choose your plan — Undertone";
  }, [phase]);

  const getStarted = async () => {
    try {
      const state = await refresh();
      if (!state.user?.organizationId) {
        await ensureOrganization();
        await refresh();
      }
    } catch (error) {
      logOrganizationError(error);
    }
    markOnboardingCompleted(user.id);
    setPhase("plans");
  };

  const complete = useCallback(() => {
    markOnboardingCompleted(user.id);
    setPlanSettled(true);
    setPhase("dashboard");
  }, [user.id]);

  if (!organizationReady) return <PageLoader label="Preparing your organization…" />;
  // The dashboard waits for the plan (one small request) rather than flash before the plan step.
  if (phase === "dashboard" && !planSettled && (plan.isPending || planRequired)) {
    return <PageLoader label="Loading your dashboard…" />;
  }

  if (phase === "dashboard") {
    const choosePlan = () => {
      setPlansFrom("dashboard");
      setReturnToUpgrade(false);
      setPhase("plans");
    };
    return (
      <DashboardLayout banner={<PlanBanner onChoosePlan={choosePlan} focusUpgrade={returnToUpgrade} />}>
        <Outlet context={{ choosePlan } satisfies DashboardOutletContext} />
      </DashboardLayout>
    );
  }

  const back = () => {
    if (plansFrom === "dashboard") setReturnToUpgrade(true);
    setPhase(plansFrom);
  };

  return (
    <div className="min-h-screen bg-base-200">
      <SkipLink />
      <header className="flex h-16 items-center px-5 sm:px-8">
        <Logo to="/dashboard" />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="px-4 pb-16 outline-none sm:px-6">
        {phase === "welcome" ? (
          <WelcomeOnboarding firstName={user.firstName} onGetStarted={getStarted} />
        ) : (
          <SubscriptionErrorBoundary onGoBack={back}>
            <SubscriptionFlow userId={user.id} onComplete={complete} onBack={back} />
          </SubscriptionErrorBoundary>
        )}
      </main>
    </div>
  );
}

/** Stripe Checkout sends the browser back here with ?checkout=success|cancelled. */
function useCheckoutReturnToast() {
  const [params, setParams] = useSearchParams();
  const shown = useRef(false);
  useEffect(() => {
    const checkout = params.get("checkout");
    if (!checkout || shown.current) return;
    shown.current = true;
    if (checkout === "success") {
      toast({ title: "Thank you!", description: "Your Pro plan is being activated. It can take a minute to show." });
    } else if (checkout === "cancelled") {
      toast({ title: "Checkout cancelled", description: "No payment was taken. You can choose a plan any time." });
    }
    const next = new URLSearchParams(params);
    next.delete("checkout");
    setParams(next, { replace: true });
  }, [params, setParams]);
}
