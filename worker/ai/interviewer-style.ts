import type { AiAgentConfig } from "../shared/ai-config";
import type { Pillar } from "../shared/pillars";
import { plural } from "../shared/plural";
import type { GlobalSettings } from "../shared/settings";
import { type AskedQuestion, isRepetitive, type PillarProgress } from "./interview-rules";

/**
 * How the AI agent configuration shapes the embedded interviewer (issue 13 §1, §2): pure
 * functions of the configuration, so a setting changes what the interviewer says whichever
 * provider runs. The defaults (empathy 8, professionalism 7, enthusiasm 6, patience 9,
 * medium replies, adaptive follow-ups, standard depth, supportive closure) leave the
 * interviewer exactly as it was before these settings were honoured. `styleInstructions`
 * says the same things to the LLM, so both providers follow one reading of the settings.
 */
export type Reaction = "positive" | "neutral" | "negative" | "mixed";
type Conversation = AiAgentConfig["conversation"];

export type InterviewerStyle = {
  /** empathy_level ≥ 7 warm (configured empathy phrases), 4–6 measured (none), ≤ 3 plain acknowledgements. */
  warmth: "warm" | "measured" | "plain";
  /** professionalism ≥ 8 formal (no contractions), ≤ 3 casual, else neutral. */
  register: "formal" | "neutral" | "casual";
  /** enthusiasm ≥ 8 bright (good news gets an exclamation), ≤ 3 calm (no superlatives, no exclamations). */
  energy: "bright" | "even" | "calm";
  /** patience ≤ 4: a one-to-three-word answer gets the next question straight away. */
  pace: "patient" | "brisk";
  length: Conversation["response_length"];
  /** probe_depth: surface 0, standard 1, deep 2 follow-up questions per pillar. */
  probesPerPillar: 0 | 1 | 2;
  followUp: Conversation["follow_up_frequency"];
  closure: Conversation["closure_style"];
};

export type PillarWeights = GlobalSettings["pillarWeights"];

export function styleOf(config: AiAgentConfig): InterviewerStyle {
  const { personality: p, conversation: c } = config;
  return {
    warmth: p.empathy_level >= 7 ? "warm" : p.empathy_level >= 4 ? "measured" : "plain",
    register: p.professionalism >= 8 ? "formal" : p.professionalism <= 3 ? "casual" : "neutral",
    energy: p.enthusiasm >= 8 ? "bright" : p.enthusiasm <= 3 ? "calm" : "even",
    pace: p.patience <= 4 ? "brisk" : "patient",
    length: c.response_length,
    probesPerPillar: c.probe_depth === "surface" ? 0 : c.probe_depth === "standard" ? 1 : 2,
    followUp: c.follow_up_frequency,
    closure: c.closure_style,
  };
}

const PLAIN_ACKS: Record<Reaction, string[]> = {
  positive: ["Noted.", "Understood."],
  neutral: ["Noted.", "Understood."],
  negative: ["Understood.", "Noted, thank you."],
  mixed: ["Understood, both sides noted.", "Noted."],
};
const SHORT_ACKS: Record<Reaction, string[]> = {
  positive: ["Good to hear.", "Glad to hear it."],
  neutral: ["Got it.", "Thanks."],
  negative: ["That's hard.", "Understood."],
  mixed: ["Fair enough.", "Got it."],
};
const CALM_POSITIVE = ["Good to hear.", "Glad to hear it."];
/** The second sentence of a detailed reply, before its question. */
const BRIDGES: Record<Reaction, string[]> = {
  positive: ["It helps to know what is working well for you.", "Those things are worth knowing about too."],
  neutral: ["That's useful context for me.", "It helps to get the full picture."],
  negative: ["I'd like to understand that a little better.", "It helps to know where things are hard."],
  mixed: ["Both sides of that matter.", "It's useful to hear the good and the hard together."],
};

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const SUPERLATIVE = /great|love|really good|congrat|!/i;

/**
 * The candidate reflections (best fit first, one list per tier) reshaped by the style: the
 * configured empathy phrases only for a warm interviewer, superlatives only for a lively
 * one, short leads only for brief replies, and none at all for a brisk interviewer meeting
 * a terse answer.
 */
