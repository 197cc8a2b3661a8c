import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { sentimentScores } from "../db/schema";
import type { WindowAggregate } from "./compute";

type Discussed = NonNullable<WindowAggregate["discussed"]>;

/**
 * How much evidence stood behind one member's latest two check-ins, per score (issue 14 §5):
 * the person page's cards say "not discussed" for a score with none. Rows stored before the
 * evidence was kept (null) count as discussed, as in the team view.
 */
export async function latestEvidence(
  db: Database,
  organizationId: string,
  memberId: string,
): Promise<[Discussed | undefined, Discussed | undefined]> {
  const rows = await db
    .select({
      morale: sentimentScores.moraleEvidence,
      confidence: sentimentScores.confidenceEvidence,
      stress: sentimentScores.stressEvidence,
      salesStrength: sentimentScores.salesStrengthEvidence,
      blockers: sentimentScores.blockersEvidence,
    })
    .from(sentimentScores)
    .where(and(eq(sentimentScores.organizationId, organizationId), eq(sentimentScores.teamMemberId, memberId)))
    .orderBy(desc(sentimentScores.recordedAt))
    .limit(2);
  const discussed = (row: (typeof rows)[number] | undefined): Discussed | undefined =>
    row
      ? {
          morale: row.morale ?? 1,
          confidence: row.confidence ?? 1,
          stress: row.stress ?? 1,
          salesStrength: row.salesStrength ?? 1,
          blockers: row.blockers ?? 1,
        }
      : undefined;
  return [discussed(rows[0]), discussed(rows[1])];
}
