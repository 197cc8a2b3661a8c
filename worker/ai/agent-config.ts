import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import * as zc from "zod/v4/core";
import { type Database, platformOf } from "../db/client";
import { aiAgentConfigurations } from "../db/schema";
import { type AiAgentConfig, aiAgentConfigSchema, DEFAULT_AI_AGENT_CONFIG } from "../shared/ai-config";

/**
 * The configuration row in force (spec 2 §7): the organization's own latest active row when
 * one is asked for, else the latest active global row by updated_at, else the latest active row
 * that belongs to no organization; undefined when none is saved. The last fallback never reads
 * another organization's row (the spec's "any active one" would leak one tenant's prompts
 * into another's check-ins).
 */
export async function activeAgentConfigRow(anyDb: Database, organizationId?: string) {
  const db = platformOf(anyDb);
  return (await agentConfigQuery(db, organizationId))[0];
}

/**
 * The row in force as one statement (a check-in start batches it with its other reads): the
 * candidates ranked own, then global, then unowned, each by its latest update.
 */
export function agentConfigQuery(db: Database, organizationId?: string) {
  const table = aiAgentConfigurations;
  const scope = organizationId
    ? or(eq(table.organizationId, organizationId), isNull(table.organizationId))
    : isNull(table.organizationId);
  return db
    .select()
    .from(table)
    .where(and(eq(table.isActive, true), scope))
    .orderBy(
      sql`case when ${table.organizationId} is not null then 0 when ${table.isGlobal} = 1 then 1 else 2 end`,
      desc(table.updatedAt),
    )
    .limit(1);
}

/** The AI agent configuration a check-in runs with: the row in force, else the defaults. */
export async function loadAgentConfig(anyDb: Database, organizationId?: string): Promise<AiAgentConfig> {
  const db = platformOf(anyDb);
  return configOfRow(await activeAgentConfigRow(db, organizationId));
}

/** The configuration a row in force holds (over the defaults), or the defaults without one. */
export function configOfRow(row: { configuration: unknown } | undefined): AiAgentConfig {
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
