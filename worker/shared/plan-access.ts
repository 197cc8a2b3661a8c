import type { PlanLifecycle } from "./domain";
import { DAY_MS } from "./time";

/**
 * Whether an organization may send new check-ins, and what to tell its admins (issue 13 §3,
 * issue 25 §2). One pure rule for the Worker (refusals, the cron, the console's status, which
 * worker/billing/lifecycle.ts states again in SQL) and the dashboard's banner. Every
 * organization is on a trial, a paid plan, or blocked:
 * - a Pro subscription active or trialing: everything runs (even when it is set to end with
 *   its period: it is paid until then);
 * - a subscription past_due, unpaid or paused: blocked until the payment is fixed;
 * - a subscription canceled: blocked until the Pro plan is chosen again;
 * - otherwise (no subscription, or one whose first payment never went through) the Free
 *   Trial decides: 14 days from the organization's creation, then blocked ("expired");
 * - no trial at all (only if its row was removed by hand): blocked, choose a plan.
 * Blocked means scheduled check-ins are not created and new ones are refused; history stays
 * readable, and the way out resumes the saved schedule.
 */
export type PlanState = "paid" | "trial" | "trial_ended" | "payment_problem" | "cancelled" | "none";

export type PlanAccess = {
  state: PlanState;
  /** The same, in the words the console's status uses. */
  lifecycle: PlanLifecycle;
  canCreateCheckIns: boolean;
  /** Whole days left in a running trial (rounded up), else null. */
  daysLeft: number | null;
  trialEndsAt: number | null;
  /** Why new check-ins are refused, with the way out; null while they are allowed. */
  message: string | null;
};

/** Stripe subscription statuses by what they mean here; any other (incomplete…) leaves it to the trial. */
export const PAID_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;
export const PAYMENT_PROBLEM_STATUSES = ["past_due", "unpaid", "paused"] as const;
export const CANCELLED_SUBSCRIPTION_STATUSES = ["canceled"] as const;

const PAUSED = "Scheduled check-ins are paused and new check-ins can't be sent.";
const HISTORY = "your team's history stays readable.";

export const TRIAL_ENDED_MESSAGE = `Your free trial has ended. ${PAUSED} Upgrade to the Pro plan to resume them; ${HISTORY}`;
export const NO_PLAN_MESSAGE = `Your organization has no plan. ${PAUSED} Choose a plan to resume them; ${HISTORY}`;
export const CANCELLED_MESSAGE = `Your Pro subscription was canceled. ${PAUSED} Choose the Pro plan again to resume them; ${HISTORY}`;

const PAYMENT_TEXT: Record<(typeof PAYMENT_PROBLEM_STATUSES)[number], string> = {
  past_due: "Your Pro subscription's payment is past due.",
  unpaid: "Your Pro subscription is unpaid.",
  paused: "Your Pro subscription is paused.",
};
const paymentMessage = (status: (typeof PAYMENT_PROBLEM_STATUSES)[number]) =>
  `${PAYMENT_TEXT[status]} ${PAUSED} Update your payment method under Manage billing to resume them; ${HISTORY}`;

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

const LIFECYCLE: Record<PlanState, PlanLifecycle> = {
  paid: "active",
  trial: "trial",
  trial_ended: "expired",
  payment_problem: "past_due",
  cancelled: "cancelled",
  none: "expired",
};

export function planAccess(input: {
  trialEndsAt: number | null;
  subscriptionStatus: string | null;
  now: number;
}): PlanAccess {
  const { trialEndsAt, subscriptionStatus: status, now } = input;
  const result = (state: PlanState, fields: Partial<PlanAccess> = {}): PlanAccess => ({
    state,
    lifecycle: LIFECYCLE[state],
    canCreateCheckIns: false,
    trialEndsAt,
    daysLeft: null,
    message: null,
    ...fields,
  });
  if (isOneOf(PAID_SUBSCRIPTION_STATUSES, status)) return result("paid", { canCreateCheckIns: true });
  if (isOneOf(PAYMENT_PROBLEM_STATUSES, status)) return result("payment_problem", { message: paymentMessage(status) });
  if (isOneOf(CANCELLED_SUBSCRIPTION_STATUSES, status)) return result("cancelled", { message: CANCELLED_MESSAGE });
  if (trialEndsAt === null) return result("none", { message: NO_PLAN_MESSAGE });
  const left = trialEndsAt - now;
  if (left > 0) return result("trial", { canCreateCheckIns: true, daysLeft: Math.ceil(left / DAY_MS) });
  return result("trial_ended", { message: TRIAL_ENDED_MESSAGE });
}
