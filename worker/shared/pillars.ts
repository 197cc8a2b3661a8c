/**
 * The pillar registry: the one place a pillar is defined (spec 2 §3, §7, §9). The question
 * bank, the interviewer, scoring, the dashboard, Global Settings and the operator console all
 * speak in what is derived from it below; `tests/unit/pillar-registry.test.ts` adds a pillar
 * to a copy and shows every consumer picks it up. Vocabulary:
 * - a pillar (6): what a check-in covers, a question asks about and the dashboard shows a card for;
 * - a score dimension (5): what a check-in is judged on and sentiment_scores stores, one per
 *   pillar that has its own score (team dynamics has none: it is the mean of two others);
 * - a classification pillar (7): the spec's name for a pillar in real_time_sentiment rows.
 *
 * Adding a pillar: one entry here; with its own score, its dimension in SCORE_DIMENSIONS too.
 * The type checker then names what needs a decision: the D1 columns (worker/db/schema.ts and a
 * migration) through checkin/persist.ts, the insights SQL, the reader's evidence for the new
 * score, the dev seed and the console's badge colour. Not named, and needing one too: the
 * default question bank's questions for it, and the wire shapes of a trend point and of a
 * person's scores (README → "Pillars").
 */

/**
 * The scores a check-in is judged on, in the order they are stored and printed (the columns of
 * sentiment_scores, `npm run judge`'s output): part of the registry, kept as a list because
 * that order is a contract.
 */
export const SCORE_DIMENSIONS = ["morale", "confidence", "stress", "sales_strength", "blockers"] as const;
export type ScoreDimension = (typeof SCORE_DIMENSIONS)[number];
export type DimensionScores = Record<ScoreDimension, number>;

/** A pillar's own score. */
export type ScoreDefinition = {
  dimension: ScoreDimension;
  /** The sentiment_scores column counting the answers that touched it (0 = "not discussed"). */
  evidenceField: string;
  /** Spec 2 §9's clamps for the final score. */
  bounds: { min: number; max: number };
  /** What the dashboard reads when a response carries none (spec 2 §7: sales strength 75; else the neutral 50). */
  missing: number;
  /** What the LLM judge is told the score means. */
  judgeHelp: string;
};

export type PillarDefinition = {
  id: string;
  /** The full name: question bank, console, digest, prompts. */
  label: string;
  /** The dashboard card: its short name, its hint, and whether it shows the score or a count of reports. */
  card: { label: string; hint: string; shows: "score" | "count" };
  /**
   * Lower is better: its card's colour and arrow turn over (spec 2 §7). A pillar whose card
   * shows its score (stress) is also turned over (100 − score) wherever every value reads
   * "higher is better": the real-time rows and the Overall index. A count card (blockers)
   * counts problems; its score already reads higher = fewer blockers.
   */
  lowerIsBetter: boolean;
  /** Global Settings' default weight (0.5–2): its share of the questions and of the Overall index. */
  defaultWeight: number;
  /** Its name among the classification pillars of real_time_sentiment. */
  classification: string;
  /** Its own score, or the mean of other pillars' scores (team dynamics). */
  reads: { score: ScoreDefinition } | { meanOf: readonly ScoreDimension[] };
};

export const PILLAR_REGISTRY = [
  {
    id: "quota_confidence",
    label: "Quota Confidence Index",
    card: { label: "Quota Confidence", hint: "Belief they will hit their number", shows: "score" },
    lowerIsBetter: false,
    defaultWeight: 1,
    classification: "performance_confidence",
    reads: {
      score: {
        dimension: "confidence",
        evidenceField: "confidenceEvidence",
        bounds: { min: 20, max: 90 },
        missing: 50,
        judgeHelp: "Confidence in hitting quota; 50 neutral.",
      },
    },
  },
  {
    id: "burnout_risks",
    label: "Burnout Risks and Alerts",
    card: { label: "Burnout Risk", hint: "Stress level; lower is better", shows: "score" },
    lowerIsBetter: true,
    defaultWeight: 1.2,
    classification: "work_stress",
    reads: {
      score: {
        dimension: "stress",
        evidenceField: "stressEvidence",
        bounds: { min: 15, max: 85 },
        missing: 50,
        judgeHelp: "Stress and burnout risk; HIGHER means MORE stressed.",
      },
    },
  },
  {
    id: "team_dynamics",
    label: "Team and Cross Department Dynamics",
    card: { label: "Team Dynamics", hint: "Mean of morale and confidence", shows: "score" },
    lowerIsBetter: false,
    defaultWeight: 1.1,
    classification: "team_relationships",
    reads: { meanOf: ["morale", "confidence"] },
  },
  {
    id: "morale",
    label: "Morale",
    card: { label: "Morale", hint: "How people feel about their work", shows: "score" },
    lowerIsBetter: false,
    defaultWeight: 1,
    classification: "job_satisfaction",
    reads: {
      score: {
        dimension: "morale",
        evidenceField: "moraleEvidence",
        bounds: { min: 15, max: 85 },
        missing: 50,
        judgeHelp: "How positive they feel about work; 50 neutral.",
      },
    },
  },
  {
    id: "sales_strength",
    label: "Sales Strength",
    card: { label: "Sales Strength", hint: "Confidence in their own selling", shows: "score" },
    lowerIsBetter: false,
    defaultWeight: 0.9,
    classification: "skills_development",
    reads: {
      score: {
        dimension: "sales_strength",
        evidenceField: "salesStrengthEvidence",
        bounds: { min: 45, max: 90 },
        missing: 75,
        judgeHelp: "Self-assessed selling skill and recent wins.",
      },
    },
  },
  {
    id: "blockers",
    label: "Blockers",
    card: { label: "Blockers", hint: "Blockers named in check-ins", shows: "count" },
    lowerIsBetter: true,
    defaultWeight: 1.3,
    classification: "challenges",
    reads: {
      score: {
        dimension: "blockers",
        evidenceField: "blockersEvidence",
        bounds: { min: 15, max: 100 },
        missing: 50,
        judgeHelp: "HIGHER means FEWER blockers; 50 when none discussed.",
      },
    },
  },
] as const satisfies readonly PillarDefinition[];

