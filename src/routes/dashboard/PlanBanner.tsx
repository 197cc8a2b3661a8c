import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { fetchPlanStatus, PLAN_STATUS_QUERY_KEY } from "./billing-api";
import { accessOf, canManageBilling, dayOf, endingOn } from "./plan-summary";
import { useBillingPortal } from "./useBillingPortal";

/** From 7 days before the trial's end the banner is a reminder, as the emails at 7, 3 and 1 days are. */
const REMINDER_FROM_DAYS = 7;

/**
 * A strip above the dashboard saying where the plan stands (issue 13 §3, issue 25 §1–2): the
 * trial's days left, a reminder in its last week, a Pro plan set to end with its period, and
 * once the organization is blocked (trial over, payment failing, cancelled, no plan) that
 * check-ins are paused and the way out: the plans, or Stripe's billing portal for a payment.
 */
export function PlanBanner({
  onChoosePlan,
  focusUpgrade = false,
}: {
  onChoosePlan: () => void;
  focusUpgrade?: boolean;
}) {
  const status = useQuery({ queryKey: PLAN_STATUS_QUERY_KEY, queryFn: fetchPlanStatus });
  const portal = useBillingPortal();
  const button = useRef<HTMLButtonElement>(null);
  const ready = Boolean(status.data);
  // Back from the plans they opened here: focus returns to this button.
  useEffect(() => {
    if (ready && focusUpgrade) button.current?.focus();
  }, [ready, focusUpgrade]);
  if (!status.data) return null;
  const access = accessOf(status.data, Date.now());
  const manage = (
    <button
      ref={button}
      type="button"
      className="btn btn-primary btn-xs"
      onClick={portal.open}
      disabled={portal.opening}
      aria-busy={portal.opening}
    >
      {portal.opening ? <span className="loading loading-spinner loading-xs" /> : null}
      Manage billing
    </button>
  );
  const plans = (
    <button ref={button} type="button" className="btn btn-primary btn-xs" onClick={onChoosePlan}>
      {access.state === "none" ? "Choose a plan" : "Upgrade to Pro"}
    </button>
  );

  if (access.state === "paid") {
    const ending = endingOn(status.data);
    if (!ending) return null;
    return (
      <Strip tone="warning">
        <span>
          Your Pro plan was cancelled and ends on {ending}. Check-ins keep running until then; you can resume it before
          that date.
        </span>
        {canManageBilling(status.data) ? manage : null}
      </Strip>
    );
  }
  if (access.state === "trial" && (access.daysLeft ?? 0) > REMINDER_FROM_DAYS) {
    return (
      <div
        className="flex flex-wrap items-center gap-2 border-b border-base-300 bg-base-100 px-4 py-2 text-sm sm:px-6 lg:px-10"
        data-testid="plan-banner"
      >
        <span className="badge badge-secondary badge-soft">Free Trial</span>
        <span>
          {access.daysLeft} days left (until {dayOf(access.trialEndsAt)}).
        </span>
        {plans}
      </div>
    );
  }
  if (access.state === "trial") {
    return (
      <Strip tone="warning">
        <span>
          Your free trial ends in {access.daysLeft} {access.daysLeft === 1 ? "day" : "days"} (
          {dayOf(access.trialEndsAt)}). After that, scheduled check-ins pause and new check-ins can't be sent until you
          upgrade; your history stays readable.
        </span>
        {plans}
      </Strip>
    );
  }
  // Blocked: say why, and the one way out.
  const fixPayment = access.state === "payment_problem" && canManageBilling(status.data);
  return (
    <Strip tone="error">
      <span>{access.message}</span>
      {fixPayment ? manage : plans}
    </Strip>
  );
}

function Strip({ tone, children }: { tone: "warning" | "error"; children: ReactNode }) {
  const colors = tone === "warning" ? "border-warning/40 bg-warning/15" : "border-error/40 bg-error/10";
  return (
    <div
      role={tone === "warning" ? "status" : "alert"}
      className={`flex flex-wrap items-center gap-3 border-b px-4 py-2 text-sm sm:px-6 lg:px-10 ${colors}`}
      data-testid="plan-banner"
    >
      {children}
    </div>
  );
}
