import OpenAI from "openai";
import type { TranscriptMessage } from "../scoring/judgement";
import { JUDGE_INSTRUCTIONS, judgementFromLlm, LLM_JUDGEMENT_JSON_SCHEMA } from "../scoring/llm-judge";
import { SELF_RATINGS } from "../shared/self-rating";
import { chatDeltas } from "./chat-stream";
import { ALTERNATIVE_QUESTIONS, classifyReply } from "./embedded";
import { type AskedQuestion, isRepetitive, pickAlternative } from "./interview-rules";
import {
  EmptyReplyError,
  type InterviewProvider,
  type InterviewRequest,
  type PlannedReply,
  type StructuredRequest,
} from "./provider";
import { RATING_TURN_INSTRUCTION, ratingDue } from "./rating-turn";
import { buildSystemPrompt } from "./system-prompt";

/**
 * The OpenAI-compatible provider (DESIGN "AI" 1): OpenAI itself, Workers AI's
 * OpenAI-compatible endpoint or any local server, through the openai package. Replies
 * stream; every call has a timeout, and the SDK's own retries are off because the check-in
 * falls back to the embedded interviewer at once instead of keeping a salesperson waiting.
 */
export type OpenAiSettings = { apiKey: string; baseURL?: string | undefined; model?: string | undefined };

export const DEFAULT_MODEL = "gpt-4o-mini";
/** No first token within this long: give up and fall back. */
export const FIRST_TOKEN_TIMEOUT_MS = 12_000;
/** A stream that goes quiet this long mid-reply has stalled. */
export const STALL_TIMEOUT_MS = 10_000;
export const JUDGE_TIMEOUT_MS = 15_000;

class ProviderTimeoutError extends Error {
  constructor(what: string) {
    super(`AI provider timed out (${what})`);
    this.name = "ProviderTimeoutError";
  }
}

/**
 * An AbortController that fires when the caller aborts or when an `arm`ed deadline passes.
 * Re-arming only moves the deadline: one timer per call, which re-checks when it fires,
 * instead of a clearTimeout + setTimeout pair for every streamed token (the benchmark's
 * profile showed that churn as a real share of the Worker's CPU under load).
 */
function watchdog(outer: AbortSignal) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer.reason);
  if (outer.aborted) controller.abort(outer.reason);
  else outer.addEventListener("abort", onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firesAt = Number.POSITIVE_INFINITY;
  let deadline = 0;
  let reason = "";
  const schedule = (at: number) => {
    clearTimeout(timer);
    firesAt = at;
    timer = setTimeout(check, Math.max(0, at - Date.now()));
  };
  const check = () => {
    if (deadline > Date.now()) schedule(deadline);
    else controller.abort(new ProviderTimeoutError(reason));
  };
  return {
    signal: controller.signal,
    arm(ms: number, what: string) {
      deadline = Date.now() + ms;
      reason = what;
      // Only a deadline earlier than the pending timer needs a new one; later ones are re-checked.
      if (deadline < firesAt) schedule(deadline);
    },
    dispose() {
      clearTimeout(timer);
      outer.removeEventListener("abort", onAbort);
    },
  };
}

/**
 * The provider's review of its own reply: what the question inside it is about, and a reply
 * that repeats one of the last 5 questions gets an alternative question instead (spec 2 §8).
 */
export function reviewedReply(text: string, lastAsked: readonly AskedQuestion[]): PlannedReply {
  const classified = classifyReply(text);
  const candidate = { content: classified.question, theme: classified.theme };
  if (!isRepetitive(candidate, lastAsked)) {
    return {
      text,
      question: classified.question,
      pillar: classified.pillar,
      theme: classified.theme,
      bankQuestionId: null,
    };
  }
  const alternative = pickAlternative(ALTERNATIVE_QUESTIONS, lastAsked) ?? ALTERNATIVE_QUESTIONS[0];
  const question = alternative?.content ?? classified.question;
  const replaced = text.includes(classified.question)
    ? text.replace(classified.question, question)
    : `${text} ${question}`;
  return { text: replaced, question, pillar: null, theme: alternative?.theme ?? null, bankQuestionId: null };
}

