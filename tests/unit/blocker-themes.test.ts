import { describe, expect, it } from "vitest";
import { blockerThemesIn } from "../../worker/language/themes";

/** The blocker themes an answer to "what is in the way?" names, with sentences of our own. */
const themes = (content: string) => blockerThemesIn([{ content, answersBlockersQuestion: true }]).map((b) => b.theme);

describe("blocker themes", () => {
  it("names pricing approvals only in the approval sense: pricing and an approval, or the deal desk", () => {
    expect(themes("Discount approvals take three days.")).toEqual(["Pricing approvals"]);
    expect(themes("Waiting on sign off for every price change, it kills momentum.")).toEqual(["Pricing approvals"]);
    expect(themes("The deal desk is a bottleneck.")).toEqual(["Pricing approvals"]);
    expect(themes("Pricing approvals are so slow.")).toEqual(["Pricing approvals"]);
  });

  it("does not read a pricing skill as an approval blocker", () => {
    expect(themes("I struggle with negotiation on pricing.")).not.toContain("Pricing approvals");
    expect(themes("Discounting too early is a habit I need to break.")).not.toContain("Pricing approvals");
  });

  it("reads generic internal approvals as internal processes", () => {
    expect(themes("Mainly internal approvals. It's frustrating but manageable.")).toEqual(["Internal processes"]);
    expect(themes("Everything needs three approvals before it goes out.")).toEqual(["Internal processes"]);
  });
});
