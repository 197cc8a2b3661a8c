import { describe, expect, it } from "vitest";
import { overallIndex } from "../../worker/insights/compute";
import { PILLARS } from "../../worker/shared/pillars";
import type { DEFAULT_GLOBAL_SETTINGS } from "../../worker/shared/settings";

/** Issue 13 §2: the pillar weights count in the dashboard's Overall index. */
const even = Object.fromEntries(PILLARS.map((p) => [p, 1])) as typeof DEFAULT_GLOBAL_SETTINGS.pillarWeights;
// Morale 80, confidence 40, stress 70 (health 30), sales strength 60; team dynamics (80 + 40) / 2 = 60.
const window = { responses: 4, morale: 80, confidence: 40, stress: 70, sales_strength: 60 };

describe("the Overall index", () => {
  it("is the plain mean of the five scored pillars' health with even weights", () => {
    expect(overallIndex(window, even)).toBe(Math.round((80 + 40 + 30 + 60 + 60) / 5));
  });

  it("moves toward a pillar weighted up, and away from it when weighted down", () => {
    const base = overallIndex(window, even) ?? 0;
    expect(overallIndex(window, { ...even, morale: 2 })).toBeGreaterThan(base);
    expect(overallIndex(window, { ...even, burnout_risks: 2 })).toBeLessThan(base);
    expect(overallIndex(window, { ...even, morale: 0.5 })).toBeLessThan(base);
  });

  it("ignores the blockers weight (blockers are a count) and is null without answers", () => {
    expect(overallIndex(window, { ...even, blockers: 2 })).toBe(overallIndex(window, even));
    expect(overallIndex(null, even)).toBeNull();
  });
});
