import { closingFor, greetingFor } from "../../../worker/ai/agent-config";
import { type PlannedReply, planReply } from "../../../worker/ai/embedded";
import type { InterviewRequest } from "../../../worker/ai/provider";
import { DEFAULT_QUESTION_BANK } from "../../../worker/ai/question-bank";
import {
  type AskedQuestion,
  aiContextFor,
  closureReached,
  emptyPillarProgress,
  exploredCount,
  type PillarProgress,
  PROBE_BELOW,
  rememberQuestion,
} from "../../../worker/checkin/rules";
import { sentimentOf } from "../../../worker/language/lexicon";
import { themeOf } from "../../../worker/language/themes";
import type { TranscriptMessage } from "../../../worker/scoring/judgement";
import { type AiAgentConfig, DEFAULT_AI_AGENT_CONFIG } from "../../../worker/shared/ai-config";
import type { Pillar } from "../../../worker/shared/pillars";
import { DEFAULT_GLOBAL_SETTINGS } from "../../../worker/shared/settings";

/**
 * A whole check-in with the embedded interviewer, the way the CheckInSession object runs it
 * (greeting counted as a morale question, answers credited to the pillar of the question they
 * answer, closure rule, last five questions), without the object: what the unit tests replay.
 */
export type Turn = { answer: string; reply: string; planned: PlannedReply | null };

export function converse(
  answers: readonly string[],
  options: { firstName?: string; config?: AiAgentConfig; secondsPerTurn?: number } = {},
) {
  const config = options.config ?? DEFAULT_AI_AGENT_CONFIG;
  const firstName = options.firstName ?? "Maya";
  const targetMs = 600_000;
  const stepMs = (options.secondsPerTurn ?? 40) * 1000;
  const greeting = greetingFor(config, firstName);
  const messages: (TranscriptMessage & { role: "user" | "assistant" })[] = [
    { role: "assistant", sender: "assistant", content: greeting, pillar: "morale" },
  ];
  const progress: Record<Pillar, PillarProgress> = emptyPillarProgress();
  progress.morale.questionsAsked = 1;
  let lastAsked: AskedQuestion[] = [{ content: greeting, theme: "mood" }];
  const askedBankIds: string[] = [];
  let questionsAsked = 1;
  let elapsed = 0;
  const turns: Turn[] = [];

  for (const answer of answers) {
    const currentPillar = [...messages].reverse().find((m) => m.role === "assistant")?.pillar ?? null;
    messages.push({ role: "user", sender: "user", content: answer, pillar: currentPillar });
    elapsed += stepMs;
    credit(progress, currentPillar, answer);

    if (closureReached(elapsed / targetMs, exploredCount(progress), questionsAsked) || elapsed >= targetMs * 0.95) {
      const closing = closingFor(config, firstName);
      messages.push({ role: "assistant", sender: "assistant", content: closing, pillar: null });
      turns.push({ answer, reply: closing, planned: null });
      break;
    }
    const request: InterviewRequest = {
      checkInId: "replay",
      firstName,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      context: aiContextFor({ elapsedMs: elapsed, targetMs, questionsAsked, pillarProgress: progress, lastAsked }),
      config,
      bank: DEFAULT_QUESTION_BANK,
      pillarWeights: DEFAULT_GLOBAL_SETTINGS.pillarWeights,
      lastAsked,
      askedBankIds: [...askedBankIds],
      pillarProgress: structuredClone(progress),
      currentPillar,
    };
    const planned = planReply(request);
    if (planned.pillar) progress[planned.pillar].questionsAsked += 1;
    if (planned.bankQuestionId) askedBankIds.push(planned.bankQuestionId);
    questionsAsked += 1;
    lastAsked = rememberQuestion(lastAsked, { content: planned.question, theme: planned.theme });
    messages.push({ role: "assistant", sender: "assistant", content: planned.text, pillar: planned.pillar });
    turns.push({ answer, reply: planned.text, planned });
  }
  const transcript: TranscriptMessage[] = messages.map(({ sender, content, pillar }) => ({ sender, content, pillar }));
  return { greeting, turns, transcript, userMessages: answers.slice(0, turns.length) };
}

/** What CheckInSession.absorbAnswers does with an answer: explored, sentiment, topics, and the pillar it talks about. */
function credit(progress: Record<Pillar, PillarProgress>, pillar: Pillar | null, answer: string) {
  if (!pillar) return;
  const entry = progress[pillar];
  const sentiment = sentimentOf(answer);
  const answered = entry.explored ? 1 : 0;
  entry.sentimentScore = Math.round((entry.sentimentScore * answered + sentiment.score) / (answered + 1));
  entry.explored = true;
  entry.needsMoreExploration = sentiment.score < PROBE_BELOW;
  const theme = themeOf(answer);
  if (theme && !entry.topics.includes(theme.id)) entry.topics.push(theme.id);
  if (theme && theme.pillar !== pillar) {
    progress[theme.pillar].explored = true;
    progress[theme.pillar].needsMoreExploration ||= sentiment.score < PROBE_BELOW;
  }
}

/** Options of an early request: anything of the request, plus the first answer and the clock. */
export type EarlyRequestOptions = Partial<InterviewRequest> & {
  answer?: string;
  questionsAsked?: number;
  elapsedMs?: number;
};

/**
 * An interview request early in a check-in: the greeting asked how the week has been and
 * the salesperson answered `answer`. Every field can be overridden.
 */
export function earlyRequest(options: EarlyRequestOptions = {}): InterviewRequest {
  const { answer = "It was fine.", questionsAsked = 1, elapsedMs = 120_000, ...overrides } = options;
  const firstName = overrides.firstName ?? "Casey";
  const pillarProgress = overrides.pillarProgress ?? emptyPillarProgress();
  const lastAsked: readonly AskedQuestion[] = overrides.lastAsked ?? [
    { content: "How has your week been going?", theme: "mood" },
  ];
  return {
    checkInId: "ci",
    firstName,
    messages: [
      { role: "assistant", content: `Hi ${firstName}! How has your week been going?` },
      { role: "user", content: answer },
    ],
    context: aiContextFor({ elapsedMs, targetMs: 600_000, questionsAsked, pillarProgress, lastAsked }),
    config: DEFAULT_AI_AGENT_CONFIG,
    bank: DEFAULT_QUESTION_BANK,
    pillarWeights: DEFAULT_GLOBAL_SETTINGS.pillarWeights,
    lastAsked,
    askedBankIds: [],
    pillarProgress,
    currentPillar: "morale",
    ...overrides,
  };
}

/** The interviewer's reply to one answer early in a check-in (after the greeting), answering a question on `answering`. */
export function replyTo(
  answer: string,
  answering: Pillar = "morale",
  config: AiAgentConfig = DEFAULT_AI_AGENT_CONFIG,
): PlannedReply {
  return planReply(
    earlyRequest({
      answer,
      checkInId: "single",
      firstName: "Maya",
      elapsedMs: 60_000,
      config,
      currentPillar: answering,
    }),
  );
}

/** The reflection part of a reply: everything before its question. */
export function reflectionOf(reply: PlannedReply): string {
  const lowered = reply.question.charAt(0).toLowerCase() + reply.question.slice(1);
  const at =
    reply.text.lastIndexOf(reply.question) >= 0
      ? reply.text.lastIndexOf(reply.question)
      : reply.text.lastIndexOf(lowered);
  return (at >= 0 ? reply.text.slice(0, at) : reply.text).trim();
}