export function createOpenAiProvider(settings: OpenAiSettings): InterviewProvider {
  // The package's client is built only when a structured call needs it: the judgement, coaching
  // (replies stream through chat-stream.ts).
  let openai: OpenAI | undefined;
  const client = () => {
    openai ??= new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0, timeout: 60_000 });
    return openai;
  };
  const model = settings.model ?? DEFAULT_MODEL;

  /** One structured-output call through the package's client, within the request's own deadline. */
  const structured = async (request: StructuredRequest, signal?: AbortSignal): Promise<unknown> => {
    const guard = watchdog(signal ?? new AbortController().signal);
    guard.arm(request.timeoutMs, request.name);
    try {
      const completion = await client().chat.completions.create(
        {
          model,
          temperature: request.temperature,
          ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
          messages: [
            { role: "system", content: request.system },
            { role: "user", content: request.user },
          ],
          response_format: {
            type: "json_schema",
            json_schema: { name: request.name, strict: true, schema: request.schema },
          },
        },
        { signal: guard.signal },
      );
      const text = completion.choices[0]?.message?.content;
      if (!text) throw new EmptyReplyError();
      return JSON.parse(text);
    } catch (error) {
      if (guard.signal.aborted && guard.signal.reason instanceof Error) throw guard.signal.reason;
      throw error;
    } finally {
      guard.dispose();
    }
  };

  return {
    kind: "openai",
    label: `OpenAI-compatible · ${model}`,

    async reply(request: InterviewRequest, signal: AbortSignal, onDelta: (delta: string) => void) {
      const guard = watchdog(signal);
      guard.arm(FIRST_TOKEN_TIMEOUT_MS, "first token");
      // A rating turn: the model reflects, the validated question follows in its own words.
      const rating = ratingDue(request);
      try {
        const prompt = buildSystemPrompt({
          config: request.config,
          bank: request.bank,
          context: request.context,
          firstName: request.firstName,
          pillarWeights: request.pillarWeights,
        });
        const system = rating ? `${prompt}\n\n${RATING_TURN_INSTRUCTION}` : prompt;
        const stream = chatDeltas({
          apiKey: settings.apiKey,
          baseURL: settings.baseURL,
          body: {
            model,
            temperature: 0.7,
            max_tokens: 300,
            messages: [{ role: "system", content: system }, ...request.messages],
          },
          signal: guard.signal,
        });
        let text = "";
        for await (const delta of stream) {
          guard.arm(STALL_TIMEOUT_MS, "stalled stream");
          text += delta;
          onDelta(delta);
        }
        if (!text.trim()) throw new EmptyReplyError();
        if (rating) {
          const { question, pillar } = SELF_RATINGS[rating];
          const tail = `\n\n${question}`;
          onDelta(tail);
          return {
            text: `${text.trim()}${tail}`,
            question,
            pillar,
            theme: `rating:${rating}`,
            bankQuestionId: null,
            rating,
          };
        }
        return reviewedReply(text.trim(), request.lastAsked);
      } catch (error) {
        if (guard.signal.aborted && guard.signal.reason instanceof Error) throw guard.signal.reason;
        throw error;
      } finally {
        guard.dispose();
      }
    },

    async judge(transcript: readonly TranscriptMessage[], signal: AbortSignal) {
      const answer = await structured(
        {
          name: "check_in_scores",
          schema: LLM_JUDGEMENT_JSON_SCHEMA,
          system: JUDGE_INSTRUCTIONS,
          user: JSON.stringify(transcript.map((m) => ({ role: m.sender, content: m.content }))),
          temperature: 0,
          timeoutMs: JUDGE_TIMEOUT_MS,
        },
        signal,
      );
      const judgement = judgementFromLlm(answer, transcript);
      if (!judgement) throw new Error("AI provider returned scores in an unexpected shape");
      return judgement;
    },

    structured,
  };
}
