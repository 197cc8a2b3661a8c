import type { Signal } from "../language/lexicon";
import { blockerThemesIn, isObstacle } from "../language/themes";
import { wordsOf } from "../language/words";
import type { DimensionScores, Pillar } from "../shared/pillars";
import type { RatingKind } from "../shared/self-rating";
import { type AlertReasons, alertReasonsOf } from "./alert-reasons";
import type { Judgement, TranscriptMessage } from "./judgement";
import { readAnswer } from "./reading";

/** Each user message with the pillar of the question it answers. */
export function answersOf(transcript: readonly TranscriptMessage[]) {
  const answers: { content: string; pillar: Pillar | null; rating?: RatingKind }[] = [];
  let pillar: Pillar | null = null;
  let rating: RatingKind | undefined;
  for (const message of transcript) {
    if (message.sender === "assistant") {
      pillar = message.pillar;
      rating = message.rating;
    } else answers.push(rating ? { content: message.content, pillar, rating } : { content: message.content, pillar });
  }
  return answers;
}

/** Every answer read once (reading.ts), with the pillar of its question. */
export function readAnswers(transcript: readonly TranscriptMessage[]): ReadAnswer[] {
  return answersOf(transcript).map((a) => ({ ...a, reading: readAnswer(a.content, a.pillar) }));
}

/** A piece of evidence for a dimension: a value on the −1…+1 scale and how much it counts. */
type Evidence = { value: number; weight: number };

/**
 * The weighted mean of the evidence, pulled towards neutral by a prior worth `prior`
 * pieces of evidence: one stray "tired" moves stress a little, a conversation full of
 * exhaustion moves it a lot. Null when there is no evidence at all (the score stays 50).
 */
function pooled(evidence: readonly Evidence[], prior: number): number | null {
  const weight = evidence.reduce((sum, e) => sum + e.weight, 0);
  if (weight === 0) return null;
  return evidence.reduce((sum, e) => sum + e.value * e.weight, 0) / (weight + prior);
}

/** How much one signal counts against the prior (a direct answer on the pillar counts 1.5). */
const SIGNAL = 0.6;
const ON_PILLAR = 1.5;
const PRIOR = 2;
/**
 * Strain is said plainly ("exhausted", "can't sleep", "working weekends"), so each sign
 * counts more than a hedge does: one remark stays below the burnout line (stress 70), two
 * or more cross it, and a conversation full of them goes well past it.
 */
const STRAIN_SIGNAL = 0.8;
/** Signs of strain counted per answer at most: one answer cannot make a burnout alone by repetition. */
const STRAIN_PER_ANSWER = 3;
/** Intent to leave is a retention risk: morale goes below the low-morale line (35), which alerts. */
const LEAVING_MORALE = 32;
/** Having stopped caring is low morale (under 40) without, on its own, the retention alert. */
const DISENGAGED_MORALE = 37;
/** Bad news weighs more than good in morale: an early-warning tool must not average a low away. */
const LOW_WEIGHT = 1;
/**
 * How much each answer says about morale: the morale question most, how they hold up and
 * their team next; an answer about obstacles or the number is mostly about those (naming a
 * blocker is not low morale).
 */
const MORALE_WEIGHT: Record<Pillar, number> = {
  morale: 2,
  burnout_risks: 1,
  team_dynamics: 1,
  quota_confidence: 0.5,
  sales_strength: 0.5,
  blockers: 0.5,
};

const EVERYTHING =
  /^(?:(?:honestly|literally|tbh|um+|ugh+)[\s,]+)?(?:everything|all of it|all of the above|where do i (?:even )?start|so much|too much|too many to|so many things|too many things)\b/;

export type ReadAnswer = ReturnType<typeof answersOf>[number] & { reading: ReturnType<typeof readAnswer> };
type Answer = ReadAnswer;

/**
 * An answer's feeling on the −1…+1 scale. A very short answer is all feeling: "awful" to
 * "how was your week?" says as much as a paragraph would, so its compound is not damped.
 */
function feeling(a: Answer, compound = a.reading.sentiment.compound): number {
  const c = compound;
  // Distress said in a word weighs like a paragraph; "calls are good" or "meh" stays what it is.
  return a.reading.terse && c <= -0.4 ? Math.max(-1, c * 1.3) : c;
}

/**
 * "Ok, a bit beaten down", "fine, frustrated": the speaker's own verdict comes first and
 * the complaint after it counts half, unless it is strain, leaving or having stopped
 * caring ("I'm fine, just haven't had a weekend off since August" is denial, not reassurance).
 */
function verdictFirst(a: Answer, value: number): number {
  const serious = a.reading.strain > 0 || a.reading.signals.some((s) => s === "flight_risk" || s === "disengaged");
  return a.reading.okOpener && value < 0 && !serious ? value / 2 : value;
}

