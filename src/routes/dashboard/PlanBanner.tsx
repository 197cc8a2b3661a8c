import type { PlanStatusResponse } from "@shared/billing";
import { DAY_MS } from "@shared/time";
import { useQuery } from "@tanstack/react-query";
import { fetchPlanStatus, PLAN_STATUS_QUERY_KEY } from "./billing-api";

export type PlanSummary =
  | { kind: "paid" }
  | { kind: "trial"; daysLeft: number }
  | { kind: "trial-ended" }
  | { kind: "none" };

/** What the organization's plan is right now, from GET /api/subscription. */
export function summarizePlan(status: PlanStatusResponse, now: number): PlanSummary {
  const paidStatus = status.subscription?.status;
  if (paidStatus === "active" || paidStatus === "trialing") return { kind: "paid" };
  if (status.trial) {
    const left = Date.parse(status.trial.trialEndDate) - now;
    return left > 0 ? { kind: "trial", daysLeft: Math.ceil(left / DAY_MS) } : { kind: "trial-ended" };
  }
  return { kind: "none" };
}

/**
 * A thin strip above the dashboard saying where the plan stands, with a way to choose one
 * for people who skipped onboarding (returning users, spec 1 §4) or whose trial ended.
 */
export function PlanBanner({ onChoosePlan }: { onChoosePlan: () => void }) {
  const status = useQuery({ queryKey: PLAN_STATUS_QUERY_KEY, queryFn: fetchPlanStatus });
  if (!status.data) return null;
  const summary = summarizePlan(status.data, Date.now());
  if (summary.kind === "paid") return null;
  if (summary.kind === "trial") {
    return (
      <div
        className="border-b border-base-300 bg-base-100 px-4 py-2 text-sm sm:px-6 lg:px-10"
        data-testid="plan-banner"
      >
        <span className="badge badge-secondary badge-soft mr-2">Free Trial</span>
        {summary.daysLeft} {summary.daysLeft === 1 ? "day" : "days"} left.{" "}
        <button type="button" className="link link-primary" onClick={onChoosePlan}>
          Upgrade to Pro
        </button>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 border-b border-warning/40 bg-warning/15 px-4 py-2 text-sm sm:px-6 lg:px-10"
      data-testid="plan-banner"
    >
      <span>
        {summary.kind === "trial-ended"
          ? "Your free trial has ended. Choose the Pro plan to keep your check-ins running."
          : "You haven't chosen a plan yet."}
      </span>
      <button type="button" className="btn btn-primary btn-xs" onClick={onChoosePlan}>
        Choose a plan
      </button>
    </div>
  );
}
