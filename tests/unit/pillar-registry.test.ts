import { describe, expect, it, vi } from "vitest";
import { progressByPillar, storedJudgementSchema } from "../../worker/checkin/store";
import { globalSettingsOf } from "../../worker/db/global-settings";
import { buildPillarCards, overallIndex } from "../../worker/insights/compute";
import { finalizeScores, SCORE_BOUNDS } from "../../worker/scoring/finalize";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { TranscriptMessage } from "../../worker/scoring/judgement";
import { judgementFromLlm, LLM_JUDGEMENT_JSON_SCHEMA } from "../../worker/scoring/llm-judge";
import { realTimeSentimentFor } from "../../worker/scoring/real-time";
import { reconcile } from "../../worker/scoring/review";
import {
  CLASSIFICATION_PILLARS,
  LOWER_IS_BETTER,
  PILLAR_LABELS,
  PILLARS,
  type Pillar,
  SCORE_DIMENSIONS,
  type ScoreDimension,
} from "../../worker/shared/pillars";
import { validateQuestionItem } from "../../worker/shared/question-import";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings, pillarWeightsSchema } from "../../worker/shared/settings";

/**
 * Issue 23 §1: a pillar is defined once, in worker/shared/pillars.ts. This file runs against
 * a copy of the registry with a seventh pillar, "pipeline health", scored on a new dimension
 * "pipeline" where lower is better: every consumer below must pick it up without being
 * touched. (What the copy cannot show, the type checker does: a consumer with its own
 * per-pillar or per-score table — the reader's evidence, the D1 columns, the insights SQL —
 * fails `tsc` when the real registry gains a pillar; README → "Adding a pillar".)
 */
vi.mock("../../worker/shared/pillars", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../worker/shared/pillars")>();
  const pipeline = {
    id: "pipeline_health",
    label: "Pipeline Health",
    card: { label: "Pipeline", hint: "Pipeline at risk; lower is better", shows: "score" },
    lowerIsBetter: true,
    defaultWeight: 1.5,
    classification: "pipeline_outlook",
    reads: {
      score: {
        // A new dimension: the real change adds it to SCORE_DIMENSIONS too.
        dimension: "pipeline" as ScoreDimension,
        evidenceField: "pipelineEvidence",
        bounds: { min: 10, max: 80 },
        missing: 50,
        judgeHelp: "Risk in their pipeline; HIGHER means MORE at risk.",
      },
    },
  } as const;
  const registry = [...real.PILLAR_REGISTRY, pipeline];
  return { ...real, ...real.pillarVocabulary(registry, [...real.SCORE_DIMENSIONS, "pipeline" as ScoreDimension]) };
});

const PIPELINE = "pipeline_health" as Pillar;
const DIMENSION = "pipeline" as ScoreDimension;

