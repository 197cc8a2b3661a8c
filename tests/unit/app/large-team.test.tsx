import type { PersonRow, SalesStrengthProfile } from "@shared/insights";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PeopleTable } from "../../../src/routes/dashboard/overview/PeopleTable";
import { SalesStrengthPanel } from "../../../src/routes/dashboard/overview/SalesStrengthPanel";

/**
 * Issue 26 §2, the SPA's side: a large team's Overview lists its first 50 people and the
 * strongest 50, and says so; a team that fits shows everyone as before.
 */
const person = (n: number): PersonRow => ({
  id: `p${n}`,
  firstName: `Rep${n}`,
  lastName: "Person",
  jobTitle: null,
  region: null,
  status: "active",
  latest: null,
  previousStress: null,
  completedInRange: 0,
  sentInRange: 0,
  openAlerts: 0,
  risk: "unknown",
});
const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe("the Overview's people of a large team", () => {
  it("says it lists the first of how many, and where everyone is", () => {
    const html = render(<PeopleTable people={[person(1), person(2)]} total={10_000} />);
    expect(html).toContain("The 2 who need you first, of 10,000.");
    expect(html).toContain('href="/dashboard/team"');
  });

  it("says nothing more when everyone is listed", () => {
    expect(render(<PeopleTable people={[person(1), person(2)]} total={2} />)).not.toContain("need you first");
  });

  it("offers the top of the sales strength list, not 'all', when more people are scored", () => {
    const profile: SalesStrengthProfile = {
      average: 70,
      bands: { strong: 10, solid: 0, developing: 0 },
      people: Array.from({ length: 10 }, (_, n) => ({ id: `p${n}`, firstName: "A", lastName: "B", value: 80 })),
    };
    expect(render(<SalesStrengthPanel profile={profile} />)).toContain("Show all 10");
    expect(render(<SalesStrengthPanel profile={{ ...profile, scored: 10_000 }} />)).toContain("Show the top 10");
  });
});
