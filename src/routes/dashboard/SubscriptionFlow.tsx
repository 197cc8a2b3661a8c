import type { PlanType } from "@shared/billing";
import { TRIAL_ENDED_MESSAGE } from "@shared/plan-access";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/Icon";
import { SupportEmail } from "@/components/marketing/site-links";
import { dismissToast, toast } from "@/components/toast/toast-store";
import { ApiRequestError } from "@/lib/api";
import { fetchPlanStatus, PLAN_STATUS_QUERY_KEY, subscribe } from "./billing-api";
import { PlanSelection } from "./PlanSelection";
import { trialTaken } from "./plan-summary";

/** Spec 1 §9: the completion screen shows this long before the dashboard. */
export const COMPLETION_DELAY_MS = 4000;

export const PLAN_LABELS: Record<PlanType, string> = { trial: "Free Trial", paid: "Pro Plan" };

type Step = "selecting" | "checking" | "completed" | "error";

/** The message of a failed subscribe call (spec 1 §8 subscription texts). */
export function subscriptionErrorMessage(planType: PlanType, error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  const fromServer =
    error instanceof ApiRequestError && error.code !== "http_error" && error.code !== "invalid_response";
  if (planType === "trial")
    return fromServer && message ? `Failed to create trial: ${message}` : "Failed to create trial subscription";
  return fromServer && message ? message : "Failed to create subscription";
}

/**
 * Spec 1 §2/§4 subscription sub-screens: selecting → checking (the button pressed) →
 * completed (trial; the dashboard follows after 4 s) or the browser leaves for Stripe
 * Checkout (paid) → error on any failure, with Try Again (same plan, counted) and Start Over.
 */
export function SubscriptionFlow({
  userId,
  onComplete,
  onBack,
}: {
  userId: string | null;
  onComplete: () => void;
  onBack?: () => void;
}) {
  const queryClient = useQueryClient();
  // The dashboard has read it already; it tells whether the one trial was chosen.
  const status = useQuery({ queryKey: PLAN_STATUS_QUERY_KEY, queryFn: fetchPlanStatus });
  const [step, setStep] = useState<Step>("selecting");
  const [plan, setPlan] = useState<PlanType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retryCount, setRetryCount] = useState(0);

  // The completed and error steps replace the button that was pressed: focus their heading.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (step !== "selecting" && step !== "checking" && (active === null || active === document.body)) {
      stepHeading.current?.focus();
    }
  }, [step]);

  useEffect(() => {
    if (step !== "completed") return;
    const timer = setTimeout(onComplete, COMPLETION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, onComplete]);

  const fail = (planType: PlanType, message: string) => {
    setPlan(planType);
    setError(message);
    setRetryCount((count) => count + 1);
    setStep("error");
    toast({ title: "Subscription Error", description: message, variant: "destructive" });
  };

  const start = async (planType: PlanType) => {
    if (!userId) return fail(planType, "User authentication required");
    setPlan(planType);
    setError(null);
    setStep("checking");
    try {
      const result = await subscribe(planType);
      if (result.planType === "trial") {
        // A trial is one per organization and runs from its creation: one that has ended
        // starts nothing again. The first time it is chosen that way (an admin who never chose
        // a plan), the dashboard opens with its history and the banner's way to upgrade.
        if (Date.parse(result.trial.trialEndDate) <= Date.now()) {
          if (!result.created) {
            return fail(planType, "Your free trial has already ended. Choose the Pro plan to resume your check-ins.");
          }
          void queryClient.invalidateQueries({ queryKey: PLAN_STATUS_QUERY_KEY });
          toast({ title: "Your free trial has already ended", description: TRIAL_ENDED_MESSAGE });
          onComplete();
          return;
        }
        dismissToast(); // an earlier attempt's error no longer applies
        void queryClient.invalidateQueries({ queryKey: PLAN_STATUS_QUERY_KEY });
        // Chosen before (another Admin, another tab): nothing started, so nothing says it did.
        if (!result.created) {
          toast({ title: "Your free trial is already running" });
          onComplete();
          return;
        }
        setStep("completed");
        return;
      }
      // Spec 1 §8: said as it is, not folded into the generic failure.
      if (!result.url) return fail(planType, "No checkout URL received");
      // Stripe Checkout takes over; "checking" stays on screen until the page unloads.
      window.location.assign(result.url);
    } catch (caught) {
      fail(planType, subscriptionErrorMessage(planType, caught));
    }
  };

  const startOver = () => {
    setStep("selecting");
    setError(null);
    setRetryCount(0);
    setPlan(null);
  };

  if (step === "completed") {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-10 text-center" aria-live="polite">
        <div className="flex size-20 items-center justify-center rounded-full bg-accent/20 text-accent-content">
          <Icon name="sparkle" className="size-10" />
        </div>
        <h2 ref={stepHeading} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
          You're all set!
        </h2>
        <p className="text-lg text-soft">Your account is ready and your free trial has started!</p>
        <p className="text-sm text-muted">Taking you to your dashboard…</p>
        <button type="button" className="btn btn-primary" onClick={onComplete}>
          Go to dashboard
        </button>
      </section>
    );
  }

  if (step === "error") {
    return (
      <section className="mx-auto max-w-lg py-6" aria-live="assertive">
        <div className="card bg-base-100 shadow-sm ring-1 ring-error/30">
          <div className="card-body gap-4">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-error/10 text-error">
                <Icon name="alert" />
              </span>
              <h2 ref={stepHeading} tabIndex={-1} className="card-title text-xl focus:outline-none">
                Setup Issue Detected
              </h2>
            </div>
            <div role="alert" className="text-soft">
              {error}
            </div>
            {retryCount >= 2 ? (
              <div className="rounded-box bg-base-200 p-4 text-sm">
                <p className="font-semibold">Still having trouble?</p>
                <p className="mt-1 text-soft">
                  Check your connection and try again in a minute, or start over and pick the other plan.
                </p>
                {retryCount >= 3 ? (
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" aria-label="Support details">
                    <dt className="font-medium">Email</dt>
                    <dd>
                      <SupportEmail className="link link-primary" />
                    </dd>
                    <dt className="font-medium">Errors</dt>
                    <dd>{retryCount}</dd>
                    <dt className="font-medium">Selected plan</dt>
                    <dd>{plan ? PLAN_LABELS[plan] : "None"}</dd>
                  </dl>
                ) : null}
              </div>
            ) : null}
            <div className="card-actions flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" className="btn btn-ghost" onClick={startOver}>
                Start Over
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => plan && void start(plan)}
                disabled={!plan}
              >
                Try Again (attempt {retryCount + 1})
              </button>
            </div>
          </div>
        </div>
      </section>
    );
  }

  return (
    <PlanSelection
      onSelect={(planType) => void start(planType)}
      processing={step === "checking" ? plan : null}
      disabled={!userId}
      trialTaken={trialTaken(status.data, Date.now())}
      {...(onBack ? { onBack } : {})}
    />
  );
}