type Registry = typeof PILLAR_REGISTRY;
export type Pillar = Registry[number]["id"];
/** The classification pillars of real_time_sentiment rows: one per pillar, and "general". */
export type ClassificationPillar = Registry[number]["classification"] | "general";

type OwnScore = Extract<Registry[number]["reads"], { score: ScoreDefinition }>["score"];
/** The sentiment_scores columns holding each score's evidence, as the registry names them. */
export type EvidenceField = OwnScore["evidenceField"];

/** A score with the pillar it belongs to and whether it is stored turned over in "higher is better" rows. */
export type ScoreOfPillar = ScoreDefinition & {
  pillar: Pillar;
  classification: ClassificationPillar;
  inverted: boolean;
};

/** A list with at least one item, as zod and Drizzle enums want it. */
function nonEmpty<T>(list: readonly T[]): readonly [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error("the pillar registry is empty");
  return [first, ...rest];
}

const scoreOf = (p: PillarDefinition): ScoreDefinition | null => ("score" in p.reads ? p.reads.score : null);

/**
 * Everything derived from a registry. Exported so a test can derive the same from a copy with
 * one more pillar; the app uses the one below, from PILLAR_REGISTRY.
 */
export function pillarVocabulary(registry: readonly PillarDefinition[], dimensions: readonly ScoreDimension[]) {
  type P = Pillar;
  const byId = <T>(value: (p: PillarDefinition) => T) =>
    Object.fromEntries(registry.map((p) => [p.id, value(p)])) as Record<P, T>;
  const scores = new Map<string, ScoreOfPillar>();
  for (const p of registry) {
    const score = scoreOf(p);
    if (!score) continue;
    if (scores.has(score.dimension)) throw new Error(`score ${score.dimension} belongs to two pillars`);
    scores.set(score.dimension, {
      ...score,
      pillar: p.id as P,
      classification: p.classification as ClassificationPillar,
      inverted: p.lowerIsBetter && p.card.shows === "score",
    });
  }
  const SCORES = Object.fromEntries(
    dimensions.map((d) => {
      const score = scores.get(d);
      if (!score) throw new Error(`score ${d} belongs to no pillar`);
      return [d, score];
    }),
  ) as Record<ScoreDimension, ScoreOfPillar>;
  return {
    PILLAR_REGISTRY: registry,
    PILLARS: nonEmpty(registry.map((p) => p.id as P)),
    PILLAR_LABELS: byId((p) => p.label),
    PILLAR_CARDS: byId((p) => p.card),
    LOWER_IS_BETTER: byId((p) => p.lowerIsBetter),
    DEFAULT_PILLAR_WEIGHTS: byId((p) => p.defaultWeight),
    /** The scores whose mean the dashboard shows for a pillar: its own, or those it is the mean of. */
    PILLAR_READS: byId((p): readonly ScoreDimension[] =>
      "score" in p.reads ? [p.reads.score.dimension] : p.reads.meanOf,
    ),
    /** Pillars whose card shows a score (0–100): the trend, the Overall index; not a count like blockers. */
    SCORED_PILLARS: registry.filter((p) => p.card.shows === "score").map((p) => p.id as P),
    SCORE_DIMENSIONS: dimensions,
    SCORES,
    CLASSIFICATION_PILLARS: nonEmpty<ClassificationPillar>([
      ...registry.map((p) => p.classification as ClassificationPillar),
      "general",
    ]),
  };
}

export const {
  PILLARS,
  PILLAR_LABELS,
  PILLAR_CARDS,
  LOWER_IS_BETTER,
  DEFAULT_PILLAR_WEIGHTS,
  PILLAR_READS,
  SCORED_PILLARS,
  SCORES,
  CLASSIFICATION_PILLARS,
} = pillarVocabulary(PILLAR_REGISTRY, SCORE_DIMENSIONS);

export const QUESTION_TYPES = ["open_ended", "rating_scale", "multiple_choice", "follow_up", "probe"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