export function styledTiers(
  tiers: readonly string[][],
  reaction: Reaction,
  style: InterviewerStyle,
  input: { empathyPhrases: readonly string[]; terse: boolean },
): string[][] {
  if (style.pace === "brisk" && input.terse) return [];
  let result = tiers.map((tier) => [...tier]);
  if (style.warmth === "plain") result = [PLAIN_ACKS[reaction]];
  else if (style.warmth === "measured") {
    const phrases = new Set(input.empathyPhrases.map((p) => p.trim()));
    result = result.map((tier) => tier.filter((line) => !phrases.has(line)));
  }
  if (style.energy === "calm" && reaction === "positive") {
    result = [...result.map((tier) => tier.filter((line) => !SUPERLATIVE.test(line))), CALM_POSITIVE];
  }
  if (style.length === "brief") {
    result = [...result.map((tier) => tier.filter((line) => wordCount(line) <= 5)), SHORT_ACKS[reaction]];
  }
  return result.filter((tier) => tier.length > 0);
}

const CONTRACTIONS: Record<string, string> = {
  "that's": "that is",
  "it's": "it is",
  "i'm": "I am",
  "you're": "you are",
  "you've": "you have",
  "i'd": "I would",
  "i've": "I have",
  "we've": "we have",
  "we're": "we are",
  "let's": "let us",
  "can't": "cannot",
  "don't": "do not",
  "isn't": "is not",
  "won't": "will not",
  "haven't": "have not",
  "didn't": "did not",
  "there's": "there is",
  "what's": "what is",
};
const CONTRACTION = /\b(?:that|it|i|you|we|let|can|don|isn|won|haven|didn|there|what)['’](?:s|m|re|ve|d|t)\b/gi;
const CASUAL: [RegExp, string][] = [
  [/\bThank you\b/g, "Thanks"],
  [/\bthank you\b/g, "thanks"],
  [/^Understood\./, "Got it."],
  [/^Noted\./, "Gotcha."],
];

function keepCase(original: string, replacement: string): string {
  return original.charAt(0) === original.charAt(0).toUpperCase()
    ? replacement.charAt(0).toUpperCase() + replacement.slice(1)
    : replacement;
}

/** Register: a formal interviewer writes without contractions, a casual one says "thanks". */
export function inRegister(text: string, register: InterviewerStyle["register"]): string {
  if (register === "formal") {
    return text.replace(CONTRACTION, (match) => {
      const full = CONTRACTIONS[match.toLowerCase().replace("’", "'")];
      return full ? keepCase(match, full) : match;
    });
  }
  if (register === "casual") return CASUAL.reduce((acc, [pattern, to]) => acc.replace(pattern, to), text);
  return text;
}

/**
 * The reply from its lead and question: a detailed reply adds a bridging sentence, a
 * lively interviewer meets good news with an exclamation, a calm one never exclaims, and
 * the whole reply is written in the configured register.
 */
export function shapeReply(
  lead: string,
  question: string,
  reaction: Reaction,
  style: InterviewerStyle,
  seed: number,
): string {
  let opening = lead.trim();
  if (style.energy === "bright" && (reaction === "positive" || reaction === "mixed")) {
    opening = opening.replace(/\.$/, "!");
  }
  if (style.energy === "calm") opening = opening.replaceAll("!", ".");
  const runsOn = opening.endsWith(",");
  const bridges = BRIDGES[reaction];
  const bridge = style.length === "detailed" && !runsOn ? (bridges[seed % bridges.length] ?? "") : "";
  const body = runsOn ? question.charAt(0).toLowerCase() + question.slice(1) : question;
  return inRegister([opening, bridge, body].filter(Boolean).join(" "), style.register);
}

/**
 * Whether an answer earns a follow-up (follow_up_frequency): minimal only for a strongly
 * negative answer, adaptive for a worried one, frequent for anything but good news — and
 * never more follow-ups on one pillar than the probe depth allows.
 */
export function wantsProbe(
  style: InterviewerStyle,
  answer: { reaction: Reaction; worried: boolean; strong: boolean },
  probesSoFar: number,
): boolean {
  if (probesSoFar >= style.probesPerPillar) return false;
  if (style.followUp === "minimal") return answer.worried && answer.strong;
  if (style.followUp === "frequent") return answer.worried || answer.reaction !== "positive";
  return answer.worried;
}

/** Deep follow-ups once the bank's probes for a pillar are used up: causes, then impact. */
export function deepProbes(pillar: Pillar): AskedQuestion[] {
  return [
    { content: "What do you think is behind that, mostly?", theme: `probe-deep:${pillar}:cause` },
    { content: "How is that affecting the rest of your week?", theme: `probe-deep:${pillar}:impact` },
  ];
}

/** Follow-ups already asked on a pillar: its bank probes plus the deep ones still remembered. */
export function probesAsked(
  pillar: Pillar,
  bankProbeIds: readonly string[],
  askedBankIds: readonly string[],
  lastAsked: readonly AskedQuestion[],
): number {
  const fromBank = bankProbeIds.filter((id) => askedBankIds.includes(id)).length;
  const deep = lastAsked.filter((q) => q.theme?.startsWith(`probe-deep:${pillar}:`)).length;
  return fromBank + deep;
}

/** The next deep follow-up on a pillar that does not repeat the last questions. */
export function nextDeepProbe(pillar: Pillar, lastAsked: readonly AskedQuestion[]): AskedQuestion | null {
  return (
    deepProbes(pillar).find((q) => !lastAsked.some((l) => l.theme === q.theme) && !isRepetitive(q, lastAsked)) ?? null
  );
}

/**
 * The order in which pillars get their next question: uncovered pillars first, weightiest
 * first; then the pillar furthest below its weighted share of the questions asked so far,
 * so a pillar weighted 2 gets about twice the questions of one weighted 1 (issue 13 §2).
 */
export function pillarOrder(
  pillars: readonly Pillar[],
  progress: Record<Pillar, PillarProgress>,
  weights: PillarWeights,
): Pillar[] {
  const weight = (p: Pillar) => weights[p] ?? 1;
  return [...pillars].sort((a, b) => {
    const coveredA = progress[a].explored ? 1 : 0;
    const coveredB = progress[b].explored ? 1 : 0;
    if (coveredA !== coveredB) return coveredA - coveredB;
    if (coveredA === 1) {
      const share = progress[a].questionsAsked / weight(a) - progress[b].questionsAsked / weight(b);
      if (share !== 0) return share;
    }
    return weight(b) - weight(a);
  });
}

/** The wrap-up questions, in the order the closure style prefers. */
export function wrapUpQuestions(closure: InterviewerStyle["closure"]): AskedQuestion[] {
  const anythingElse = {
    content: "Before we wrap up, is there anything else on your mind that we haven't covered?",
    theme: "wrap:anything-else",
  };
  const oneThing = {
    content: "Last one from me: what is one thing that would make the biggest difference for you next week?",
    theme: "wrap:one-thing",
  };
  const oneStep = {
    content: "To finish, what is one concrete step you'll take next week, and what support would help you take it?",
    theme: "wrap:one-step",
  };
  const lookBack = {
    content: "Looking back over everything we talked about, what stands out to you most?",
    theme: "wrap:look-back",
  };
  if (closure === "action-oriented") return [oneStep, oneThing];
  if (closure === "reflective") return [lookBack, anythingElse];
  return [anythingElse, oneThing];
}

const WARMTH_TEXT: Record<InterviewerStyle["warmth"], string> = {
  warm: "Be warm: when something is hard, acknowledge the feeling, adapting the empathy responses below.",
  measured: "Be even and factual: acknowledge what you heard without emotional language.",
  plain: "Be plain: a short neutral acknowledgement ('Understood.', 'Noted.'), no sympathy phrases.",
};
const REGISTER_TEXT: Record<InterviewerStyle["register"], string> = {
  formal: "Write formally, without contractions.",
  neutral: "Write in a natural, professional register.",
  casual: "Write casually, like a friendly colleague.",
};
const ENERGY_TEXT: Record<InterviewerStyle["energy"], string> = {
  bright: "Show enthusiasm about good news (an exclamation mark is fine).",
  even: "Keep an even tone.",
  calm: "Stay calm and understated: no superlatives, no exclamation marks.",
};
const CLOSURE_TEXT: Record<InterviewerStyle["closure"], string> = {
  supportive: "In the wrap-up, ask whether anything else is on their mind.",
  "action-oriented": "In the wrap-up, ask for one concrete step for next week and the support it needs.",
  reflective: "In the wrap-up, ask what stands out to them most from the conversation.",
};

/** The same style, said to the LLM in its system prompt. */
export function styleInstructions(config: AiAgentConfig, weights?: PillarWeights): string[] {
  const style = styleOf(config);
  const lines = [
    `- ${WARMTH_TEXT[style.warmth]}`,
    `- ${REGISTER_TEXT[style.register]}`,
    `- ${ENERGY_TEXT[style.energy]}`,
    style.pace === "brisk"
      ? "- When an answer is one to three words, go straight to the next question."
      : "- Give short answers room: acknowledge them before moving on.",
    `- At most ${style.probesPerPillar} follow-up ${plural(style.probesPerPillar, "question")} per pillar.`,
    `- ${CLOSURE_TEXT[style.closure]}`,
  ];
  if (weights) {
    const shares = (Object.entries(weights) as [Pillar, number][]).map(([p, w]) => `${p} ${w}`).join(", ");
    lines.push(
      `- Share the questions between pillars in proportion to these weights (a pillar weighted 2 gets twice the questions of one weighted 1): ${shares}.`,
    );
  }
  return lines;
}
