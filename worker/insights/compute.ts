import type { Participation, PillarCard, RiskLevel, ScoreSnapshot, TrendPoint } from "../shared/insights";
import {
  LOWER_IS_BETTER,
  PILLAR_CARDS,
  PILLAR_READS,
  PILLARS,
  type Pillar,
  SCORED_PILLARS,
  SCORES,
  type ScoreDimension,
} from "../shared/pillars";
import { WEEK_MS } from "../shared/time";

/**
 * Pure arithmetic over what SQL aggregated (GROUP BY in D1): no rows of raw scores ever
 * reach this file, only per-week means and counts, and one row per person.
 *
 * The rules (spec 2 §7, "Derived values"):
 * - each scored pillar is the mean of the scores it reads (worker/shared/pillars.ts): its own,
 *   or for team dynamics those of morale and confidence; sales strength reads 75 when
 *   missing; all rounded once, at the end, from unrounded means;
 * - blockers is the number of blockers reported in the window;
 * - trend windows: the last 7 days against the 7 days before; the change is a percent for
 *   scores ((now − before) ÷ before) and a count difference for blockers; none at all (null,
 *   blockers too) when nobody answered in the window before;
 * - stress and blockers are "lower is better" (LOWER_IS_BETTER: their colour and arrow turn over).
 */

/** How many responses talked about each score (issue 14). */
export type Discussed = Record<ScoreDimension, number>;

/** Means of one 7-day window, unrounded, as SQL returned them (blockers are counted apart). */
export type WindowAggregate = Partial<Record<ScoreDimension, number | null>> & {
  responses: number;
  /** How many of the responses talked about each score (issue 14); absent when unknown. */
  discussed?: Discussed;
};

/** A pillar nobody in the window talked about: the card says "not discussed", not a neutral 50. */
function notDiscussed(window: WindowAggregate | null, pillar: Pillar): boolean {
  const d = window?.discussed;
  if (!d || !window || window.responses === 0) return false;
  return PILLAR_READS[pillar].reduce((sum, dimension) => sum + d[dimension], 0) === 0;
}

/** Rounds half away from zero, so −2.5 and 2.5 mirror each other (Math.round does not). */
export function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** The scored pillars of one window, unrounded; null when nobody answered in it. */
export function scorePillars(window: WindowAggregate | null): Partial<Record<Pillar, number>> | null {
  if (!window || window.responses === 0) return null;
  const scoreIn = (dimension: ScoreDimension) => window[dimension] ?? SCORES[dimension].missing;
  return Object.fromEntries(
    SCORED_PILLARS.map((pillar) => {
      const reads = PILLAR_READS[pillar];
      return [pillar, reads.reduce((sum, dimension) => sum + scoreIn(dimension), 0) / reads.length];
    }),
  );
}

/** A pillar's value as health, higher is better: one whose lower is better is turned over (100 − value). */
export function healthOf(pillar: Pillar, value: number): number {
  return LOWER_IS_BETTER[pillar] ? 100 - value : value;
}

/**
 * The Overall index (issue 13 §2): the scored pillars of one window, each as health
 * (burnout risk turned over: 100 − stress), weighted by Global Settings' pillar weights, so a
 * pillar weighted 2 counts twice as much as one weighted 1. Blockers are a count, not a
 * score, so they are not in it. Null when nobody answered in the window.
 */
export function overallIndex(window: WindowAggregate | null, weights: Record<Pillar, number>): number | null {
  const pillars = scorePillars(window);
  if (!pillars) return null;
  let sum = 0;
  let total = 0;
  for (const pillar of SCORED_PILLARS) {
    const value = pillars[pillar];
    if (value === undefined) continue;
    const weight = weights[pillar] ?? 1;
    sum += weight * healthOf(pillar, value);
    total += weight;
  }
  return total > 0 ? Math.round(sum / total) : null;
}

export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return roundHalfAway(((current - previous) / previous) * 100);
}

/** The six cards: the current window's values and their week-over-week change. */
export function buildPillarCards(
  current: WindowAggregate | null,
  previous: WindowAggregate | null,
  blockers: { current: number; previous: number },
): PillarCard[] {
  const now = scorePillars(current);
  const before = scorePillars(previous);
  return PILLARS.map((pillar): PillarCard => {
    if (PILLAR_CARDS[pillar].shows === "count") {
      // Like the scores: no week (or check-in) before with answers, nothing to compare with.
      return {
        pillar,
        value: blockers.current,
        previous: before === null ? null : blockers.previous,
        change: before === null ? null : blockers.current - blockers.previous,
        changeUnit: "count",
        lowerIsBetter: LOWER_IS_BETTER[pillar],
        ...(blockers.current === 0 && notDiscussed(current, pillar) ? { notDiscussed: true } : {}),
      };
    }
    const value = now?.[pillar] ?? null;
    const prior = before?.[pillar] ?? null;
    return {
      pillar,
      value: value === null ? null : Math.round(value),
      previous: prior === null ? null : Math.round(prior),
      change: value !== null && prior !== null ? percentChange(value, prior) : null,
      changeUnit: "percent",
      lowerIsBetter: LOWER_IS_BETTER[pillar],
      ...(notDiscussed(current, pillar) ? { notDiscussed: true } : {}),
    };
  });
}

