import { describe, expect, it } from "vitest";
import { PRO_PLAN_FEATURES, TRIAL_PLAN_FEATURES } from "../../../src/components/marketing/plans";

/** The plan cards (landing pricing and the plan choice) list the spec's features, word for word. */
describe("the plan cards' features", () => {
  it("the Pro plan lists the spec's seven", () => {
    expect(PRO_PLAN_FEATURES).toEqual([
      "Unlimited team members",
      "AI sentiment analysis",
      "Real-time dashboard and analytics",
      "Risk alerts and predictions",
      "Email check-in automation",
      "Advanced reporting",
      "Priority support",
    ]);
  });

  it("the Free Trial lists the spec's four", () => {
    expect(TRIAL_PLAN_FEATURES).toEqual([
      "Up to 3 team members",
      "Basic sentiment tracking",
      "Email check-ins",
      "Basic dashboard",
    ]);
  });
});