describe("a pillar added to the registry reaches every consumer", () => {
  it("is a pillar and a score, with its label, direction and classification", () => {
    expect(PILLARS).toHaveLength(7);
    expect(PILLARS.at(-1)).toBe(PIPELINE);
    expect(PILLAR_LABELS[PIPELINE]).toBe("Pipeline Health");
    expect(LOWER_IS_BETTER[PIPELINE]).toBe(true);
    expect(SCORE_DIMENSIONS).toContain(DIMENSION);
    expect(CLASSIFICATION_PILLARS).toEqual([
      "performance_confidence",
      "work_stress",
      "team_relationships",
      "job_satisfaction",
      "skills_development",
      "challenges",
      "pipeline_outlook",
      "general",
    ]);
  });

  it("has a weight in Global Settings, and a saved row without it keeps its settings", () => {
    expect(DEFAULT_GLOBAL_SETTINGS.pillarWeights).toMatchObject({ [PIPELINE]: 1.5 });
    expect(pillarWeightsSchema.safeParse(DEFAULT_GLOBAL_SETTINGS.pillarWeights).success).toBe(true);
    const { [PIPELINE]: _, ...savedWeights } = DEFAULT_GLOBAL_SETTINGS.pillarWeights;
    expect(pillarWeightsSchema.safeParse(savedWeights).success).toBe(false);
    const saved = { ...DEFAULT_GLOBAL_SETTINGS, defaultDuration: 25, pillarWeights: { ...savedWeights, morale: 2 } };
    const settings = globalSettingsOf([{ settings: saved as GlobalSettings }]);
    expect(settings.defaultDuration).toBe(25);
    expect(settings.pillarWeights).toMatchObject({ morale: 2, [PIPELINE]: 1.5 });
  });

  it("is a question bank pillar", () => {
    const item = { pillar: PIPELINE, question_text: "How healthy is your pipeline?", question_type: "open_ended" };
    expect(validateQuestionItem(item)).toMatchObject({ problems: [] });
  });

  it("is clamped, judged by the LLM, reviewed and written as a real-time row, turned over", () => {
    expect(SCORE_BOUNDS[DIMENSION]).toEqual({ min: 10, max: 80 });
    const final = finalizeScores({ [DIMENSION]: 95 }, ["Pipeline is thin, honestly."]);
    expect(final[DIMENSION]).toBe(80);

    const schema = LLM_JUDGEMENT_JSON_SCHEMA.properties.scores;
    expect(schema.required).toContain(DIMENSION);
    expect(JSON.stringify(schema.properties)).toContain("Risk in their pipeline");
    const transcript: TranscriptMessage[] = [
      { sender: "assistant", content: "How does your pipeline look?", pillar: PIPELINE },
      { sender: "user", content: "Pipeline is thin, honestly.", pillar: null },
    ];
    const scored = (value: number, evidence = "") => ({ value, evidence });
    const reply = {
      scores: {
        ...Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, scored(50)])),
        [DIMENSION]: scored(90, "pipeline is thin"),
      },
      blockers: [],
    };
    const llm = judgementFromLlm(reply, transcript);
    expect(llm?.raw).toEqual({ [DIMENSION]: 90 });
    const { review } = reconcile(
      llm ?? { raw: {}, blockers: [], judgedBy: "llm" },
      { raw: {}, blockers: [], judgedBy: "lexicon" },
      ["Pipeline is thin, honestly."],
    );
    expect(review).toEqual([{ dimension: DIMENSION, llm: 80, reader: 50 }]);
    expect(storedJudgementSchema.safeParse({ count: 2, judgement: llm }).data?.judgement.raw).toEqual({
      [DIMENSION]: 90,
    });

    const judged = judgeCheckIn(transcript, {
      memberName: "Ana",
      llm: { count: 2, judgement: llm ?? { raw: {}, blockers: [], judgedBy: "llm" } },
    });
    expect(judged.scores[DIMENSION]).toBe(80);
    const rows = realTimeSentimentFor(judged.scores);
    expect(rows).toHaveLength(6);
    expect(rows.at(-1)).toEqual({ pillar: "pipeline_outlook", sentimentScore: 20, concernLevel: "high" });
  });

  it("gets a dashboard card and its weight in the Overall index", () => {
    const window = { responses: 2, morale: 60, confidence: 60, stress: 40, sales_strength: 60, [DIMENSION]: 70 };
    const discussed = { morale: 2, confidence: 2, stress: 2, sales_strength: 2, blockers: 2, [DIMENSION]: 0 };
    const cards = buildPillarCards({ ...window, discussed }, null, { current: 1, previous: 0 });
    expect(cards.map((card) => card.pillar)).toEqual(PILLARS);
    expect(cards.at(-1)).toMatchObject({ pillar: PIPELINE, value: 70, lowerIsBetter: true, notDiscussed: true });

    const even = Object.fromEntries(PILLARS.map((p) => [p, 1])) as Record<Pillar, number>;
    // Health: morale 60, confidence 60, stress 100 − 40, team dynamics 60, sales strength 60, pipeline 100 − 70.
    expect(overallIndex(window, even)).toBe(Math.round((60 * 5 + 30) / 6));
    expect(overallIndex(window, { ...even, [PIPELINE]: 2 })).toBe(Math.round((60 * 5 + 30 * 2) / 7));
  });

  it("starts empty in a chat that began before it existed", () => {
    const before = progressByPillar({});
    expect(Object.keys(before)).toEqual(PILLARS);
    expect(before[PIPELINE]).toMatchObject({ questionsAsked: 0, explored: false });
  });
});
