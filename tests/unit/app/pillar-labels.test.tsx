import type { PillarCard } from "@shared/insights";
import { PILLAR_REGISTRY, PILLARS, type Pillar, type PillarDefinition } from "@shared/pillars";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { OverallIndex } from "../../../src/routes/dashboard/overview/OverallIndex";
import { PillarCards } from "../../../src/routes/dashboard/overview/PillarCards";

/**
 * Issue 23 §1, the SPA's side: the dashboard's card names, hints and the Overall index's
 * weights come from the pillar registry, so a pillar added to a copy of it shows up with its
 * own words. (tests/unit/pillar-registry.test.ts covers the Worker's consumers.)
 */
vi.mock("@shared/pillars", async (importOriginal) => {
  const real = await importOriginal<typeof import("@shared/pillars")>();
  const quota = real.PILLAR_REGISTRY[0];
  const pipeline: PillarDefinition = {
    ...quota,
    id: "pipeline_health",
    label: "Pipeline Health",
    card: { label: "Pipeline", hint: "Deals in play for the quarter", shows: "score" },
    classification: "pipeline_outlook",
    reads: { meanOf: ["confidence"] },
  };
  return { ...real, ...real.pillarVocabulary([...real.PILLAR_REGISTRY, pipeline], real.SCORE_DIMENSIONS) };
});

const PIPELINE = "pipeline_health" as Pillar;

describe("the dashboard names a pillar added to the registry", () => {
  it("gives it a card with its short name, hint and full label", () => {
    expect(PILLAR_REGISTRY.map((p) => p.id)).toContain(PIPELINE);
    const card: PillarCard = {
      pillar: PIPELINE,
      value: 64,
      previous: 60,
      change: 7,
      changeUnit: "percent",
      lowerIsBetter: false,
    };
    const html = renderToStaticMarkup(<PillarCards cards={[card]} />);
    expect(html).toContain(">Pipeline<");
    expect(html).toContain("Deals in play for the quarter");
    expect(html).toContain('title="Pipeline Health"');
  });

  it("lists its weight among the Overall index's", () => {
    const weights = Object.fromEntries(PILLARS.map((p) => [p, 1])) as Record<Pillar, number>;
    const html = renderToStaticMarkup(
      <OverallIndex overall={{ value: 61, previous: null, weights: { ...weights, [PIPELINE]: 1.5 } }} />,
    );
    expect(html).toContain("Pipeline Health ×1.5");
    expect(html).not.toContain("Blockers ×");
  });
});
