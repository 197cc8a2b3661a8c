import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { greetingFor } from "../ai/agent-config";
import { providerFor } from "../ai/choose-provider";
import { configChanges } from "../ai/config-changes";
import { classifyReply } from "../ai/embedded";
import { interviewRequest } from "../ai/interview-request";
import { EmptyReplyError, type InterviewProvider, type InterviewRequest } from "../ai/provider";
import { type BankQuestion, loadQuestionBank } from "../ai/question-bank";
import type { ConsoleEnv } from "../auth/middleware";
import { type AskedQuestion, emptyPillarProgress } from "../checkin/rules";
import type { Database } from "../db/client";
import { themeOf } from "../language/themes";
import type { AppConfig } from "../lib/config";
import { ApiError, tooManyRequests } from "../lib/errors";
import { describeError } from "../lib/log";
import { hitRateLimit } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { judgeCheckIn } from "../scoring/judge-check-in";
import type { TranscriptMessage } from "../scoring/judgement";
import { withConversationStyle } from "../settings/conversation-style";
import { getGlobalSettings } from "../settings/global";
import { type AiAgentConfig, DEFAULT_AI_AGENT_CONFIG } from "../shared/ai-config";
import { type AiTestResult, aiChatRequestSchema, aiConfigTestRequestSchema } from "../shared/console/ai-agent";
import type { Pillar } from "../shared/pillars";
import { DEFAULT_GLOBAL_SETTINGS } from "../shared/settings";

/**
 * The AI Agent Config screen's Quick Test and interactive test chat (spec 2 §2, §7, §8).
 * Both run the configuration being edited (saved or not) through the same provider path a
 * check-in uses — the OpenAI-compatible provider when OPENAI_API_KEY is set, the embedded
 * interviewer otherwise — but without the check-in's silent fallback: the operator is
 * testing the provider, so its failure is the answer.
 */

/** The name the test conversation uses for the salesperson. */
const TEST_FIRST_NAME = "Alex";
const TEST_DURATION_MS = 10 * 60_000;
/** Spec 2 §7: the screen's default check-in message, when the caller sends none. */
export const DEFAULT_TEST_MESSAGE = "Hi! I'm ready for my check-in.";

export const TEST_ERRORS = {
  greeting: "Opening greeting is required for testing but is missing from configuration",
  closing: "Closing statement is required for testing but is missing from configuration",
  empty: "No response from AI service",
} as const;

/** The provider a check-in would use, by the same rule (ai/choose-provider.ts). */
export function interviewerFor(config: AppConfig): { provider: InterviewProvider; label: string } {
  const provider = providerFor(config);
  return { provider, label: provider.label };
}

type Turn = { role: "user" | "assistant"; content: string };

/**
 * An interview request as the check-in object would build it at this point of a
 * conversation: the configured greeting first, then the turns so far; the questions the
 * assistant asked are remembered (repetition rule) and their pillars count as explored.
 */
export function testInterviewRequest(input: {
  config: AiAgentConfig;
  bank: readonly BankQuestion[];
  pillarWeights: InterviewRequest["pillarWeights"];
  turns: readonly Turn[];
}): InterviewRequest {
  const messages: Turn[] = [{ role: "assistant", content: greetingFor(input.config, TEST_FIRST_NAME) }, ...input.turns];
  const progress = emptyPillarProgress();
  const lastAsked: AskedQuestion[] = [];
  const askedBankIds: string[] = [];
  let currentPillar: Pillar | null = "morale";
  for (const [index, message] of messages.entries()) {
    if (message.role !== "assistant") continue;
    const bankQuestion = input.bank.find((q) => message.content.includes(q.questionText));
    const classified = classifyReply(message.content);
    const pillar = bankQuestion?.pillar ?? classified.pillar ?? (index === 0 ? "morale" : null);
    if (bankQuestion) askedBankIds.push(bankQuestion.id);
    lastAsked.push({
      content: bankQuestion?.questionText ?? classified.question,
      theme: themeOf(classified.question)?.id ?? classified.theme,
    });
    if (pillar) {
      progress[pillar].questionsAsked += 1;
      progress[pillar].explored = true;
    }
    currentPillar = pillar;
  }
  const questionsAsked = messages.filter((m) => m.role === "assistant").length;
  return interviewRequest({
    checkInId: "operator-console-test",
    firstName: TEST_FIRST_NAME,
    messages,
    // A minute per exchange: the phases move on as they would in a real check-in.
    elapsedMs: Math.min(TEST_DURATION_MS, (questionsAsked - 1) * 60_000),
    targetMs: TEST_DURATION_MS,
    questionsAsked,
    pillarProgress: progress,
    lastAsked: lastAsked.slice(-5),
    askedBankIds,
    currentPillar,
    facts: { config: input.config, bank: input.bank, pillarWeights: input.pillarWeights },
  });
}

