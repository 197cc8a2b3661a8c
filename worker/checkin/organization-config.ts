import { agentConfigQuery, configOfRow } from "../ai/agent-config";
import { bankOrSeeded, questionBankQuery } from "../ai/question-bank";
import { type Database, platformOf } from "../db/client";
import { globalSettingsOf, globalSettingsQuery } from "../db/global-settings";
import { reservationQueries } from "../lib/daily-caps";
import { organizationStyleQuery, styleInForce, withConversationStyle } from "../settings/conversation-style";
import type { ShardReads } from "./init";
import type { SessionFacts } from "./store";

/**
 * What one organization's check-in runs with, read when it starts in one D1 batch per database
 * (the platform's and the organization's shard, side by side): the AI agent configuration (its
 * own or the global one) with the conversation style the organization chose, else Global
 * Settings' conversation defaults (worker/settings/conversation-style.ts); the question bank;
 * the pillar weights. One round trip each instead of three waves of seven queries: the start
 * was the largest cause of late deltas (README → Performance).
 * Each is a single-table select: in a batch D1 answers rows keyed by column name, so a join's
 * duplicate names (two `id`s) would collide.
 */
export async function sessionFactsFor(db: Database, organizationId: string): Promise<SessionFacts> {
  return (await startingReads(db, organizationId, 0)).facts;
}

/**
 * What a check-in starts with (`sessionFactsFor`'s facts) and, when it will call a model
 * (`modelCalls` > 0), the first block of the organization's model calls of the day, reserved in
 * the same round trips (the counter beside the platform's reads, the team's size beside the
 * style): the first reply then waits on no D1. The style and the team's size come with the
 * link (`shardReads`, read by the route that started the chat) when it brought them; else from
 * the shard, beside the platform's batch.
 */
export async function startingReads(
  db: Database,
  organizationId: string,
  modelCalls: number,
  now = Date.now(),
  shardReads?: ShardReads,
): Promise<{ facts: SessionFacts; reservedModelCalls: number }> {
  // The style and the team are the organization's (its shard); the rest is the platform's, read in parallel.
  const platform = platformOf(db);
  const reads = [
    agentConfigQuery(platform, organizationId),
    globalSettingsQuery(platform),
    questionBankQuery(platform),
  ] as const;
  const reservation = modelCalls > 0 ? reservationQueries(db, organizationId, "llm", modelCalls, now) : null;
  const [[[row], settingsRows, bankRows, counted], [styleRows, members]] = await Promise.all([
    reservation ? platform.batch([...reads, reservation.counter]) : platform.batch(reads),
    shardReads
      ? ([[{ style: shardReads.style }], [{ n: shardReads.activeMembers }]] as const)
      : shardBatch(db, organizationId, reservation?.members),
  ]);
  const settings = globalSettingsOf(settingsRows);
  return {
    facts: {
      config: withConversationStyle(configOfRow(row), styleInForce(styleRows, settings)),
      bank: await bankOrSeeded(platform, bankRows),
      pillarWeights: settings.pillarWeights,
    },
    reservedModelCalls: reservation && counted && members ? await reservation.settle(members, counted) : 0,
  };
}

/** The start's reads of the organization's shard when the link did not bring them: the style, and the team's size when reserving. */
function shardBatch(
  db: Database,
  organizationId: string,
  members: ReturnType<typeof reservationQueries>["members"] | undefined,
) {
  const style = organizationStyleQuery(db, organizationId);
  return members ? db.batch([style, members]) : db.batch([style]);
}
