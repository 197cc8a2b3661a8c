import { z } from "zod";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { ModelFile } from "../../worker/scoring/model/bands";
import { featuresOf } from "../../worker/scoring/model/features";
import { lexiconJudgement, readAnswers } from "../../worker/scoring/reader";
import { selfRatingsOf } from "../../worker/scoring/self-ratings";
import { PILLARS } from "../../worker/shared/pillars";
import { RATING_KINDS } from "../../worker/shared/self-rating";

/**
 * The judge command's core (`npm run judge`, `npm run eval`): one transcript in, the
 * scores, alerts and blockers the Durable Object would store at completion with the
 * embedded provider: scoring's own entry point (worker/scoring/judge-check-in.ts), never a copy.
 */
export const transcriptSchema = z.object({
  fullName: z.string().min(1).max(200),
  messages: z
    .array(
      z.object({
        sender: z.enum(["assistant", "user"]),
        content: z.string().max(10_000),
        pillar: z.enum(PILLARS).nullable(),
        /** Optional: this assistant message asked a one-tap rating (worker/shared/self-rating.ts). */
        rating: z.enum(RATING_KINDS).optional(),
      }),
    )
    .max(200),
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
