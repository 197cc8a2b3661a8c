import type { PlanStatusResponse } from "@shared/billing";
import { type PlanAccess, planAccess } from "@shared/plan-access";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { fetchPlanStatus, PLAN_STATUS_QUERY_KEY } from "./billing-api";

/** The plan as it stands now, by the same rule the Worker applies (worker/shared/plan-access.ts). */
export function accessOf(status: PlanStatusResponse, now: number): PlanAccess {
  return planAccess({
    trialEndsAt: status.trial ? Date.parse(status.trial.trialEndDate) : null,
    subscriptionStatus: status.subscription?.status ?? null,
    now,
  });
}

/** From 7 days before the trial's end the banner is a reminder, as the emails at 7, 3 and 1 days are. */
const REMINDER_FROM_DAYS = 7;

const endDate = (at: number | null) =>
  at === null ? "" : new Date(at).toLocaleDateString(undefined, { month: "long", day: "numeric" });

/**
 * A strip above the dashboard saying where the plan stands (issue 13 §3): the trial's days
 * left, a reminder in its last week saying what happens at the end, and once the trial has
 * ended or a payment lapsed, that check-ins are paused and how to resume them.
 */
export function PlanBanner({
  onChoosePlan,
  focusUpgrade = false,
}: {
  onChoosePlan: () => void;
  focusUpgrade?: boolean;
}) {
  const status = useQuery({ queryKey: PLAN_STATUS_QUERY_KEY, queryFn: fetchPlanStatus });
  const button = useRef<HTMLButtonElement>(null);
  const ready = Boolean(status.data);
  // Back from the plans they opened here: focus returns to this button.
  useEffect(() => {
    if (ready && focusUpgrade) button.current?.focus();
  }, [ready, focusUpgrade]);
  if (!status.data) return null;
  const access = accessOf(status.data, Date.now());
  if (access.state === "paid") return null;
  const upgrade = (
    <button ref={button} type="button" className="btn btn-primary btn-xs" onClick={onChoosePlan}>
      {access.state === "none" ? "Choose a plan" : "Upgrade to Pro"}
    </button>
  );
  if (access.state === "trial" && (access.daysLeft ?? 0) > REMINDER_FROM_DAYS) {
    return (
      <div
        className="flex flex-wrap items-center gap-2 border-b border-base-300 bg-base-100 px-4 py-2 text-sm sm:px-6 lg:px-10"
        data-testid="plan-banner"
      >
        <span className="badge badge-secondary badge-soft">Free Trial</span>
        <span>
          {access.daysLeft} days left (until {endDate(access.trialEndsAt)}).
        </span>
        {upgrade}
      </div>
    );
  }
  const text =
    access.state === "trial"
      ? `Your free trial ends in ${access.daysLeft} ${access.daysLeft === 1 ? "day" : "days"} (${endDate(access.trialEndsAt)}). After that, scheduled check-ins pause and new check-ins can't be sent until you upgrade; your history stays readable.`
      : access.state === "none"
        ? "You haven't chosen a plan yet."
        : access.message;
  const tone = access.canCreateCheckIns ? "border-warning/40 bg-warning/15" : "border-error/40 bg-error/10";
  return (
    <div
      role={access.canCreateCheckIns ? "status" : "alert"}
      className={`flex flex-wrap items-center gap-3 border-b px-4 py-2 text-sm sm:px-6 lg:px-10 ${tone}`}
      data-testid="plan-banner"
    >
      <span>{text}</span>
      {upgrade}
    </div>
  );
}
