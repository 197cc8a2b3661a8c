import { z } from "zod";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
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

export function judgeTranscript(transcript: Transcript) {
  const completion = judgeCheckIn(transcript.messages, { memberName: transcript.fullName, llm: null });
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
