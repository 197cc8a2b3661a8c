/**
 * The six coverage pillars (spec 2 §3, §9): the question bank, the dashboard and the
 * operator console all speak in these.
 */
export const PILLARS = [
  "quota_confidence",
  "burnout_risks",
  "team_dynamics",
  "morale",
  "sales_strength",
  "blockers",
] as const;

export type Pillar = (typeof PILLARS)[number];

export const PILLAR_LABELS: Record<Pillar, string> = {
  quota_confidence: "Quota Confidence Index",
  burnout_risks: "Burnout Risks and Alerts",
  team_dynamics: "Team and Cross Department Dynamics",
  morale: "Morale",
  sales_strength: "Sales Strength",
  blockers: "Blockers",
};

/** Classification pillars used for real_time_sentiment rows (spec 2 §3, §7). */
export const CLASSIFICATION_PILLARS = [
  "performance_confidence",
  "work_stress",
  "team_relationships",
  "job_satisfaction",
  "skills_development",
  "challenges",
  "general",
] as const;

export type ClassificationPillar = (typeof CLASSIFICATION_PILLARS)[number];

/** The five sentiment dimensions stored in sentiment_scores. */
export const SCORE_DIMENSIONS = ["morale", "confidence", "stress", "sales_strength", "blockers"] as const;
export type ScoreDimension = (typeof SCORE_DIMENSIONS)[number];
export type DimensionScores = Record<ScoreDimension, number>;

/** Spec 2 §7: sentiment-to-pillar mapping for real_time_sentiment. */
export const DIMENSION_TO_CLASSIFICATION: Record<ScoreDimension, ClassificationPillar> = {
  morale: "job_satisfaction",
  confidence: "performance_confidence",
  stress: "work_stress",
  sales_strength: "skills_development",
  blockers: "challenges",
};

export const QUESTION_TYPES = ["open_ended", "rating_scale", "multiple_choice", "follow_up", "probe"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
