import { agentConfigQuery, configOfRow } from "../ai/agent-config";
import { bankOrSeeded, questionBankQuery } from "../ai/question-bank";
import { type Database, platformOf } from "../db/client";
import { globalSettingsOf, globalSettingsQuery } from "../db/global-settings";
import { organizationStyleQuery, styleInForce, withConversationStyle } from "../settings/conversation-style";
import type { SessionFacts } from "./store";

/**
 * What one organization's check-in runs with, read in one D1 batch when it starts: the AI agent
 * configuration (its own or the global one) with the conversation style the organization chose,
 * else Global Settings' conversation defaults (worker/settings/conversation-style.ts); the
 * question bank; the pillar weights. One round trip of four statements instead of three waves
 * of seven queries: the start was the largest cause of late deltas (README → Performance).
 * Each is a single-table select: in a batch D1 answers rows keyed by column name, so a join's
 * duplicate names (two `id`s) would collide.
 */
export async function sessionFactsFor(db: Database, organizationId: string): Promise<SessionFacts> {
  // The style is the organization's (its shard); the rest is the platform's, read in parallel.
  const platform = platformOf(db);
  const [[[row], settingsRows, bankRows], styleRows] = await Promise.all([
    platform.batch([
      agentConfigQuery(platform, organizationId),
      globalSettingsQuery(platform),
      questionBankQuery(platform),
    ]),
    organizationStyleQuery(db, organizationId),
  ]);
  const settings = globalSettingsOf(settingsRows);
  return {
    config: withConversationStyle(configOfRow(row), styleInForce(styleRows, settings)),
    bank: await bankOrSeeded(platform, bankRows),
    pillarWeights: settings.pillarWeights,
  };
}
