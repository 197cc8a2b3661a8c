import { z } from "zod";
import { MAX_USER_CHARS, MAX_USER_MESSAGES } from "../../worker/checkin/limits";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { ModelFile } from "../../worker/scoring/model/bands";
import { featuresOf } from "../../worker/scoring/model/features";
import { lexiconJudgement, readAnswers } from "../../worker/scoring/reader";
import { selfRatingsOf } from "../../worker/scoring/self-ratings";
import { MAX_MESSAGE_CHARS } from "../../worker/shared/checkin-protocol";
import { PILLARS } from "../../worker/shared/pillars";
import { RATING_KINDS } from "../../worker/shared/self-rating";

/**
 * The judge command's core (`npm run judge`, `npm run eval`): one transcript in, the
 * scores, alerts and blockers the Durable Object would store at completion with the
 * embedded provider: scoring's own entry point (worker/scoring/judge-check-in.ts), never a copy.
 */
/** What the chat lets an assistant message be: a reply is capped at 300 tokens by the provider, the rest are ours. */
export const MAX_ASSISTANT_CHARS = 4_000;
/** One reply per answer, plus the greeting and the closing statement. */
export const MAX_MESSAGES = 2 * MAX_USER_MESSAGES + 2;

/**
 * The transcript, bounded as the app bounds a chat (worker/checkin/limits.ts,
 * worker/shared/checkin-protocol.ts): a salesperson's message is at most 2,000 characters,
 * 200 of them and 100,000 characters in all; nothing a chat could not hold is judged.
 */
export const transcriptSchema = z
  .object({
    fullName: z.string().min(1).max(200),
    messages: z
      .array(
        z.object({
          sender: z.enum(["assistant", "user"]),
          content: z.string().max(MAX_ASSISTANT_CHARS),
          pillar: z.enum(PILLARS).nullable(),
          /** Optional: this assistant message asked a one-tap rating (worker/shared/self-rating.ts). */
          rating: z.enum(RATING_KINDS).optional(),
        }),
      )
      .max(MAX_MESSAGES),
  })
  .superRefine((transcript, context) => {
    let count = 0;
    let chars = 0;
    for (const [index, message] of transcript.messages.entries()) {
      if (message.sender !== "user") continue;
      count += 1;
      chars += message.content.length;
      if (message.content.length > MAX_MESSAGE_CHARS) {
        context.addIssue({
          code: "custom",
          path: ["messages", index, "content"],
          message: `a salesperson's message is at most ${MAX_MESSAGE_CHARS} characters`,
        });
      }
    }
    if (count > MAX_USER_MESSAGES) {
      context.addIssue({
        code: "custom",
        path: ["messages"],
        message: `at most ${MAX_USER_MESSAGES} salesperson messages`,
      });
    }
    if (chars > MAX_USER_CHARS) {
      context.addIssue({
        code: "custom",
        path: ["messages"],
        message: `at most ${MAX_USER_CHARS} characters from the salesperson in all`,
      });
    }
  });

export type Transcript = z.infer<typeof transcriptSchema>;

/** Judges one transcript; `model` = other weights than the shipped ones (the leave-one-writer-out). */
export function judgeTranscript(transcript: Transcript, model?: ModelFile) {
  const completion = judgeCheckIn(transcript.messages, {
    memberName: transcript.fullName,
    llm: null,
    ...(model ? { model } : {}),
  });
  const { conversation_quality_score, ...scores } = completion.scores;
  return {
    scores,
    confidence: completion.confidence,
    ratings: completion.ratings,
    alerts: completion.alerts.map((a) => ({ category: a.category, priority: a.priority, message: a.message })),
    blockers: completion.blockers.map((b) => ({ theme: b.theme, description: b.description })),
    conversation_quality_score,
    judgedBy: completion.judgedBy,
  };
}

/** A parse failure as one readable line per problem: "messages.2.sender: Invalid option…". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("\n");
}

/** What the trained reader sees of a transcript (`npm run train`, the leave-one-writer-out). */
export function featuresOfTranscript(transcript: Transcript) {
  const answers = readAnswers(transcript.messages);
  const rules = lexiconJudgement(transcript.messages, answers);
  return { ...featuresOf(answers, rules.raw), ratings: selfRatingsOf(transcript.messages) };
}
