import type { PlanStatusResponse } from "@shared/billing";
import { describe, expect, it } from "vitest";
import { trialTaken } from "../../../src/routes/dashboard/plan-summary";

/** The plan step's Free Trial card: offered until it is chosen, then the current or used plan. */
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-05-04T12:00:00Z");

function status(chosenAt: string | null, endsInDays: number): PlanStatusResponse {
  return {
    trial: {
      id: "t1",
      organizationId: "o1",
      userId: "u1",
      trialStartDate: new Date(NOW + (endsInDays - 14) * DAY).toISOString(),
      trialEndDate: new Date(NOW + endsInDays * DAY).toISOString(),
      trialStatus: "active",
      chosenAt,
    },
    subscription: null,
    paymentsConfigured: true,
    planChosen: chosenAt !== null,
  };
}

describe("trialTaken", () => {
  it("offers the trial while no admin chose it, or before the status is read", () => {
    expect(trialTaken(status(null, 10), NOW)).toBeNull();
    expect(trialTaken(undefined, NOW)).toBeNull();
  });

  it("shows a chosen trial as the current plan with its days left", () => {
    const taken = trialTaken(status("2026-05-01T00:00:00Z", 10), NOW);
    expect(taken).toMatchObject({ current: true, button: "Your current plan" });
    expect(taken?.note).toMatch(/^10 days left, until /);
  });

  it("shows an ended one as used, never as something to start", () => {
    const taken = trialTaken(status("2026-04-01T00:00:00Z", -2), NOW);
    expect(taken).toMatchObject({ current: false, button: "Free trial used" });
    expect(taken?.note).toMatch(/^Your free trial ended on /);
  });
});
