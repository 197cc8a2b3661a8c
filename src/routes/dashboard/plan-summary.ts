import type { PlanStatusResponse } from "@shared/billing";
import { type PlanAccess, planAccess } from "@shared/plan-access";
import { formatDate } from "@shared/time";

/** The plan as it stands now, by the same rule the Worker applies (worker/shared/plan-access.ts). */
export function accessOf(status: PlanStatusResponse, now: number): PlanAccess {
  return planAccess({
    trialEndsAt: status.trial ? Date.parse(status.trial.trialEndDate) : null,
    subscriptionStatus: status.subscription?.status ?? null,
    now,
  });
}

/** "May 18, 2026" (the shared `formatDate`), or "" for no date. */
export const dayOf = (at: number | string | null | undefined) => {
  const time = typeof at === "string" ? Date.parse(at) : at;
  return time === null || time === undefined || !Number.isFinite(time) ? "" : formatDate(time);
};

/** When a paid plan set to end with its period stops (null: it renews, or it is not paid). */
export function endingOn(status: PlanStatusResponse): string | null {
  const subscription = status.subscription;
  if (!subscription?.cancelAtPeriodEnd) return null;
  return dayOf(subscription.cancelAt ?? subscription.currentPeriodEnd) || null;
}

/** Stripe's customer portal can be opened: it knows the organization as a customer. */
export const canManageBilling = (status: PlanStatusResponse) => Boolean(status.subscription?.manageable);

/** How the plan step shows a Free Trial this organization already chose (it has one trial). */
export type TrialTaken = { current: boolean; button: string; note: string };

/**
 * null while the trial is still to be chosen (the spec's "Start 14-Day Free Trial"); else the
 * trial card says what it is: the current plan during the 14 days, used up after them (or
 * after a Pro plan replaced it). Choosing it again would start nothing.
 */
export function trialTaken(status: PlanStatusResponse | undefined, now: number): TrialTaken | null {
  if (!status?.trial?.chosenAt) return null;
  const access = accessOf(status, now);
  if (access.state === "trial" && access.daysLeft !== null) {
    const days = `${access.daysLeft} ${access.daysLeft === 1 ? "day" : "days"}`;
    return { current: true, button: "Your current plan", note: `${days} left, until ${dayOf(access.trialEndsAt)}.` };
  }
  const ended = Date.parse(status.trial.trialEndDate) <= now;
  return {
    current: false,
    button: "Free trial used",
    note: ended
      ? `Your free trial ended on ${dayOf(status.trial.trialEndDate)}.`
      : "Your organization has used its free trial.",
  };
}
