import { sentimentOf } from "../language/lexicon";
import { topicById, topicsNamedIn } from "../language/themes";
import { wordsOf } from "../language/words";
import type { Reading } from "../scoring/reading";
import { wishedFor } from "./wishes";

/**
 * The reading the embedded interviewer answers (the scores read the answer as before): what
 * it may claim to have heard. Good words that are wished for, shrugged ("fine, I guess",
 * "could be worse") or followed by a "but" are not a happy answer, and a skill the person
 * is working on is not a blocker they are waiting on. Linear over an answer the chat caps.
 */
export type Heard = Reading & {
  /** "I struggle with negotiation": their own skill, not an external blocker, so no blocker words. */
  ownSkill: boolean;
  /** "Fine, I guess", "not bad", "some days are better than others": acknowledged, not celebrated. */
  lukewarm: boolean;
  /** Mixed only by its "but" (the reader found no feeling on one side): its concern is said softly. */
  contrast: boolean;
};

const MAX_SCAN = 4_000;

/** Shrugs: good words said without enthusiasm, or a hedge on them. */
const LUKEWARM =
  /\b(?:not (?:too |that |so )?bad(?! at all)|could be worse|(?:some|other) days are (?:better|worse)(?: than others)?|so[- ]so|(?:mostly |pretty |more or less )?fine|ok(?:ay)?|alright|all right|i guess|guess so|i suppose|suppose so|meh|getting by|surviving|hanging in(?: there)?|same old(?: same old)?|up and down|swings and roundabouts)\b/g;
const HEDGE = /\b(?:i guess|guess so|i suppose|suppose so|mostly|sort of|kind of|kinda)\b/;
/** What is left must read as clearly good for the answer to stay a happy one ("fine, and we closed Acme!"). */
const CLEARLY_GOOD = 0.3;

/** A positive answer that is only a shrug, once its lukewarm words are set aside. */
function shrugged(reading: Reading, lower: string): boolean {
  if (reading.polarity !== "positive" || reading.mixed || reading.praise.length > 0) return false;
  if (reading.signals.some((s) => s === "win" || s === "confidence_high")) return false;
  const rest = lower.replace(LUKEWARM, " ");
  if (rest === lower) return false;
  return sentimentOf(rest).compound < CLEARLY_GOOD;
}

/** "But", "though", "although", "however", "yet" between two clauses. */
const CONTRAST = /(?:,|;|\.)?\s+\b(?:but|though|although|however|yet|except)\b[,]?\s+/;
/** The other side of a contrast must say something, not trail off ("good but yeah"). */
const MIN_OTHER_SIDE = 3;

/**
 * "My manager is supportive, but the team feels a bit divided since the reorg": good news, then a
 * "but" and a clause that is not good news, is a mixed answer even when the reader finds no
 * feeling in the second clause. Hears the concern the second clause names, if any.
 */
function contrasted(reading: Reading, text: string): Pick<Reading, "mixed" | "concerns" | "concernWeights"> | null {
  if (reading.mixed || reading.polarity !== "positive" || reading.signals.includes("win")) return null;
  const match = CONTRAST.exec(text);
  if (!match) return null;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  if (wordsOf(after).length < MIN_OTHER_SIDE || wishedFor(after)) return null;
  if (sentimentOf(before).compound <= 0 && reading.praise.length === 0) return null;
  if (sentimentOf(after).compound > 0) return null;
  const topic = topicsNamedIn(after)[0] ?? null;
  const concern = topic && !reading.praise.includes(topic) ? topic : null;
  return {
    mixed: { outcome: "negative" },
    concerns: concern ? [...reading.concerns.filter((c) => c !== concern), concern] : reading.concerns,
    concernWeights: concern ? { ...reading.concernWeights, [concern]: 1.5 } : reading.concernWeights,
  };
}

/**
 * The person's own skill or struggle ("I struggle with negotiation on pricing", "I'm not great at
 * cold calling"): a personal marker before a selling skill. "I struggle with the CRM" names no
 * skill and stays a blocker.
 */
const OWN_STRUGGLE =
  /\b(?:i(?:'m| am)? (?:really |still |just )?(?:struggl\w*|not (?:very |that |so |great |good )*(?:good|great|confident|strong|comfortable) (?:at|with|in)|bad at|weak (?:at|in|on)|rusty (?:at|on)|find it hard to|have trouble|need to (?:get better|improve|work on)|want to (?:get better|improve)|lack confidence)|my (?:own )?\w+ skills?)\b/;
const SKILL =
  /\b(?:negotiat\w*|prospect\w*|cold[- ]call\w*|closing|close deals|discovery|objection\w*|pitch\w*|present\w*|demo\w*|qualif\w*|follow(?:ing)?[- ]up|forecast\w*|public speaking|storytelling|listening|writ\w+|skills?)\b/;

/** The clause that tells of the person's own skill, or null ("I struggle with negotiation, and approvals…"). */
function ownSkillClause(lower: string): string | null {
  for (const clause of lower.split(/[,.;!?]|\b(?:and|but|though|although)\b/)) {
    const at = clause.search(OWN_STRUGGLE);
    if (at >= 0 && SKILL.test(clause.slice(at))) return clause;
  }
  return null;
}

/** The reading the interviewer answers. */
export function heardAs(reading: Reading, answer: string): Heard {
  const lower = answer.slice(0, MAX_SCAN).toLowerCase();
  const plain = { ownSkill: false, lukewarm: false, contrast: false };
  const wish =
    reading.polarity === "positive" && !reading.mixed && !reading.signals.includes("win") && wishedFor(answer);
  if (wish) return { ...reading, ...plain, polarity: "neutral", strong: false };
  const skillClause = reading.mixed ? null : ownSkillClause(lower);
  if (skillClause) {
    // Their own skill is not a blocker to reflect ("slow pricing approvals") unless another clause names it;
    // nor is "I need to get better at prospecting" good news. The scores keep the reading.
    const elsewhere = topicsNamedIn(lower.replace(skillClause, " "));
    const concerns = reading.concerns.filter((t) => topicById(t).pillar !== "blockers" || elsewhere.includes(t));
    const polarity = reading.polarity === "positive" ? "neutral" : reading.polarity;
    const strong = reading.strong && polarity !== "neutral";
    return { ...reading, ...plain, concerns, polarity, strong, ownSkill: true };
  }
  const contrast = contrasted(reading, answer.slice(0, MAX_SCAN));
  if (contrast) return { ...reading, ...contrast, ...plain, strong: false, contrast: true };
  if (shrugged(reading, lower)) return { ...reading, ...plain, polarity: "neutral", strong: false, lukewarm: true };
  // A hedge keeps good news mild: "pretty good, I guess" is not "Love hearing that."
  const hedgedGood = reading.polarity === "positive" && HEDGE.test(lower) && !reading.signals.includes("win");
  return { ...reading, ...plain, strong: reading.strong && !hedgedGood, lukewarm: hedgedGood };
}
