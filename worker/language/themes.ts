import type { Pillar } from "../shared/pillars";
import { type Segment, segmentsOf } from "./lexicon";
import { RESOLVED_CUES } from "./phrases";
import { wordsOf } from "./words";

/**
 * Themes: what a question is about (for the repetition check's "same theme" rule and to
 * credit an answer to a pillar) and which blockers a salesperson named. Keyword lists,
 * no I/O; matched on whole words or word prefixes ("overwhelm" matches "overwhelmed").
 *
 * Over 300 lines: the cue lists of every question theme and blocker theme are data; the
 * matching is the few functions at the end.
 */

type Theme = { id: string; pillar: Pillar; cues: string[] };

export const QUESTION_THEMES: Theme[] = [
  {
    id: "quota",
    pillar: "quota_confidence",
    cues: ["quota", "target", "number", "forecast", "attainment", "on track", "commit"],
  },
  {
    id: "pipeline",
    pillar: "quota_confidence",
    cues: ["pipeline", "opportunit", "deal flow", "coverage", "prospects"],
  },
  {
    id: "workload",
    pillar: "burnout_risks",
    cues: [
      "workload",
      "hours",
      "overtime",
      "capacity",
      "plate",
      "juggling",
      "working late",
      "weekends",
      "stretched thin",
    ],
  },
  {
    id: "energy",
    pillar: "burnout_risks",
    cues: ["energy", "recharge", "rest", "tired", "exhaust", "sleep", "switch off"],
  },
  { id: "pressure", pillar: "burnout_risks", cues: ["stress", "pressure", "overwhelm", "burn"] },
  { id: "teammates", pillar: "team_dynamics", cues: ["team", "colleague", "teammate", "peers", "collaborat"] },
  {
    id: "manager",
    pillar: "team_dynamics",
    cues: ["manager", "leadership", "coaching", "feedback", "one-on-one", "1:1"],
  },
  {
    id: "cross_team",
    pillar: "team_dynamics",
    cues: ["marketing", "product team", "engineering", "departments", "handoff", "sales ops", "customer success"],
  },
  { id: "mood", pillar: "morale", cues: ["week", "mood", "feeling", "motivat", "spirits"] },
  { id: "recognition", pillar: "morale", cues: ["recogni", "appreciat", "valued", "celebrat"] },
  { id: "satisfaction", pillar: "morale", cues: ["enjoy", "satisf", "career", "role", "future here"] },
  {
    id: "strengths",
    pillar: "sales_strength",
    cues: ["strength", "strongest", "good at", "skill", "best at", "confident doing"],
  },
  { id: "growth", pillar: "sales_strength", cues: ["training", "learn", "develop", "improve", "grow"] },
  { id: "wins", pillar: "sales_strength", cues: ["win", "won", "closed", "proud", "success"] },
  {
    id: "obstacles",
    pillar: "blockers",
    cues: ["blocker", "obstacle", "in the way", "slowing", "friction", "holding you back", "stuck"],
  },
  { id: "tools", pillar: "blockers", cues: ["tool", "crm", "system", "process", "admin", "approval"] },
];

function isWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}

/**
 * A one-word cue matches at the start of a word ("recogni" in "recognition", not "tool" in
 * "stool"); a phrase anywhere. A scan with indexOf rather than a RegExp built per cue and
 * call: this runs for every answer on the check-in's hot path.
 */
function matches(text: string, cue: string): boolean {
  if (!/^\w+$/.test(cue)) return text.includes(cue);
  for (let at = text.indexOf(cue); at >= 0; at = text.indexOf(cue, at + 1)) {
    if (at === 0 || !isWordChar(text.charCodeAt(at - 1))) return true;
  }
  return false;
}

