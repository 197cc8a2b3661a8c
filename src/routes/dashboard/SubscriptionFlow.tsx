import type { PlanType } from "@shared/billing";
import { PRICE_PER_SALESPERSON_USD, TRIAL_DAYS } from "@shared/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Icon } from "@/components/Icon";
import { PRO_PLAN_FEATURES, TRIAL_PLAN_FEATURES } from "@/components/marketing/plans";
import { SupportEmail } from "@/components/marketing/site-links";
import { dismissToast, toast } from "@/components/toast/toast-store";
import { useFocusOnMount } from "@/components/useFocusOnMount";
import { ApiRequestError } from "@/lib/api";
import { PLAN_STATUS_QUERY_KEY, subscribe } from "./billing-api";

/** Spec 1 §9: the completion screen shows this long before the dashboard. */
export const COMPLETION_DELAY_MS = 4000;

export const PLAN_LABELS: Record<PlanType, string> = { trial: "Free Trial", paid: "Pro Plan" };

const TRIAL_FEATURES = [`${TRIAL_DAYS} days free`, ...TRIAL_PLAN_FEATURES];

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
        // A trial is one per organization: asking again after it ended starts nothing.
        if (!result.created && Date.parse(result.trial.trialEndDate) <= Date.now()) {
          return fail(planType, "Your free trial has already ended. Choose the Pro plan to resume your check-ins.");
        }
        dismissToast(); // an earlier attempt's error no longer applies
        void queryClient.invalidateQueries({ queryKey: PLAN_STATUS_QUERY_KEY });
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
      {...(onBack ? { onBack } : {})}
    />
  );
}

function PlanSelection({
  onSelect,
  processing,
  disabled,
  onBack,
}: {
  onSelect: (plan: PlanType) => void;
  processing: PlanType | null;
  disabled: boolean;
  onBack?: () => void;
}) {
  const busy = processing !== null;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby="plan-heading" className="mx-auto max-w-4xl">
      {onBack ? (
        <button type="button" className="btn btn-ghost btn-sm mb-4" onClick={onBack} disabled={busy}>
          <Icon name="arrowLeft" className="size-4" />
          Back
        </button>
      ) : null}
      <header className="mb-8 text-center">
        <h2
          id="plan-heading"
          ref={heading}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight focus:outline-none"
        >
          Choose your plan
        </h2>
        <p className="mt-2 text-soft">Start free, or go Pro for your whole team. You can change later.</p>
        {busy ? (
          <p
            role="status"
            className="mt-4 inline-flex items-center gap-2 rounded-full bg-primary/10 px-4 py-1.5 text-primary"
          >
            <span className="loading loading-spinner loading-sm" />
            Setting Up Your Account...
          </p>
        ) : null}
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <PlanCard
          name="Free Trial"
          price="$0"
          cadence={`for ${TRIAL_DAYS} days`}
          features={TRIAL_FEATURES}
          button={processing === "trial" ? "Starting trial..." : "Start 14-Day Free Trial"}
          note="No credit card required. Upgrade anytime during your trial."
          processing={processing === "trial"}
          disabled={disabled || busy}
          onClick={() => onSelect("trial")}
          style="outline"
        />
        <PlanCard
          name="Pro Plan"
          price={`$${PRICE_PER_SALESPERSON_USD}`}
          cadence="per salesperson / month"
          features={PRO_PLAN_FEATURES}
          button={processing === "paid" ? "Setting up subscription..." : "Start Pro Plan"}
          note="Secure payment via a card payment provider. Cancel anytime."
          processing={processing === "paid"}
          disabled={disabled || busy}
          onClick={() => onSelect("paid")}
          style="primary"
          badge="Most popular"
        />
      </div>
    </section>
  );
}

function PlanCard(props: {
  name: string;
  price: string;
  cadence: string;
  features: string[];
  button: string;
  note: string;
  processing: boolean;
  disabled: boolean;
  onClick: () => void;
  style: "primary" | "outline";
  badge?: string;
}) {
  const primary = props.style === "primary";
  return (
    <article
      aria-label={props.name}
      className={`card bg-base-100 shadow-sm ${primary ? "ring-2 ring-primary" : "ring-1 ring-base-300"}`}
    >
      <div className="card-body gap-5">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-xl font-semibold">{props.name}</h3>
          {props.badge ? <span className="badge badge-primary badge-soft">{props.badge}</span> : null}
        </div>
        {/* divs, not p: daisyUI lets paragraphs in a card body grow. */}
        <div>
          <span className="text-4xl font-bold tracking-tight">{props.price}</span>{" "}
          <span className="text-sm text-soft">{props.cadence}</span>
        </div>
        <ul className="flex flex-col gap-2 text-sm">
          {props.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Icon name="check" className="mt-0.5 size-4 text-secondary" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-auto flex flex-col gap-2">
          <button
            type="button"
            className={`btn ${primary ? "btn-primary" : "btn-outline"}`}
            disabled={props.disabled}
            onClick={props.onClick}
          >
            {props.processing ? <span className="loading loading-spinner loading-sm" /> : null}
            {props.button}
          </button>
          <div className="text-center text-xs text-muted">{props.note}</div>
        </div>
      </div>
    </article>
  );
}
