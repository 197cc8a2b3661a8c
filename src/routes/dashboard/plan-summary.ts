import type { PlanStatusResponse } from "@shared/billing";
import { type PlanAccess, planAccess } from "@shared/plan-access";

/** The plan as it stands now, by the same rule the Worker applies (worker/shared/plan-access.ts). */
export function accessOf(status: PlanStatusResponse, now: number): PlanAccess {
  return planAccess({
    trialEndsAt: status.trial ? Date.parse(status.trial.trialEndDate) : null,
    subscriptionStatus: status.subscription?.status ?? null,
    now,
  });
}

/** "May 18", or "" for no date. */
export const dayOf = (at: number | string | null | undefined) => {
  const time = typeof at === "string" ? Date.parse(at) : at;
  return time === null || time === undefined || !Number.isFinite(time)
    ? ""
    : new Date(time).toLocaleDateString(undefined, { month: "long", day: "numeric", year: "numeric" });
};

/** When a paid plan set to end with its period stops (null: it renews, or it is not paid). */
export function endingOn(status: PlanStatusResponse): string | null {
  const subscription = status.subscription;
  if (!subscription?.cancelAtPeriodEnd) return null;
  return dayOf(subscription.cancelAt ?? subscription.currentPeriodEnd) || null;
}

/** Stripe's customer portal can be opened: it knows the organization as a customer. */
export const canManageBilling = (status: PlanStatusResponse) => Boolean(status.subscription?.manageable);