/** The theme a question is mostly about, or null when no cue matches. */
export function themeOf(question: string): { id: string; pillar: Pillar } | null {
  const text = question.toLowerCase();
  let best: { theme: Theme; hits: number } | null = null;
  for (const theme of QUESTION_THEMES) {
    const hits = theme.cues.filter((cue) => matches(text, cue)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { theme, hits };
  }
  return best ? { id: best.theme.id, pillar: best.theme.pillar } : null;
}

/**
 * Blocker themes a salesperson can name. The stored row carries the theme and this
 * generic description, never the salesperson's own words: managers see themes, not the
 * conversation (the promise the page makes before the first message).
 */
export const BLOCKER_THEMES = [
  { theme: "CRM admin", description: "Time lost to CRM data entry and admin work" },
  { theme: "Pricing approvals", description: "Slow pricing, discount or deal-desk approvals" },
  { theme: "Lead quality", description: "Too few or poorly qualified leads" },
  { theme: "Product gaps", description: "Missing features or product issues that cost deals" },
  { theme: "Territory changes", description: "Territory or account reassignments" },
  { theme: "Tools and systems", description: "Slow or unreliable sales tools" },
  { theme: "Internal processes", description: "Internal process and handoff friction" },
  { theme: "Enablement and training", description: "Gaps in training, enablement or content" },
  { theme: "Manager support", description: "Not enough support or time from their manager" },
  { theme: "Compensation", description: "Concerns about commission or compensation" },
  { theme: "Competition", description: "Competitive pressure on deals" },
  { theme: "Team capacity", description: "An understaffed or overloaded team" },
] as const;

export type BlockerTheme = (typeof BLOCKER_THEMES)[number]["theme"];

/**
 * What an answer can talk about, good or bad: the blocker themes, and the other things a
 * salesperson describes (the number, the hours, their manager). Cues are matched on whole
 * words from their start ("micromanag" matches "micromanages"); a trailing "$" asks for
 * the whole word ("comp$" is not "company"). A `subject` topic (the team, the manager,
 * deals) yields to a more specific problem in the same breath: in "the team is stretched
 * thin" the problem is capacity, not the team.
 */
export const TOPICS = [
  {
    id: "crm",
    pillar: "blockers",
    blocker: "CRM admin",
    cues: ["crm", "salesforce", "hubspot", "data entry", "logging", "admin", "paperwork", "reporting"],
  },
  {
    id: "approvals",
    pillar: "blockers",
    blocker: "Pricing approvals",
    // Pricing alone is not an approval ("I struggle with negotiation on pricing" is a skill), nor
    // an approval alone a pricing one ("internal approvals" are processes): both, or the deal desk.
    cues: ["deal desk", "legal review", "legal$", "contract", "redline"],
    both: [
      ["pricing", "price", "discount"],
      ["approv", "sign off", "signoff", "signed off"],
    ],
  },
  {
    id: "leads",
    pillar: "blockers",
    blocker: "Lead quality",
    cues: [
      "leads$",
      "lead$",
      "lead quality",
      "lead flow",
      "inbound",
      "mql",
      "prospect list",
      "unqualified",
      "bad data",
    ],
  },
  {
    id: "product",
    pillar: "blockers",
    blocker: "Product gaps",
    cues: ["product$", "feature", "integration", "product gap", "bug$", "bugs$", "roadmap", "sso$"],
  },
  {
    id: "territory",
    pillar: "blockers",
    blocker: "Territory changes",
    cues: [
      "territor",
      "reassign",
      "accounts moved",
      "patch$",
      "realign",
      "my accounts to",
      "best accounts",
      "losing my accounts",
      "lost my accounts",
    ],
  },
  {
    id: "tools",
    pillar: "blockers",
    blocker: "Tools and systems",
    cues: ["tool$", "tools$", "tooling", "software", "system", "dialer", "laptop", "tech stack", "cpq"],
  },
  {
    id: "processes",
    pillar: "blockers",
    blocker: "Internal processes",
    cues: [
      "process",
      "handoff",
      "hand off",
      "red tape",
      "bureaucra",
      "meetings",
      "internal",
      "approval",
      "sign off",
      "signoff",
    ],
  },
  {
    id: "enablement",
    pillar: "blockers",
    blocker: "Enablement and training",
    cues: ["training", "enablement", "onboarding", "collateral", "playbook", "coaching"],
  },
  {
    id: "manager",
    pillar: "team_dynamics",
    blocker: "Manager support",
    subject: true,
    cues: ["manager", "boss$", "micromanag", "leadership", "feedback", "one on one", "no support", "unsupported"],
  },
  {
    id: "comp",
    pillar: "blockers",
    blocker: "Compensation",
    cues: ["commission", "comp plan", "comp$", "compensation", "pay$", "paycheck", "bonus", "accelerator", "payout"],
  },
  {
    id: "competition",
    pillar: "blockers",
    blocker: "Competition",
    cues: ["competitor", "competition", "undercut", "cheaper"],
  },
  {
    id: "capacity",
    pillar: "blockers",
    blocker: "Team capacity",
    cues: [
      "understaffed",
      "short staffed",
      "headcount",
      "not enough people",
      "team is stretched",
      "team's stretched",
      "team stretched",
      "we're stretched",
      "we are stretched",
      "everyone is stretched",
      "open roles",
      "we're short",
      "we are short",
      "short on people",
      "short on reps",
      "more reps",
      "more people",
      "more headcount",
      "more help on the team",
      "covering for",
      "backfill",
    ],
  },
  {
    id: "workload",
    pillar: "burnout_risks",
    cues: [
      "workload",
      "working late",
      "work late",
      "late nights",
      "weekend",
      "evenings",
      "long hours",
      "overtime",
      "hours$",
      "piling up",
      "piled up",
      "plate$",
      "keep up",
      "every night",
    ],
  },
  {
    id: "rest",
    pillar: "burnout_risks",
    cues: ["day off", "days off", "time off", "break$", "holiday", "vacation", "switch off", "switched off"],
  },
  {
    id: "energy",
    pillar: "burnout_risks",
    cues: [
      "exhaust",
      "tired",
      "drained",
      "burned out",
      "burnt out",
      "burnout",
      "sleep",
      "energy",
      "running on empty",
      "worn out",
      "fumes",
    ],
  },
  {
    id: "stress",
    pillar: "burnout_risks",
    cues: ["stress", "pressure", "overwhelm", "anxious", "drowning", "swamped"],
  },
  {
    id: "quota",
    pillar: "quota_confidence",
    cues: ["quota", "number$", "numbers$", "target", "forecast", "attainment", "commit$", "quarter", "pct"],
  },
  { id: "pipeline", pillar: "quota_confidence", cues: ["pipeline", "deal flow", "coverage"] },
  { id: "deals", pillar: "quota_confidence", subject: true, cues: ["deal$", "deals$", "renewal", "close$", "closing"] },
  {
    id: "team",
    pillar: "team_dynamics",
    subject: true,
    cues: ["team$", "teams$", "teammate", "colleague", "peers", "coworker"],
  },
  { id: "pride", pillar: "sales_strength", cues: ["proud", "pulled off", "pulled it off"] },
  { id: "progress", pillar: "morale", cues: ["getting there", "progress", "on the up"] },
  {
    id: "motivation",
    pillar: "morale",
    cues: [
      "used to love",
      "used to enjoy",
      "grind",
      "slog",
      "motivat",
      "demotivat",
      "demoralis",
      "demoraliz",
      "spark",
      "going through the motions",
    ],
  },
  {
    id: "career",
    pillar: "morale",
    cues: [
      "leaving",
      "resume$",
      "quit",
      "recruiter",
      "new job",
      "another job",
      "future here",
      "career",
      "linkedin",
      "interviewing",
    ],
  },
] as const satisfies readonly {
  id: string;
  pillar: Pillar;
  blocker?: BlockerTheme;
  subject?: boolean;
  cues: readonly string[];
  /** Also named when a cue of each list is in the same clause part. */
  both?: readonly [readonly string[], readonly string[]];
}[];

export type TopicId = (typeof TOPICS)[number]["id"];
type Topic = (typeof TOPICS)[number];

const cuePatterns = new Map<string, RegExp>();
function cueMatches(text: string, cue: string): boolean {
  let pattern = cuePatterns.get(cue);
  if (!pattern) {
    const whole = cue.endsWith("$");
    const words = wordsOf(whole ? cue.slice(0, -1) : cue)
      .join(" ")
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = new RegExp(`(?:^| )${words}${whole ? "(?= |$)" : ""}`);
    cuePatterns.set(cue, pattern);
  }
  return pattern.test(text);
}

/**
 * The topic's cues name it in this text: any one cue, or a cue of one of its `both` lists here
 * and one of the other in its sentence ("The approval process is painful, three sign-offs for
 * any discount" is about pricing approvals in both its parts).
 */
function topicIn(topic: Topic, text: string, sentence = text): boolean {
  if (topic.cues.some((cue) => cueMatches(text, cue))) return true;
  if (!("both" in topic)) return false;
  const [first, second] = topic.both;
  const some = (cues: readonly string[], where: string) => cues.some((cue) => cueMatches(where, cue));
  return (some(first, text) && some(second, sentence)) || (some(second, text) && some(first, sentence));
}

/** Words that mark a segment as describing an obstacle, whatever its sentiment words say. */
const OBSTACLE_CUES = [
  "block",
  "slow",
  "stuck",
  "wait",
  "delay",
  "difficult",
  "problem",
  "issue",
  "frustrat",
  "annoy",
  "struggl",
  "lack",
  "missing",
  "broken",
  "eats",
  "eating",
  "waste",
  "forever",
  "ages$",
  "holding",
  "held up",
  "hold up",
  "can't",
  "cannot",
  "don't have",
  "doesn't have",
  "no real",
  "not enough",
  "too many",
  "too much",
  "drag",
  "kill",
  "nightmare",
  "mess$",
  "clunky",
  "useless",
  "painful",
  "junk",
  "dried up",
  "undercut",
  "micromanag",
  "zero",
  "no time",
  "never",
  "won't",
  "wont",
  "refuse",
  "bottleneck",
  "backlog",
  "politic",
  "hard to get",
  "nobody",
  "no one",
];
const TAKES_TIME = /(?:^| )(?:take|takes|taking|took) (?:\w+ ){0,3}(?:days|weeks|hours|months|forever|ages)(?: |$)/;

export function isObstacle(segmentText: string): boolean {
  return OBSTACLE_CUES.some((cue) => cueMatches(segmentText, cue)) || TAKES_TIME.test(segmentText);
}

const PRONOUNS = /(?:^| )(?:she|he|they|it|her|him|them|it's)(?: |$)/;

export type TopicVerdicts = {
  /** Topics spoken well of (never also a concern). */
  praise: TopicId[];
  /** Topics described as a problem, in the order they came up. */
  concerns: TopicId[];
  /** Concerns by segment (for the caller that weighs clauses), in order. */
  concernSegments: { topic: TopicId; segment: Segment }[];
};

/**
 * What an answer praises and what it describes as a problem. Each segment (clause part)
 * judges the topics it names by its own words: "my manager is supportive" praises the
 * manager even in "…but the team is stretched thin". A topic named without any feeling
 * is a problem only when its clause is negative, or when it answers "what is in the way?".
 */
export function topicVerdicts(text: string, answersBlockersQuestion = false): TopicVerdicts {
  const segments = segmentsOf(text);
  const clauseValence = new Map<number, number>();
  for (const s of segments) clauseValence.set(s.clause, (clauseValence.get(s.clause) ?? 0) + s.valence);
  const praise: TopicId[] = [];
  const concernSegments: TopicVerdicts["concernSegments"] = [];
  const sentenceText = (index: number) =>
    segments
      .filter((s) => s.sentence === index)
      .map((s) => s.text)
      .join(" ");
  for (const segment of segments) {
    // A problem that is over ("the CRM sync was a pain last month but IT fixed it") holds nobody back now.
    const sentence = sentenceText(segment.sentence);
    if (isResolved(sentence)) continue;
    // "An offer from a competitor": leaving, not competition on deals.
    if (segment.marks.some((m) => m.signal === "flight_risk")) continue;
    const named: Topic[] = TOPICS.filter((topic) => topicIn(topic, segment.text, sentence));
    // "My manager is amazing, but I barely see her": a pronoun after "but" points back at what came before.
    if (named.length === 0 && segment.weight === 1.5 && PRONOUNS.test(segment.text)) {
      const before = segments.filter((s) => s.clause === segment.clause - 1);
      named.push(...TOPICS.filter((topic) => before.some((s) => topicIn(topic, s.text))));
    }
    if (named.length === 0) continue;
    const clause = clauseValence.get(segment.clause) ?? 0;
    const obstacle = isObstacle(segment.text);
    let verdict: "praise" | "problem" | "mention";
    if (segment.valence >= 1 || (segment.valence >= 0.5 && !obstacle)) verdict = "praise";
    else if (obstacle || segment.valence <= -0.5) verdict = "problem";
    // The people or deals a clause names are not its problem unless their own words say so:
    // "maybe 60% and that's ok with my manager".
    else if (named.every((t) => "subject" in t && t.subject)) verdict = "mention";
    else if (clause <= -0.5 || (answersBlockersQuestion && clause < 0.5)) verdict = "problem";
    else verdict = "mention";
    if (verdict === "praise") {
      for (const topic of named) if (!praise.includes(topic.id)) praise.push(topic.id);
    } else if (verdict === "problem") {
      // The specific problem, not the people it happens to ("the team is stretched thin" is capacity),
      // nor the generic word around it ("the approval process" is approvals, "the CRM system" the CRM).
      const blockers = named.filter((t) => "blocker" in t);
      const generic = (t: Topic) => blockers.length > 1 && (t.id === "processes" || t.id === "tools");
      const specific = named.filter((t) => !("subject" in t && t.subject) && !generic(t));
      for (const topic of specific.length > 0 ? specific : named) concernSegments.push({ topic: topic.id, segment });
    }
  }
  const concerns = [...new Set(concernSegments.map((c) => c.topic))];
  return { praise: praise.filter((p) => !concerns.includes(p)), concerns, concernSegments };
}

const PAST =
  /(?:^| )(?:last|in) (?:week|month|quarter|year|january|february|march|april|may|june|july|august|september|october|november|december|q[1-4])(?: |$)/;

/** A sentence that says its problem is over: resolved, or in the past and not "still". */
export function isResolved(sentence: string): boolean {
  if (/(?:^| )still(?: |$)/.test(sentence)) return false;
  // "I used to love closing" is a loss, not a problem solved.
  sentence = sentence.replace(/used to (?:love|enjoy|like)/g, "");
  return (
    RESOLVED_CUES.some((cue) => cueMatches(sentence, cue)) ||
    (PAST.test(sentence) && /(?:^| )(?:was|were|had)(?: |$)/.test(sentence))
  );
}

/**
 * The topics a piece of free text names, by the same cues as the reader (`both` included), the
 * specific ones before the subjects ("the team is stretched thin" is about capacity first).
 */
export function topicsNamedIn(text: string): TopicId[] {
  const words = wordsOf(text).join(" ");
  const named = TOPICS.filter((topic) => topicIn(topic, words));
  const subject = (topic: Topic) => "subject" in topic && topic.subject === true;
  return [...named.filter((t) => !subject(t)), ...named.filter(subject)].map((t) => t.id);
}

/** True when a segment's words name any topic. */
export function namesTopic(segmentText: string): boolean {
  return TOPICS.some((topic) => topicIn(topic, segmentText));
}

export function topicById(id: TopicId): Topic {
  const topic = TOPICS.find((t) => t.id === id);
  if (!topic) throw new Error(`Unknown topic ${id}`);
  return topic;
}

export function blockerOf(id: TopicId): { theme: BlockerTheme; description: string } | null {
  const topic = topicById(id);
  if (!("blocker" in topic)) return null;
  return BLOCKER_THEMES.find((b) => b.theme === topic.blocker) ?? null;
}

/**
 * The blocker themes named in the salesperson's messages: a topic the answer describes as
 * a problem (never one it praises). Each theme once, in order of first mention.
 */
export function blockerThemesIn(messages: readonly { content: string; answersBlockersQuestion: boolean }[]) {
  const found: { theme: string; description: string }[] = [];
  for (const message of messages) {
    for (const topic of topicVerdicts(message.content, message.answersBlockersQuestion).concerns) {
      const blocker = blockerOf(topic);
      if (blocker && !found.some((f) => f.theme === blocker.theme)) {
        found.push({ theme: blocker.theme, description: blocker.description });
      }
    }
  }
  return found;
}
