import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlanStrip } from "../../../src/routes/dashboard/team/TeamPage";

/**
 * The Team page's trial strip counts the active members (the limit is on them: a paused one
 * frees a place). "2 of 3 team members" above a list of 3 people read as a wrong count.
 */
describe("the Free Trial's strip on the Team page", () => {
  it("says the count is of active team members", () => {
    const html = renderToStaticMarkup(<PlanStrip plan={{ plan: "trial", limit: 3, activeCount: 2, canAdd: true }} />);
    expect(html).toContain("2 of 3 active team members");
  });
});
