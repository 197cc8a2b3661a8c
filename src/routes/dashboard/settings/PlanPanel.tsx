import { PRICE_PER_SALESPERSON_USD } from "@shared/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import { LoadError, Panel, PanelSkeleton } from "@/components/ui";
import { fetchPlanStatus, PLAN_STATUS_QUERY_KEY } from "../billing-api";
import type { DashboardOutletContext } from "../outlet";
import { accessOf, canManageBilling, dayOf, endingOn } from "../plan-summary";
import { useBillingPortal } from "../useBillingPortal";

const SUBSCRIPTION_LABEL: Record<string, string> = {
  active: "Active",
  trialing: "Active",
  past_due: "Payment past due",
  unpaid: "Unpaid",
  paused: "Paused",
  canceled: "Cancelled",
  incomplete: "Waiting for the first payment",
  incomplete_expired: "First payment failed",
};

/**
 * Settings → Plan and billing (issue 25 §1): the plan as it stands, and "Manage billing", which
 * opens Stripe's customer portal to cancel, change the card or read invoices. Cancelling
 * there reaches this page through Stripe's webhook: the plan then says when it ends.
 */
export function PlanPanel() {
  const status = useQuery({ queryKey: PLAN_STATUS_QUERY_KEY, queryFn: fetchPlanStatus });
  const { choosePlan } = useOutletContext<DashboardOutletContext>();
  const portal = useBillingPortal();
  useRefreshAfterPortal(status.refetch);

  if (status.isError) return <LoadError message="We couldn't load your plan." onRetry={() => status.refetch()} />;
  if (!status.data) return <PanelSkeleton rows={1} />;
  const data = status.data;
  const access = accessOf(data, Date.now());
  const subscription = data.subscription;
  const ending = endingOn(data);
  const paid = access.state === "paid";

  const rows: [string, string][] = [];
  if (subscription && access.state !== "trial" && access.state !== "trial_ended") {
    rows.push(["Plan", "Pro"]);
    rows.push([
      "Status",
      ending ? `Cancelled, ends on ${ending}` : (SUBSCRIPTION_LABEL[subscription.status] ?? subscription.status),
    ]);
    rows.push([
      "Salespeople billed",
      `${subscription.salespersonCount} × $${PRICE_PER_SALESPERSON_USD} = $${subscription.salespersonCount * PRICE_PER_SALESPERSON_USD} a month`,
    ]);
    if (paid && !ending && subscription.currentPeriodEnd)
      rows.push(["Renews on", dayOf(subscription.currentPeriodEnd)]);
    if (subscription.endedAt) rows.push(["Ended on", dayOf(subscription.endedAt)]);
  } else if (data.trial) {
    rows.push(["Plan", "Free Trial"]);
    rows.push([
      "Status",
      access.state === "trial"
        ? `${access.daysLeft} ${access.daysLeft === 1 ? "day" : "days"} left, until ${dayOf(access.trialEndsAt)}`
        : `Ended on ${dayOf(access.trialEndsAt)}`,
    ]);
  } else {
    rows.push(["Plan", "None chosen"]);
  }

  return (
    <Panel title="Plan and billing" subtitle={subtitleOf(data, access.state)} testId="plan-panel">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {access.message ? <p className="mt-3 text-sm text-error">{access.message}</p> : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {canManageBilling(data) ? (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={portal.open}
            disabled={portal.opening}
            aria-busy={portal.opening}
          >
            {portal.opening ? <span className="loading loading-spinner loading-xs" /> : null}
            Manage billing
          </button>
        ) : null}
        {paid ? null : (
          <button
            type="button"
            className={`btn btn-sm ${canManageBilling(data) ? "" : "btn-primary"}`}
            onClick={choosePlan}
          >
            {access.state === "none" ? "Choose a plan" : "Upgrade to Pro"}
          </button>
        )}
      </div>
      {subscription && !canManageBilling(data) && paid ? (
        <p className="mt-3 text-xs text-muted">This plan is billed outside Stripe. Contact support to change it.</p>
      ) : null}
    </Panel>
  );
}

/** Stripe's billing page only where there is one (Manage billing): a Free Trial has none to offer. */
function subtitleOf(data: Parameters<typeof canManageBilling>[0], state: ReturnType<typeof accessOf>["state"]): string {
  if (canManageBilling(data))
    return "Your plan, and Stripe's billing page to cancel it, change your card or download invoices.";
  if (state === "trial") return "Your plan. A Free Trial needs no card and ends by itself: there is nothing to cancel.";
  return "Your plan and where it stands.";
}

/** Back from Stripe's portal (?billing=returned): read the plan again, and clean the address. */
function useRefreshAfterPortal(refresh: () => unknown) {
  const [params, setParams] = useSearchParams();
  const returned = params.get("billing") === "returned";
  useEffect(() => {
    if (!returned) return;
    refresh();
    const next = new URLSearchParams(params);
    next.delete("billing");
    setParams(next, { replace: true });
  }, [returned, params, setParams, refresh]);
}
