import { and, desc, eq } from "drizzle-orm";
import * as zc from "zod/v4/core";
import type { Database } from "../db/client";
import { aiAgentConfigurations } from "../db/schema";
import { type AiAgentConfig, aiAgentConfigSchema, DEFAULT_AI_AGENT_CONFIG } from "../shared/ai-config";

/**
 * The AI agent configuration in force (spec 2 §7): the latest active global row by
 * updated_at, else the latest active one of any kind, else the defaults. A stored row that
 * no longer validates (an older shape) is read over the defaults so a missing field never
 * breaks a check-in.
 */
export async function loadAgentConfig(db: Database): Promise<AiAgentConfig> {
  const global = await db
    .select({ configuration: aiAgentConfigurations.configuration })
    .from(aiAgentConfigurations)
    .where(and(eq(aiAgentConfigurations.isActive, true), eq(aiAgentConfigurations.isGlobal, true)))
    .orderBy(desc(aiAgentConfigurations.updatedAt))
    .limit(1);
  const row =
    global[0] ??
    (
      await db
        .select({ configuration: aiAgentConfigurations.configuration })
        .from(aiAgentConfigurations)
        .where(eq(aiAgentConfigurations.isActive, true))
        .orderBy(desc(aiAgentConfigurations.updatedAt))
        .limit(1)
    )[0];
  if (!row) return DEFAULT_AI_AGENT_CONFIG;
  return mergeWithDefaults(row.configuration);
}

export function mergeWithDefaults(stored: unknown): AiAgentConfig {
  const value = (stored && typeof stored === "object" ? stored : {}) as Partial<Record<keyof AiAgentConfig, object>>;
  const merged = {
    personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, ...value.personality },
    conversation: { ...DEFAULT_AI_AGENT_CONFIG.conversation, ...value.conversation },
    sentiment_analysis: { ...DEFAULT_AI_AGENT_CONFIG.sentiment_analysis, ...value.sentiment_analysis },
    prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, ...value.prompts },
  };
  const parsed = zc.safeParse(aiAgentConfigSchema, merged);
  return parsed.success ? parsed.data : DEFAULT_AI_AGENT_CONFIG;
}

/** The greeting with the salesperson's first name in place of {name}. */
export function greetingFor(config: AiAgentConfig, firstName: string): string {
  const text = config.prompts.opening_greeting.trim() || DEFAULT_AI_AGENT_CONFIG.prompts.opening_greeting;
  return text.replaceAll("{name}", firstName).replace(/\s+,/g, ",");
}

export function closingFor(config: AiAgentConfig, firstName: string): string {
  const text = config.prompts.closing_statement.trim() || DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement;
  return text.replaceAll("{name}", firstName);
}
