import { describe, expect, it } from "vitest";
import { planAccess } from "../../worker/shared/plan-access";

const NOW = Date.UTC(2026, 4, 4, 12);
const DAY = 86_400_000;

/** The one rule (issue 25 §2): a trial, a paid plan, or blocked — and the console's word for each. */
describe("planAccess", () => {
  const cases: [string, number | null, string | null, { state: string; lifecycle: string; can: boolean }][] = [
    ["a running trial", NOW + 3 * DAY, null, { state: "trial", lifecycle: "trial", can: true }],
    ["a trial past its end", NOW - 1, null, { state: "trial_ended", lifecycle: "expired", can: false }],
    ["no trial and no plan", null, null, { state: "none", lifecycle: "expired", can: false }],
    ["Pro, active", NOW - DAY, "active", { state: "paid", lifecycle: "active", can: true }],
    ["Pro, in Stripe's own trial", null, "trialing", { state: "paid", lifecycle: "active", can: true }],
    ["Pro, past due", NOW + DAY, "past_due", { state: "payment_problem", lifecycle: "past_due", can: false }],
    ["Pro, unpaid", NOW + DAY, "unpaid", { state: "payment_problem", lifecycle: "past_due", can: false }],
    ["Pro, paused", NOW + DAY, "paused", { state: "payment_problem", lifecycle: "past_due", can: false }],
    ["Pro, canceled", NOW + DAY, "canceled", { state: "cancelled", lifecycle: "cancelled", can: false }],
    // A first payment that never went through leaves it to the trial, running or not.
    ["Pro incomplete, trial running", NOW + DAY, "incomplete", { state: "trial", lifecycle: "trial", can: true }],
    [
      "Pro expired, trial over",
      NOW - DAY,
      "incomplete_expired",
      { state: "trial_ended", lifecycle: "expired", can: false },
    ],
  ];
  it.each(cases)("%s", (_, trialEndsAt, subscriptionStatus, expected) => {
    const access = planAccess({ trialEndsAt, subscriptionStatus, now: NOW });
    expect({ state: access.state, lifecycle: access.lifecycle, can: access.canCreateCheckIns }).toEqual(expected);
    // Whatever refuses says why and the way out; whatever runs says nothing.
    if (access.canCreateCheckIns) expect(access.message).toBeNull();
    else expect(access.message).toMatch(/to resume them; your team's history stays readable\.$/);
  });

  it("counts the trial's days left, rounded up", () => {
    expect(planAccess({ trialEndsAt: NOW + 14 * DAY, subscriptionStatus: null, now: NOW }).daysLeft).toBe(14);
    expect(planAccess({ trialEndsAt: NOW + 1, subscriptionStatus: null, now: NOW }).daysLeft).toBe(1);
    expect(planAccess({ trialEndsAt: NOW + DAY, subscriptionStatus: "active", now: NOW }).daysLeft).toBeNull();
  });
});
