import type { PersonRow, ScoreSnapshot } from "@shared/insights";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PeopleTable } from "../../../src/routes/dashboard/overview/PeopleTable";

/**
 * The Overview's people: an uncertain score shows as "?", whose meaning was only in a hover
 * title (no help on a phone or from the keyboard). A line under the list says what "?" means.
 */
const person = (uncertain: ScoreSnapshot["uncertain"]): PersonRow => ({
  id: "p1",
  firstName: "Maya",
  lastName: "Chen",
  jobTitle: null,
  region: null,
  status: "active",
  latest: {
    morale: 51,
    confidence: 48,
    stress: 50,
    salesStrength: 53,
    blockers: 1,
    recordedAt: "2026-11-27T06:00:00.000Z",
    uncertain,
  },
  previousStress: null,
  completedInRange: 1,
  sentInRange: 1,
  openAlerts: 0,
  risk: "watch",
});
const render = (people: PersonRow[]) =>
  renderToStaticMarkup(<MemoryRouter>{<PeopleTable people={people} />}</MemoryRouter>);

describe("the Overview's people, an uncertain score", () => {
  it("says in words what the '?' means", () => {
    const html = render([person(["morale"])]);
    expect(html).toContain('data-uncertain="true"');
    expect(html).toContain(
      "? = uncertain: too little or conflicting evidence in the conversation to show a firm reading.",
    );
  });

  it("says nothing when no score is uncertain", () => {
    expect(render([person([])])).not.toContain("? = uncertain");
  });
});
