import { loadAgentConfig } from "../ai/agent-config";
import type { Database } from "../db/client";
import { conversationStyleFor, withConversationStyle } from "../settings/conversation-style";
import type { AiAgentConfig } from "../shared/ai-config";

/**
 * The AI agent configuration one organization's check-in runs with: its own or the global one, with
 * the conversation style the organization chose, else Global Settings' conversation
 * defaults (worker/settings/conversation-style.ts).
 */
export async function agentConfigFor(db: Database, organizationId: string): Promise<AiAgentConfig> {
  const [config, style] = await Promise.all([
    loadAgentConfig(db, organizationId),
    conversationStyleFor(db, organizationId),
  ]);
  return withConversationStyle(config, style);
}
