import { DAY_MS } from "./time";

/**
 * Whether an organization may send new check-ins, and what to tell its admins (issue 13 §3).
 * One pure rule for the Worker (refusals, the cron) and the dashboard's banner:
 * - an active or trialing Pro subscription: everything runs;
 * - a subscription past_due, unpaid or canceled: paused, like an ended trial;
 * - a Free Trial: runs until its end date, then paused;
 * - neither (an organization an operator created, or one that has not chosen a plan yet):
 *   runs; the banner asks its admin to choose a plan.
 * Paused means scheduled check-ins are not created and new ones are refused; history stays
 * readable, and upgrading resumes the saved schedule.
 */
export type PlanState = "paid" | "trial" | "trial_ended" | "payment_problem" | "none";

export type PlanAccess = {
  state: PlanState;
  canCreateCheckIns: boolean;
  /** Whole days left in a running trial (rounded up), else null. */
  daysLeft: number | null;
  trialEndsAt: number | null;
  /** Why new check-ins are refused, with the way out; null while they are allowed. */
  message: string | null;
};

const PAUSED_TAIL =
  "Scheduled check-ins are paused and new check-ins can't be sent. Upgrade to the Pro plan to resume them; your team's history stays readable.";

export const TRIAL_ENDED_MESSAGE = `Your free trial has ended. ${PAUSED_TAIL}`;

const LAPSED_TEXT: Record<string, string> = {
  past_due: "Your Pro subscription's payment is past due.",
  unpaid: "Your Pro subscription is unpaid.",
  canceled: "Your Pro subscription was canceled.",
  incomplete_expired: "Your Pro subscription's first payment did not go through.",
};

export function planAccess(input: {
  trialEndsAt: number | null;
  subscriptionStatus: string | null;
  now: number;
}): PlanAccess {
  const { trialEndsAt, subscriptionStatus: status, now } = input;
  const base = { trialEndsAt, daysLeft: null, message: null };
  if (status === "active" || status === "trialing") return { ...base, state: "paid", canCreateCheckIns: true };
  const lapsed = status ? LAPSED_TEXT[status] : undefined;
  if (lapsed) {
    return { ...base, state: "payment_problem", canCreateCheckIns: false, message: `${lapsed} ${PAUSED_TAIL}` };
  }
  if (trialEndsAt !== null) {
    const left = trialEndsAt - now;
    if (left > 0) return { ...base, state: "trial", canCreateCheckIns: true, daysLeft: Math.ceil(left / DAY_MS) };
    return { ...base, state: "trial_ended", canCreateCheckIns: false, message: TRIAL_ENDED_MESSAGE };
  }
  return { ...base, state: "none", canCreateCheckIns: true };
}