/** Doubt said outright, however it is worded: "no idea", "dunno", "not gonna happen". */
const STRONG_DOUBT =
  /\b(?:no (?:idea|clue|chance|way)|dunno|idk|who knows|not gonna|not going to|not happening|zero chance)\b/;

/**
 * "Decent week", "can't complain": mild praise is an ordinary week, not a good one, so a
 * positive feeling under 0.45 counts in proportion to its strength. Lows are not damped:
 * an early-warning tool must not pull low morale to neutral.
 */
function mild(value: number): number {
  return value > 0 && value < 0.45 ? (value * value) / 0.45 : value;
}

/** How strongly an explicit cue about the number counts when the answer states no figure. */
const CLEAR = 0.65;

/**
 * An answer to the quota question: its feeling, made decisive when it says plainly
 * ("confident", "not gonna happen", "dunno" alone) rather than in passing.
 */
function quotaValue(a: Answer): number {
  const value = decided(feeling(a));
  const { cues: signals, hedged, terse } = a.reading;
  if (a.reading.figure) return value;
  const sure = terse || !hedged || STRONG_DOUBT.test(a.content.slice(0, 300).toLowerCase());
  if (signals.includes("confidence_low") && !signals.includes("confidence_high") && sure) {
    return Math.min(value, -CLEAR);
  }
  if (signals.includes("confidence_high") && !signals.includes("confidence_low") && !hedged) {
    return Math.max(value, CLEAR);
  }
  return value;
}

/**
 * A mild answer about the number ("decent", "should be ok") is not yet confidence: below
 * ±0.6 a feeling counts in proportion to its strength, so only a clear answer moves the
 * score out of the middle band.
 */
function decided(value: number): number {
  return Math.abs(value) >= 0.6 ? value : (Math.sign(value) * value * value) / 0.6;
}

/** How many answers touched each score: the evidence behind it (0 = nobody talked about it). */
export type EvidenceCounts = Record<keyof DimensionScores, number>;

/**
 * The embedded scorer. Every answer is read (reading.ts) with the pillar of the
 * question it answers, then:
 * - morale: how every answer feels (the morale question counts double, a plain answer to it
 *   as neutral; irritation weighs little, mild praise in proportion), any sign of leaving
 *   puts it under the low-morale line and having stopped caring under 40;
 * - confidence: answers to quota questions (a figure as read, a plain cue decisively), and
 *   signs of doubt or confidence about the number in other answers, with wins as support;
 * - stress: answers to burnout questions (inverted, without feelings that are not strain),
 *   and every sign of strain or of rest (several signs in one answer each count, up to three);
 * - sales strength: answers to sales-strength questions and wins;
 * - blockers: answers to blocker questions ("nothing really" is few blockers unless they are
 *   worn down; solved problems are left out; an obstacle told flat still counts), less for
 *   each distinct blocker that holds them back now.
 * Raw values; the spec's clamps come after (finalize.ts).
 */