/** The whole reply from a provider, as it reviewed it; an empty one is an error (spec 2 §8). */
export async function replyFrom(
  provider: InterviewProvider,
  request: InterviewRequest,
  signal: AbortSignal,
): Promise<string> {
  const reply = (await provider.reply(request, signal, () => {})).text.trim();
  if (!reply) throw new EmptyReplyError();
  return reply;
}

/**
 * The bank, weights and conversation defaults a check-in of an organization that kept the
 * global defaults would run with: the draft is tested as such a check-in would use it.
 */
async function testContext(db: Database, configuration: AiAgentConfig) {
  const [bank, settings] = await Promise.all([loadQuestionBank(db), getGlobalSettings(db)]);
  return {
    bank,
    pillarWeights: settings.pillarWeights,
    config: withConversationStyle(configuration, settings.conversationDefaults),
  };
}

/** The spec's defaults everywhere: what Quick Test compares the configuration with. */
const DEFAULTS = withConversationStyle(DEFAULT_AI_AGENT_CONFIG, DEFAULT_GLOBAL_SETTINGS.conversationDefaults);

/**
 * Spec 2 §3 "Test result": the reply to a test message, and how that message reads — next
 * to the reply the defaults give (same provider, same message) and the list of settings
 * that differ from the defaults with what each changes (issue 13 §1).
 */
export async function testConfiguration(
  db: Database,
  appConfig: AppConfig,
  configuration: AiAgentConfig,
  testMessage: string,
  signal: AbortSignal,
): Promise<AiTestResult> {
  if (!configuration.prompts.opening_greeting.trim()) return { success: false, error: TEST_ERRORS.greeting };
  if (!configuration.prompts.closing_statement.trim()) return { success: false, error: TEST_ERRORS.closing };
  const { provider, label } = interviewerFor(appConfig);
  const message = testMessage.trim() || DEFAULT_TEST_MESSAGE;
  const context = await testContext(db, configuration);
  const turns: Turn[] = [{ role: "user", content: message }];
  const request = testInterviewRequest({ ...context, turns });
  const defaultRequest = testInterviewRequest({ ...context, config: DEFAULTS, turns });
  let response: string;
  let defaultResponse: string;
  try {
    [response, defaultResponse] = await Promise.all([
      replyFrom(provider, request, signal),
      replyFrom(provider, defaultRequest, signal),
    ]);
  } catch (error) {
    return { success: false, provider: label, error: describeError(error) };
  }
  const transcript: TranscriptMessage[] = [
    { sender: "assistant", content: request.messages[0]?.content ?? "", pillar: "morale" },
    { sender: "user", content: message, pillar: "morale" },
  ];
  const { scores } = judgeCheckIn(transcript, { memberName: "" });
  return {
    success: true,
    response,
    provider: label,
    frameworkUsed: configuration.prompts.psychological_profiles_framework.trim().length > 0,
    sentimentScores: { confidence: scores.confidence, stress: scores.stress, morale: scores.morale },
    defaultResponse,
    changes: configChanges(context.config, DEFAULTS),
  };
}

export async function chatWithConfiguration(
  db: Database,
  appConfig: AppConfig,
  configuration: AiAgentConfig,
  turns: readonly Turn[],
  signal: AbortSignal,
): Promise<{ response: string; provider: string }> {
  if (turns.at(-1)?.role !== "user")
    throw new ApiError(400, "bad_request", "The last message must be the salesperson's.");
  const { provider, label } = interviewerFor(appConfig);
  const request = testInterviewRequest({ ...(await testContext(db, configuration)), turns });
  try {
    return { response: await replyFrom(provider, request, signal), provider: label };
  } catch (error) {
    throw new ApiError(502, "ai_provider_error", `${label}: ${describeError(error)}`);
  }
}

/** Each test may call a paid model: an operator gets 20 a minute. */
const testLimit = createMiddleware<ConsoleEnv>(async (c, next) => {
  const result = await hitRateLimit(c.var.db, `admin-ai-test:${c.var.user.id}`, { limit: 20, windowMs: 60_000 });
  if (!result.allowed) {
    c.header("Retry-After", String(result.retryAfterSeconds));
    throw tooManyRequests();
  }
  await next();
});

export const aiTestRoutes = new Hono<ConsoleEnv>()
  .post("/test", testLimit, zv("json", aiConfigTestRequestSchema), async (c) => {
    const { configuration, testMessage } = c.req.valid("json");
    return c.json(await testConfiguration(c.var.db, c.var.config, configuration, testMessage ?? "", c.req.raw.signal));
  })
  .post("/chat", testLimit, zv("json", aiChatRequestSchema), async (c) => {
    const { configuration, messages } = c.req.valid("json");
    return c.json(await chatWithConfiguration(c.var.db, c.var.config, configuration, messages, c.req.raw.signal));
  });
