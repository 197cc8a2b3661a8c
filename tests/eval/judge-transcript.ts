import { z } from "zod";
import { lexiconJudgement } from "../../worker/ai/scorer";
import { riskAlertsFor } from "../../worker/checkin/risk";
import { finalizeScores } from "../../worker/checkin/scoring";
import { PILLARS } from "../../worker/shared/pillars";

/**
 * The judge command's core (`npm run judge`, `npm run eval`): one transcript in, the
 * scores, alerts and blockers the Durable Object would store at completion with the
 * embedded provider. It imports the object's own completion functions, never a copy.
 */
export const transcriptSchema = z.object({
  fullName: z.string().min(1).max(200),
  messages: z
    .array(
      z.object({
        sender: z.enum(["assistant", "user"]),
        content: z.string().max(10_000),
        pillar: z.enum(PILLARS).nullable(),
      }),
    )
    .max(200),
});

export type Transcript = z.infer<typeof transcriptSchema>;

export function judgeTranscript(transcript: Transcript) {
  const judgement = lexiconJudgement(transcript.messages);
  const userMessages = transcript.messages.filter((m) => m.sender === "user").map((m) => m.content);
  const { conversation_quality_score, ...scores } = finalizeScores(judgement.raw, userMessages);
  const alerts = riskAlertsFor(
    scores,
    transcript.fullName,
    judgement.blockers.map((b) => b.theme),
  );
  return {
    scores,
    alerts: alerts.map((a) => ({ category: a.category, priority: a.priority, message: a.message })),
    blockers: judgement.blockers.map((b) => ({ theme: b.theme, description: b.description })),
    conversation_quality_score,
    judgedBy: judgement.judgedBy,
  };
}

/** A parse failure as one readable line per problem: "messages.2.sender: Invalid option…". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("\n");
}