export function lexiconJudgement(
  transcript: readonly TranscriptMessage[],
  answers: readonly Answer[] = readAnswers(transcript),
): Judgement & { evidence: EvidenceCounts; reasons: AlertReasons } {
  const felt = answers.filter((a) => a.reading.sentiment.hits > 0 || a.reading.signals.length > 0);
  const has = (a: Answer, signal: Signal) => a.reading.signals.includes(signal);
  const raw: Judgement["raw"] = {};

  // A plain answer to the morale question ("busy, normal end of quarter") says the week was neither.
  const moraleEvidence = answers
    .filter((a) => felt.includes(a) || a.pillar === "morale")
    .map((a) => {
      const value = mild(verdictFirst(a, feeling(a, a.reading.moraleCompound)));
      const weight = (a.pillar ? MORALE_WEIGHT[a.pillar] : 1) * (value < 0 ? LOW_WEIGHT : 1);
      return { value, weight };
    });
  const leaving = answers.some((a) => has(a, "flight_risk"));
  if (moraleEvidence.length > 0) {
    const weight = moraleEvidence.reduce((sum, e) => sum + e.weight, 0);
    const mean = moraleEvidence.reduce((sum, e) => sum + e.value * e.weight, 0) / weight;
    raw.morale = 50 + 45 * mean;
  }
  if (answers.some((a) => has(a, "disengaged"))) raw.morale = Math.min(raw.morale ?? 50, DISENGAGED_MORALE);
  if (leaving) raw.morale = Math.min(raw.morale ?? 50, LEAVING_MORALE);

  // A direct answer's feeling already holds its own cues; other answers lend theirs.
  const offPillar = (pillar: Pillar) => (a: Answer) => a.pillar !== pillar;
  const onQuota = felt.filter((a) => a.pillar === "quota_confidence");
  const confidence = pooled(
    [
      ...onQuota.map((a) => ({ value: quotaValue(a), weight: ON_PILLAR })),
      ...answers
        .filter(offPillar("quota_confidence"))
        .flatMap((a) => [
          ...(has(a, "confidence_high") ? [{ value: SIGNAL, weight: 1 }] : []),
          ...(has(a, "confidence_low") ? [{ value: -SIGNAL, weight: 1 }] : []),
        ]),
      ...answers.filter((a) => has(a, "win")).map(() => ({ value: SIGNAL, weight: 1 })),
    ],
    PRIOR,
  );
  if (confidence !== null) raw.confidence = 50 + 45 * confidence;

  const stress = pooled(
    [
      // Anger, boredom and discouragement are not strain: "not stressed, just angry".
      ...felt
        .filter((a) => a.pillar === "burnout_risks")
        .map((a) => ({
          // Strain is said with its own cues; a mild "manageable" is not yet rest.
          value: -decided(verdictFirst(a, feeling(a, a.reading.strainCompound))),
          weight: ON_PILLAR,
        })),
      ...answers.flatMap((a) => [
        ...(a.reading.strain > 0
          ? [{ value: STRAIN_SIGNAL, weight: Math.min(STRAIN_PER_ANSWER, a.reading.strain) }]
          : []),
        ...(has(a, "stress_low") ? [{ value: -STRAIN_SIGNAL, weight: 1 }] : []),
      ]),
    ],
    PRIOR - 0.5,
  );
  if (stress !== null) raw.stress = 50 + 45 * stress;

  // Saying you sell well is mild evidence; a deal won is strong evidence.
  const onStrength = felt.filter((a) => a.pillar === "sales_strength");
  const wins = Math.min(2, answers.filter((a) => has(a, "win")).length);
  if (onStrength.length > 0 || wins > 0) {
    const mean = onStrength.reduce((sum, a) => sum + feeling(a), 0) / Math.max(1, onStrength.length);
    raw.sales_strength = 50 + 14 * mean + 10 * wins;
  }

  const blockers = blockerThemesIn(
    answers.map((a) => ({ content: a.content, answersBlockersQuestion: a.pillar === "blockers" })),
  );
  const onBlockers = answers.filter((a) => a.pillar === "blockers");
  // "Nothing really" from someone worn down is not few blockers: the load itself is in the way.
  const wornDown = answers.reduce((sum, a) => sum + a.reading.strain, 0) >= 2;
  const none = wornDown ? 0 : 0.5;
  const blockerValues = onBlockers.map((a) => {
    if (a.reading.saysNone && a.reading.concerns.length === 0) return none + Math.min(0, feeling(a));
    // "Approvals used to be a nightmare but the new desk sorted it. Nothing now.": what is left is the answer.
    if (a.reading.unresolved !== a.content.trim()) {
      const left = readAnswer(a.reading.unresolved, "blockers");
      if (left.saysNone && left.concerns.length === 0) return none + Math.min(0, left.sentiment.compound);
      if (a.reading.unresolved === "") return none;
    }
    // "Everything", "where do I start": no theme, but a great deal in the way.
    if (EVERYTHING.test(a.content.trim().toLowerCase())) return Math.min(-0.7, feeling(a));
    // "Deals are waiting on legal", "nobody will sign off": an obstacle told flat is still one.
    // Unless it ends well: "legal is a bit slow on redlines but it's fine".
    if (!a.reading.saysNone && feeling(a) <= 0 && isObstacle(wordsOf(a.reading.unresolved).join(" "))) {
      return Math.min(-0.4, feeling(a));
    }
    // "No future here", "I've stopped caring": about them, not about what is in the way.
    if (a.reading.blockers.length === 0 && (has(a, "flight_risk") || has(a, "disengaged"))) {
      return Math.max(-0.3, feeling(a));
    }
    return feeling(a);
  });
  const blockerMean =
    blockerValues.length > 0 ? blockerValues.reduce((sum, v) => sum + v, 0) / blockerValues.length : null;
  if (blockerMean !== null || blockers.length > 0) {
    raw.blockers = 58 + 30 * (blockerMean ?? 0) - 9 * Math.min(4, blockers.length);
  }

  const touched = (pillar: Pillar, signals: readonly Signal[]) =>
    answers.filter(
      (a) => (a.pillar === pillar && a.reading.sentiment.hits > 0) || signals.some((signal) => has(a, signal)),
    ).length;
  const evidence: EvidenceCounts = {
    morale: felt.length,
    confidence: touched("quota_confidence", ["confidence_high", "confidence_low"]),
    stress: touched("burnout_risks", ["stress_high", "stress_low"]),
    sales_strength: touched("sales_strength", ["win"]),
    blockers:
      onBlockers.length + answers.filter((a) => a.pillar !== "blockers" && a.reading.blockers.length > 0).length,
  };

  return {
    raw,
    blockers,
    judgedBy: "lexicon",
    evidence,
    reasons: alertReasonsOf(answers.map((a) => a.reading)),
  };
}
