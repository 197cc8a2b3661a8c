import type { PlanType } from "@shared/billing";
import { PRICE_PER_SALESPERSON_USD, TRIAL_DAYS } from "@shared/domain";
import { Icon } from "@/components/Icon";
import { PRO_PLAN_FEATURES, TRIAL_PLAN_FEATURES } from "@/components/marketing/plans";
import { useFocusOnMount } from "@/components/useFocusOnMount";
import type { TrialTaken } from "./plan-summary";

const TRIAL_FEATURES = [`${TRIAL_DAYS} days free`, ...TRIAL_PLAN_FEATURES];

/**
 * Spec 1 §2 plan selection: the two cards, their buttons' processing texts and notes. An
 * organization that already chose its one trial ("Upgrade to Pro" during it) sees that card
 * as its current or used plan, with nothing to press.
 */
export function PlanSelection({
  onSelect,
  processing,
  disabled,
  onBack,
  trialTaken = null,
}: {
  onSelect: (plan: PlanType) => void;
  processing: PlanType | null;
  disabled: boolean;
  onBack?: () => void;
  trialTaken?: TrialTaken | null;
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
          button={
            trialTaken ? trialTaken.button : processing === "trial" ? "Starting trial..." : "Start 14-Day Free Trial"
          }
          note={trialTaken ? trialTaken.note : "No credit card required. Upgrade anytime during your trial."}
          processing={processing === "trial"}
          disabled={disabled || busy || trialTaken !== null}
          onClick={() => onSelect("trial")}
          style="outline"
          {...(trialTaken?.current ? { badge: "Current plan" } : {})}
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
