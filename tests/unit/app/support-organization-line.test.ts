import { describe, expect, it } from "vitest";
import { organizationFacts } from "../../../src/routes/superadmin/console/display";

/** Customer Support's organization result: its domain and a counted noun that agrees. */
describe("an organization's line in Customer Support", () => {
  it("says '1 account' for one and 'accounts' otherwise", () => {
    expect(organizationFacts({ domain: "acme.test", accountCount: 1 })).toBe("acme.test · 1 account");
    expect(organizationFacts({ domain: null, accountCount: 0 })).toBe("No domain set · 0 accounts");
    expect(organizationFacts({ domain: "b.test", accountCount: 3 })).toBe("b.test · 3 accounts");
  });
});
