/**
 * What `npm run eval` counts: the dashboard's concern bands on the stored scores (< 40 low,
 * < 60 mid, else high), stress read as risk (the band of 100 − stress, turned over), and the
 * burnout alert's precision and recall. "The four" are the alert-driving bands: morale,
 * confidence, stress as risk, blockers. Team dynamics is derived on the dashboard
 * ((morale + confidence) / 2), so it is reported apart.
 */
import type { Band, BandPillar, Case } from "./cases.ts";

export type Scores = Record<"morale" | "confidence" | "stress" | "sales_strength" | "blockers", number>;
export type Judged = {
  scores: Scores;
  burnoutAlert: boolean;
  /** Per score: shown as uncertain instead of a firm band (issue 24 §5). */
  confidence?: Record<keyof Scores, { uncertain: boolean }> | undefined;
};

const FOUR_PILLARS = ["morale", "quota_confidence", "burnout_risks", "blockers"] as const;
/** The score behind each of the four bands. */
const SCORE_OF: Record<(typeof FOUR_PILLARS)[number], keyof Scores> = {
  morale: "morale",
  quota_confidence: "confidence",
  burnout_risks: "stress",
  blockers: "blockers",
};

export const band = (score: number): Band => (score < 40 ? "low" : score < 60 ? "mid" : "high");
const TURN: Record<Band, Band> = { low: "high", mid: "mid", high: "low" };

export function bandsOf(scores: Scores): Record<BandPillar, Band> {
  return {
    morale: band(scores.morale),
    quota_confidence: band(scores.confidence),
    burnout_risks: TURN[band(100 - scores.stress)],
    team_dynamics: band((scores.morale + scores.confidence) / 2),
    sales_strength: band(scores.sales_strength),
    blockers: band(scores.blockers),
  };
}

export const FOUR = FOUR_PILLARS;
export const REPORTED = [...FOUR, "sales_strength", "team_dynamics"] as const;

export class Tally {
  cases = 0;
  right: Record<BandPillar, number> = {
    morale: 0,
    quota_confidence: 0,
    burnout_risks: 0,
    team_dynamics: 0,
    sales_strength: 0,
    blockers: 0,
  };
  /** Cases whose writer labelled team dynamics (the team's own cases did not). */
  teamLabelled = 0;
  tp = 0;
  fp = 0;
  fn = 0;
  /** Of the four bands: how many were shown firm (not uncertain), and how many of those were right. */
  confident = 0;
  confidentRight = 0;

  add(c: Case, judged: Judged): string[] {
    this.cases++;
    const got = bandsOf(judged.scores);
    const wrong: string[] = [];
    for (const pillar of REPORTED) {
      if (pillar === "team_dynamics" && c.writer === "team") continue;
      if (pillar === "team_dynamics") this.teamLabelled++;
      if (got[pillar] === c.expected[pillar]) this.right[pillar]++;
      else wrong.push(`${pillar} ${c.expected[pillar]}→${got[pillar]}`);
    }
    for (const pillar of FOUR) {
      if (judged.confidence?.[SCORE_OF[pillar]].uncertain !== false) continue;
      this.confident++;
      if (got[pillar] === c.expected[pillar]) this.confidentRight++;
    }
    if (judged.burnoutAlert && c.burnoutAlert) this.tp++;
    else if (judged.burnoutAlert) this.fp++;
    else if (c.burnoutAlert) this.fn++;
    if (judged.burnoutAlert !== c.burnoutAlert) wrong.push(`burnout ${c.burnoutAlert ? "missed" : "false alarm"}`);
    return wrong;
  }

  merge(other: Tally): this {
    this.cases += other.cases;
    for (const p of REPORTED) this.right[p] += other.right[p];
    this.teamLabelled += other.teamLabelled;
    this.tp += other.tp;
    this.fp += other.fp;
    this.fn += other.fn;
    this.confident += other.confident;
    this.confidentRight += other.confidentRight;
    return this;
  }

  share(pillar: BandPillar): number {
    const of = pillar === "team_dynamics" ? this.teamLabelled : this.cases;
    return of === 0 ? Number.NaN : this.right[pillar] / of;
  }
  four(): number {
    return this.cases === 0 ? Number.NaN : FOUR.reduce((s, p) => s + this.right[p], 0) / (4 * this.cases);
  }
  /** The share of the four bands shown firm, and the accuracy of those. */
  coverage(): number {
    return this.cases === 0 ? Number.NaN : this.confident / (4 * this.cases);
  }
  confidentAccuracy(): number {
    return this.confident === 0 ? Number.NaN : this.confidentRight / this.confident;
  }
  precision(): number {
    return this.tp + this.fp === 0 ? Number.NaN : this.tp / (this.tp + this.fp);
  }
  recall(): number {
    return this.tp + this.fn === 0 ? Number.NaN : this.tp / (this.tp + this.fn);
  }
}

export const pct = (x: number) => (Number.isNaN(x) ? "  n/a" : `${(100 * x).toFixed(1).padStart(5)}`);
