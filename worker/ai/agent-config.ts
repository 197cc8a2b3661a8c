import { and, desc, eq } from "drizzle-orm";
import * as zc from "zod/v4/core";
import type { Database } from "../db/client";
import { aiAgentConfigurations } from "../db/schema";
import { type AiAgentConfig, aiAgentConfigSchema, DEFAULT_AI_AGENT_CONFIG } from "../shared/ai-config";

/**
 * The configuration row in force (spec 2 §7): the latest active global row by updated_at,
 * else the latest active one of any kind; undefined when none is saved.
 */
export async function activeAgentConfigRow(db: Database) {
  const latestActive = (globalOnly: boolean) =>
    db
      .select()
      .from(aiAgentConfigurations)
      .where(
        globalOnly
          ? and(eq(aiAgentConfigurations.isActive, true), eq(aiAgentConfigurations.isGlobal, true))
          : eq(aiAgentConfigurations.isActive, true),
      )
      .orderBy(desc(aiAgentConfigurations.updatedAt))
      .limit(1);
  return (await latestActive(true))[0] ?? (await latestActive(false))[0];
}

/** The AI agent configuration a check-in runs with: the row in force, else the defaults. */
export async function loadAgentConfig(db: Database): Promise<AiAgentConfig> {
  const row = await activeAgentConfigRow(db);
  return row ? mergeWithDefaults(row.configuration) : DEFAULT_AI_AGENT_CONFIG;
}

/**
 * A stored row that no longer validates (an older shape) is read over the defaults, so a
 * missing field never breaks a check-in or the console's screen.
 */
export function mergeWithDefaults(stored: unknown): AiAgentConfig {
  const value = (stored && typeof stored === "object" ? stored : {}) as Partial<Record<keyof AiAgentConfig, object>>;
  const merged = {
    personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, ...value.personality },
    conversation: { ...DEFAULT_AI_AGENT_CONFIG.conversation, ...value.conversation },
    prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, ...value.prompts },
  };
  const parsed = zc.safeParse(aiAgentConfigSchema, merged);
  return parsed.success ? parsed.data : DEFAULT_AI_AGENT_CONFIG;
}

/** The greeting with the salesperson's first name in place of {name}. */
export function greetingFor(config: AiAgentConfig, firstName: string): string {
  const text = config.prompts.opening_greeting.trim() || DEFAULT_AI_AGENT_CONFIG.prompts.opening_greeting;
  return text.replaceAll("{name}", firstName).replace(/(?<!\s)\s+,/g, ",");
}

export function closingFor(config: AiAgentConfig, firstName: string): string {
  const text = config.prompts.closing_statement.trim() || DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement;
  return text.replaceAll("{name}", firstName);
}
