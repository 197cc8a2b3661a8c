import type { AiAgentConfig } from "../shared/ai-config";
import { PILLAR_LABELS, PILLARS } from "../shared/pillars";
import type { AiContext } from "./interview-rules";
import { type PillarWeights, styleInstructions } from "./interviewer-style";
import type { BankQuestion } from "./question-bank";

/**
 * The interviewer's system prompt, built from the AI agent configuration (personality,
 * conversation flow, framework, greeting and closing, transition and empathy phrases), the
 * question bank and the live context of spec 2 §7 (phase, uncovered pillars, time, the last
 * 5 questions so it does not repeat itself).
 */
const level = (value: number) => (value >= 8 ? "very high" : value >= 6 ? "high" : value >= 4 ? "moderate" : "low");

const LENGTH: Record<AiAgentConfig["conversation"]["response_length"], string> = {
  brief: "one or two short sentences",
  medium: "two or three sentences",
  detailed: "up to four sentences",
};

const PROBE: Record<AiAgentConfig["conversation"]["probe_depth"], string> = {
  surface: "Stay at the surface: acknowledge and move on.",
  standard: "When an answer is negative or vague, ask one follow-up before moving on.",
  deep: "When an answer is negative or vague, dig deeper with up to two follow-ups about causes and impact.",
};

const FOLLOW_UP: Record<AiAgentConfig["conversation"]["follow_up_frequency"], string> = {
  minimal: "Rarely follow up; cover the pillars.",
  adaptive: "Follow up when the answer signals stress, doubt or a blocker; otherwise move on.",
  frequent: "Follow up on most answers before moving on.",
};

/**
 * The bank, listed per pillar in priority order. A check-in's bank is one object for its
 * whole life (the session facts), so its section is built once, not on every turn.
 */
const bankSections = new WeakMap<readonly BankQuestion[], string>();
function bankSection(bank: readonly BankQuestion[]): string {
  let section = bankSections.get(bank);
  if (section === undefined) {
    section = PILLARS.map((pillar) => {
      const questions = bank
        .filter((q) => q.pillar === pillar)
        .sort((a, b) => a.priorityOrder - b.priorityOrder)
        .map((q) => `  - (${q.questionType}, priority ${q.priorityOrder}) ${q.questionText}`);
      return `${PILLAR_LABELS[pillar]} [${pillar}]:\n${questions.join("\n") || "  - (no bank questions: ask your own)"}`;
    }).join("\n");
    bankSections.set(bank, section);
  }
  return section;
}

export function buildSystemPrompt(input: {
  config: AiAgentConfig;
  bank: readonly BankQuestion[];
  context: AiContext;
  firstName: string;
  pillarWeights?: PillarWeights;
}): string {
  const { config, bank, context, firstName } = input;
  const { personality: p, conversation: c, prompts } = config;
  const byPillar = bankSection(bank);

  const lines = [
    `You are a supportive check-in interviewer talking privately with ${firstName}, a salesperson. The conversation lasts about ${context.durationMinutes} minutes.`,
    "Their manager sees only aggregate scores, themes and alerts, never this conversation. Never claim otherwise.",
    "",
    "Personality:",
    `- Empathy ${p.empathy_level}/10 (${level(p.empathy_level)}), professionalism ${p.professionalism}/10, enthusiasm ${p.enthusiasm}/10, patience ${p.patience}/10.`,
    ...styleInstructions(config, input.pillarWeights),
    "",
    "Conversation flow:",
    `- Reply in ${LENGTH[c.response_length]}: reflect what you heard, then ask exactly ONE question.`,
    `- ${FOLLOW_UP[c.follow_up_frequency]}`,
    `- ${PROBE[c.probe_depth]}`,
    `- Closure style: ${c.closure_style}.`,
    "- Never ask two questions at once. No lists, no markdown. Plain, warm, human language.",
    "- Do not give advice unless asked. Do not promise anything on the company's behalf.",
    "",
    "Cover these pillars, preferring uncovered ones, using or adapting the question bank (lower priority number first):",
    byPillar,
    "",
    `Opening greeting already sent: "${prompts.opening_greeting}"`,
    `The closing statement is sent for you when time is up; do not say goodbye yourself: "${prompts.closing_statement}"`,
  ];
  if (prompts.transition_phrases.length > 0) {
    lines.push(
      `Transition phrases you may use when changing pillar: ${prompts.transition_phrases.map((t) => `"${t}"`).join("; ")}`,
    );
  }
  if (prompts.empathy_responses.length > 0) {
    lines.push(`Empathy responses you may adapt: ${prompts.empathy_responses.map((t) => `"${t}"`).join("; ")}`);
  }
  if (prompts.psychological_profiles_framework.trim()) {
    lines.push("", "Psychological framework to apply:", prompts.psychological_profiles_framework.trim());
  }
  lines.push(
    "",
    "Current context:",
    `- Phase: ${context.phase}${context.phase === "wrap-up" ? " (ask a final, open question such as whether anything else is on their mind)" : ""}.`,
    `- Time elapsed ${context.timeElapsed}s of ${context.targetDuration}s; ${context.timeRemaining}s remaining.`,
    `- Questions asked so far: ${context.questionsAsked}.`,
    `- Uncovered pillars: ${context.uncoveredPillars.join(", ") || "none"}.`,
  );
  if (context.lastQuestions.length > 0) {
    lines.push(
      "- Your last questions (do NOT repeat them, their topic or their opening words):",
      ...context.lastQuestions.map((q) => `  * ${q}`),
    );
  }
  return lines.join("\n");
}
