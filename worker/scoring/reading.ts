import { asRating, denied, opensOk, saysNo, saysNone, strainOver } from "../language/answer-shape";
import { type Segment, type Sentiment, type Signal, segmentsOf, sentimentOfSegments } from "../language/lexicon";
import { NEGATIVE_BELOW } from "../language/polarity";
import { NEGATIVE_SIGNALS, POSITIVE_SIGNALS, resolveOpposites, takenBack } from "../language/signals";
import { blockerOf, isResolved, namesTopic, type TopicId, topicVerdicts } from "../language/themes";
import { wordsOf } from "../language/words";
import type { Pillar } from "../shared/pillars";

/**
 * How an answer reads, for the interviewer's reaction and the embedded scorer: its
 * polarity (with "but" clauses weighing the second), whether it is mixed, the signals it
 * gives per pillar, what it praises and what it describes as a problem. Pure and offline.
 */
export type Polarity = "positive" | "neutral" | "negative";

export type Reading = {
  sentiment: Sentiment;
  polarity: Polarity;
  /** A strong feeling (|compound| ≥ 0.45) rather than a mild one ("not bad", "could be better"). */
  strong: boolean;
  /** Good and bad news either side of a "but": which side came last (and weighs most). */
  mixed: { outcome: "positive" | "negative" } | null;
  signals: Signal[];
  /** The signals said in so many words ("confident", "no chance"), not read from the feeling of a clause about the number. */
  cues: Signal[];
  praise: TopicId[];
  /** Problems in the order they came up. */
  concerns: TopicId[];
  /** How much each problem weighs: 1.5 after a "but", 0.5 before it, 1 otherwise. */
  concernWeights: Partial<Record<TopicId, number>>;
  blockers: { theme: string; description: string }[];
  /** "Maybe", "hopefully", "at best", "not sure", under 70 %: the answer guesses rather than states. */
  hedged: boolean;
  /** A hard time in general, beyond any named problem ("it's been rough", "awful week"). */
  moodLow: boolean;
  /** The weight of the heaviest hard segment that names nothing (0 when none). */
  heaviestMood: number;
  /** Three words or fewer ("Fine.", "Not bad."). */
  terse: boolean;
  /** How many segments give a sign of strain (0 when the answer's strain is outweighed by rest). */
  strain: number;
  /** The answer opens by saying there is nothing ("Nothing really.", "None", "nah"). */
  saysNone: boolean;
  /**
   * The compound for stress, without feelings that are not strain ("not stressed, just
   * angry"), and for morale, with irritation weighing less than a low mood (moods.ts).
   */
  strainCompound: number;
  moraleCompound: number;
  /** It opens by saying things are all right ("ok, a bit beaten down", "fine, frustrated"). */
  okOpener: boolean;
  /** It states a figure ("80%", "7/10", "should make 80" to the quota question). */
  figure: boolean;
  /** A bare no ("nope", "not really"): to "how confident are you?", doubt. */
  saysNo: boolean;
  /** What the answer says once the problems it calls solved are left out (worker/language/themes.ts). */
  unresolved: string;
};

/** Just under a plain "rough" (−2 → 0.46): a hard week is strong, "could be better" is mild. */
const STRONG = 0.45;
/** A polarity from a 0–100 reading: below the probe line is negative, 60 and up positive. */
export function polarityOfScore(score: number): Polarity {
  if (score < NEGATIVE_BELOW) return "negative";
  return score >= 60 ? "positive" : "neutral";
}

function segmentsFor(text: string, answering: Pillar | null) {
  const prepared = answering === "quota_confidence" ? asRating(text) : text;
  return { prepared, segments: segmentsOf(prepared, { aboutQuota: answering === "quota_confidence" }) };
}

const hasFigure = (segments: Segment[]) => segments.some((s) => s.tokens.some((t) => /^(?:pct|rate)\d/.test(t)));

/**
 * `readAnswer(text, answering).figure` without the rest of the reading: the interviewer asks it
 * of every earlier answer on every turn (rating-turn.ts), where the whole reading was ~8 % of a
 * message's JavaScript under load.
 */
export function statesFigure(text: string, answering: Pillar | null): boolean {
  return hasFigure(segmentsFor(text, answering).segments);
}

/**
 * Reads one answer. `answering` is the pillar of the question it answers: a bare "Maybe."
 * to "How confident are you about your number?" is doubt about the quota, and "Approvals,
 * mostly." to "What is getting in the way?" names a blocker.
 */