/** Per-week rows from SQL, keyed by how many whole weeks before `now` they fall (0 = last 7 days). */
export type BucketScores = WindowAggregate & { bucket: number };
export type BucketCount = { bucket: number; count: number };
export type BucketCheckIns = { bucket: number; sent: number; completed: number; expired: number; pending: number };

const rounded = (value: number | undefined) => (value === undefined ? null : Math.round(value));
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

/** The chart's points, oldest first: one per 7-day window ending now, empty weeks included. */
export function buildTrend(
  now: number,
  weeks: number,
  scores: readonly BucketScores[],
  blockers: readonly BucketCount[],
  checkIns: readonly BucketCheckIns[],
): TrendPoint[] {
  const scoreBy = new Map(scores.map((row) => [row.bucket, row]));
  const blockerBy = new Map(blockers.map((row) => [row.bucket, row.count]));
  const checkInBy = new Map(checkIns.map((row) => [row.bucket, row]));
  const points: TrendPoint[] = [];
  for (let bucket = weeks - 1; bucket >= 0; bucket--) {
    const end = now - bucket * WEEK_MS;
    const values = scorePillars(scoreBy.get(bucket) ?? null);
    const sentRow = checkInBy.get(bucket);
    const closed = sentRow ? sentRow.completed + sentRow.expired : 0;
    points.push({
      start: new Date(end - WEEK_MS).toISOString(),
      end: new Date(end).toISOString(),
      responses: scoreBy.get(bucket)?.responses ?? 0,
      morale: rounded(values?.morale),
      confidence: rounded(values?.quota_confidence),
      stress: rounded(values?.burnout_risks),
      teamDynamics: rounded(values?.team_dynamics),
      salesStrength: rounded(values?.sales_strength),
      blockers: blockerBy.get(bucket) ?? 0,
      sent: sentRow?.sent ?? 0,
      participation: sentRow ? percentOf(sentRow.completed, closed) : null,
    });
  }
  return points;
}

/**
 * Which window the cards describe: the last 7 days when anyone answered in them,
 * otherwise the most recent week in the range with answers (so a biweekly team's
 * dashboard is not blank every other Monday). Its change is against the week before it.
 */
export function currentWindow(scores: readonly BucketScores[], weeks: number): number | null {
  const answered = scores.filter((row) => row.responses > 0 && row.bucket < weeks).map((row) => row.bucket);
  return answered.length > 0 ? Math.min(...answered) : null;
}

export function participationFrom(
  checkIns: readonly BucketCheckIns[],
  membersThisWeek: number,
  activeMembers: number,
): Participation {
  const completed = checkIns.reduce((sum, row) => sum + row.completed, 0);
  const expired = checkIns.reduce((sum, row) => sum + row.expired, 0);
  const pending = checkIns.reduce((sum, row) => sum + row.pending, 0);
  return {
    rate: percentOf(completed, completed + expired),
    completed,
    expired,
    pending,
    membersThisWeek,
    activeMembers,
  };
}

/**
 * A person's risk level, from their latest check-in and open alerts:
 * - high: an open burnout, low-morale or reach-out alert, or latest stress ≥ 70 or morale < 35
 *   (the check-in's risk lines);
 * - watch: any other open alert, or stress ≥ 60, morale < 50 or quota confidence < 50;
 * - ok: otherwise; unknown: no check-in answered yet.
 */
export const RISK_RULES = { highStress: 70, lowMorale: 35, watchStress: 60, watchMorale: 50, watchConfidence: 50 };
export const HIGH_RISK_CATEGORIES = new Set(["burnout", "low_morale", "reach_out"]);

export function personRisk(latest: ScoreSnapshot | null, openAlertCategories: readonly string[]): RiskLevel {
  if (openAlertCategories.some((category) => HIGH_RISK_CATEGORIES.has(category))) return "high";
  if (latest && (latest.stress >= RISK_RULES.highStress || latest.morale < RISK_RULES.lowMorale)) return "high";
  if (openAlertCategories.length > 0) return "watch";
  if (!latest) return "unknown";
  if (
    latest.stress >= RISK_RULES.watchStress ||
    latest.morale < RISK_RULES.watchMorale ||
    latest.confidence < RISK_RULES.watchConfidence
  ) {
    return "watch";
  }
  return "ok";
}

/** Strong ≥ 75, solid 60–74, developing < 60; by each active person's latest check-in (people.ts counts them). */
export const SALES_STRENGTH_BANDS = { strong: 75, solid: 60 };
