import type { Pillar } from "../shared/pillars";
import { wordsOf } from "./rules";

/**
 * Themes: what a question is about (for the repetition check's "same theme" rule and to
 * credit an answer to a pillar) and which blockers a salesperson named. Keyword lists,
 * no I/O; matched on whole words or word prefixes ("overwhelm" matches "overwhelmed").
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
  { id: "workload", pillar: "burnout_risks", cues: ["workload", "hours", "overtime", "capacity", "plate", "juggling"] },
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
  { id: "strengths", pillar: "sales_strength", cues: ["strength", "good at", "skill", "best at", "confident doing"] },
  { id: "growth", pillar: "sales_strength", cues: ["training", "learn", "develop", "improve", "grow"] },
  { id: "wins", pillar: "sales_strength", cues: ["win", "won", "closed", "proud", "success"] },
  {
    id: "obstacles",
    pillar: "blockers",
    cues: ["blocker", "obstacle", "in the way", "slowing", "friction", "holding you back", "stuck"],
  },
  { id: "tools", pillar: "blockers", cues: ["tool", "crm", "system", "process", "admin", "approval"] },
];

function matches(text: string, cue: string): boolean {
  if (cue.includes(" ") || /\W/.test(cue)) return text.includes(cue);
  return new RegExp(`\\b${cue}`, "i").test(text);
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
  {
    theme: "CRM admin",
    description: "Time lost to CRM data entry and admin work",
    cues: ["crm", "salesforce", "hubspot", "data entry", "logging", "admin", "paperwork", "reporting"],
  },
  {
    theme: "Pricing approvals",
    description: "Slow pricing, discount or deal-desk approvals",
    cues: ["pricing", "discount", "approval", "deal desk", "legal review", "contract"],
  },
  {
    theme: "Lead quality",
    description: "Too few or poorly qualified leads",
    cues: ["leads", "lead quality", "lead flow", "inbound", "mql", "prospect list", "unqualified", "bad data"],
  },
  {
    theme: "Product gaps",
    description: "Missing features or product issues that cost deals",
    cues: ["feature", "integration", "product gap", "bug", "roadmap", "sso", "missing"],
  },
  {
    theme: "Territory changes",
    description: "Territory or account reassignments",
    cues: ["territory", "reassign", "accounts moved", "patch", "realign"],
  },
  {
    theme: "Tools and systems",
    description: "Slow or unreliable sales tools",
    cues: ["tool", "software", "system", "dialer", "slow laptop", "tech stack"],
  },
  {
    theme: "Internal processes",
    description: "Internal process and handoff friction",
    cues: ["process", "handoff", "red tape", "bureaucra", "meetings", "too many meetings"],
  },
  {
    theme: "Enablement and training",
    description: "Gaps in training, enablement or content",
    cues: ["training", "enablement", "onboarding", "collateral", "playbook", "coaching"],
  },
  {
    theme: "Manager support",
    description: "Not enough support or time from their manager",
    cues: ["my manager", "no support", "micromanag", "no feedback", "unsupported"],
  },
  {
    theme: "Compensation",
    description: "Concerns about commission or compensation",
    cues: ["commission", "comp plan", "compensation", "pay", "bonus", "accelerator"],
  },
  {
    theme: "Competition",
    description: "Competitive pressure on deals",
    cues: ["competitor", "competition", "undercut", "cheaper alternative"],
  },
] as const;

/** Words that mark a sentence as describing an obstacle rather than praise. */
const OBSTACLE_CUES = [
  "block",
  "slow",
  "stuck",
  "wait",
  "delay",
  "hard",
  "difficult",
  "problem",
  "issue",
  "frustrat",
  "annoy",
  "struggl",
  "lack",
  "missing",
  "no ",
  "not enough",
  "too many",
  "too much",
  "broken",
  "eat",
  "waste",
  "lose",
  "lost",
  "cost",
  "hold",
  "behind",
  "never",
  "can't",
  "cannot",
  "don't have",
  "takes",
];

/**
 * The blocker themes named in the salesperson's messages: a sentence that mentions a
 * theme's cue and reads as an obstacle (an obstacle word, or it answers a blockers
 * question). Each theme once, in order of first mention.
 */
export function blockerThemesIn(messages: readonly { content: string; answersBlockersQuestion: boolean }[]) {
  const found: { theme: string; description: string }[] = [];
  for (const message of messages) {
    const sentences = message.content.toLowerCase().split(/[.!?\n;]+/);
    for (const sentence of sentences) {
      const obstacle = message.answersBlockersQuestion || OBSTACLE_CUES.some((cue) => sentence.includes(cue));
      if (!obstacle) continue;
      for (const blocker of BLOCKER_THEMES) {
        if (found.some((f) => f.theme === blocker.theme)) continue;
        if (blocker.cues.some((cue) => matches(sentence, cue))) {
          found.push({ theme: blocker.theme, description: blocker.description });
        }
      }
    }
  }
  return found;
}

/** True when the words of a text include any of the given cues (for the scorer's dimension cues). */
export function mentionsAny(text: string, cues: readonly string[]): boolean {
  const lower = ` ${wordsOf(text).join(" ")} `;
  return cues.some((cue) => matches(lower, cue));
}