export function readAnswer(text: string, answering: Pillar | null = null): Reading {
  const { prepared, segments } = segmentsFor(text, answering);
  const sentiment = sentimentOfSegments(segments, prepared);
  const verdicts = topicVerdicts(prepared, answering === "blockers");
  const cues: Signal[] = [];
  const signals = signalsOf(segments, answering, cues);
  if (verdicts.praise.some((t) => t === "manager" || t === "team")) signals.push("support_positive");
  if (verdicts.concerns.some((t) => t === "manager" || t === "team")) signals.push("support_negative");
  // "Nope" to "how confident are you about your number?" is doubt in one word.
  // …or closing a longer one: "sure, I'll just double my pipeline overnight. no".
  const lastSentence =
    text
      .split(/[.!?\n]/)
      .filter((s) => s.trim() !== "")
      .at(-1) ?? "";
  if (answering === "quota_confidence" && (saysNo(text) || saysNo(lastSentence))) {
    signals.push("confidence_low");
    cues.push("confidence_low");
  }
  // A strain that is over ("stressful week but fine now") is no sign of strain now.
  const over = strainOver(segments);
  const kept = over ? signals.filter((s) => s !== "stress_high") : signals;
  const resolved = resolveOpposites(
    kept.filter((s) => !takenBack(s, segments)),
    segments,
  );

  const mixed = mixedOf(segments);
  const strained = resolved.includes("stress_high");
  let polarity = polarityOfScore(sentiment.score);
  if (!mixed && polarity === "neutral") {
    const negative = resolved.some((s) => NEGATIVE_SIGNALS.includes(s));
    const positive = resolved.some((s) => POSITIVE_SIGNALS.includes(s));
    if (negative && !positive) polarity = "negative";
    else if (positive && !negative) polarity = "positive";
  }
  const blockers = verdicts.concerns.flatMap((topic) => {
    const blocker = blockerOf(topic);
    return blocker ? [{ theme: blocker.theme, description: blocker.description }] : [];
  });
  return {
    sentiment,
    polarity,
    strong: Math.abs(sentiment.compound) >= STRONG,
    mixed,
    signals: resolved,
    cues: resolved.filter((s) => cues.includes(s)),
    praise: verdicts.praise,
    concerns: verdicts.concerns,
    concernWeights: Object.fromEntries(
      verdicts.concerns.map((topic) => [
        topic,
        Math.max(...verdicts.concernSegments.filter((c) => c.topic === topic).map((c) => c.segment.weight)),
      ]),
    ),
    heaviestMood: Math.max(
      0,
      ...segments.filter((s) => s.valence <= -1 && !s.sarcastic && !namesTopic(s.text)).map((s) => s.weight),
    ),
    blockers: blockers.filter((b, i) => blockers.findIndex((o) => o.theme === b.theme) === i),
    hedged: segments.some((s) => s.hedged),
    // A feeling about the week itself, not about a problem named in the same clause.
    moodLow: segments.some(
      (s) =>
        s.valence <= -1 &&
        !s.sarcastic &&
        !segments.some((other) => other.clause === s.clause && namesTopic(other.text)),
    ),
    terse: wordsOf(text).length <= 3,
    strain: resolved.includes("stress_high")
      ? Math.max(
          0.5,
          segments.reduce((sum, s) => sum + s.strain, 0),
        )
      : 0,
    saysNone: saysNone(text),
    strainCompound: sentimentOfSegments(segments, prepared, (s) =>
      s.others ? 0 : (denied(s, strained) ?? s.valence - s.moods.irritation - s.moods.anger - s.moods.flat),
    ).compound,
    moraleCompound: sentimentOfSegments(
      segments,
      prepared,
      (s) => denied(s, strained) ?? s.valence - IRRITATION_SPARED * s.moods.irritation,
    ).compound,
    okOpener: opensOk(text),
    saysNo: saysNo(text),
    figure: hasFigure(segments),
    unresolved: text
      .split(/(?<=[.!?\n])/)
      .filter((sentence) => !isResolved(wordsOf(sentence).join(" ")))
      .join(" ")
      .trim(),
  };
}

/** How much of irritation's weight morale leaves out: an annoying week is not yet a low one (anger counts whole). */
const IRRITATION_SPARED = 0.8;

/**
 * The signals of an answer's segments. A cue that needs a context (a hedge needs a deal
 * or the quota in sight) counts when its sentence, or the question it answers, gives one.
 * A segment about the quota with clear feeling and no cue of its own still says how
 * confident the person is ("quota is tough this quarter", "the pipeline looks healthy").
 */
function signalsOf(segments: readonly Segment[], answering: Pillar | null, cues: Signal[]): Signal[] {
  const signals: Signal[] = [];
  const onQuota = answering === "quota_confidence";
  for (const segment of segments) {
    const sentence = segments.filter((s) => s.sentence === segment.sentence);
    const quota = onQuota || sentence.some((s) => s.about.quota);
    const deal = quota || sentence.some((s) => s.about.deal);
    for (const mark of segment.marks) cues.push(mark.signal);
    for (const mark of segment.marks) signals.push(mark.signal);
    for (const mark of segment.pendingMarks) {
      if (mark.context === "quota" ? quota : deal) {
        signals.push(mark.signal);
        cues.push(mark.signal);
      }
    }
    const hasOwn = [...segment.marks, ...segment.pendingMarks].some((m) =>
      ["confidence_low", "confidence_high", "stress_high", "stress_low"].includes(m.signal),
    );
    if (segment.about.quota && !hasOwn) {
      if (segment.valence <= -1) signals.push("confidence_low");
      // "Probably fine on the number" is a guess, not confidence.
      else if (segment.valence >= 1.5 && !segment.hedged) signals.push("confidence_high");
    }
  }
  return signals;
}

/** Mixed: a "but" with real feeling on each side, in opposite directions. */
function mixedOf(segments: readonly Segment[]): Reading["mixed"] {
  const before = segments.filter((s) => s.weight === 0.5).reduce((sum, s) => sum + s.valence, 0);
  const after = segments.filter((s) => s.weight === 1.5).reduce((sum, s) => sum + s.valence, 0);
  if (Math.abs(before) < 1 || Math.abs(after) < 1 || Math.sign(before) === Math.sign(after)) return null;
  return { outcome: after > 0 ? "positive" : "negative" };
}
