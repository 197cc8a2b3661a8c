import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { activeAgentConfigRow, mergeWithDefaults } from "../ai/agent-config";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { aiAgentConfigurations } from "../db/schema";
import { zv } from "../lib/validate";
import { type AiAgentConfig, DEFAULT_AI_AGENT_CONFIG } from "../shared/ai-config";
import { type AiConfigRecord, aiConfigSaveSchema } from "../shared/console/ai-agent";

export const GLOBAL_CONFIG_NAME = "Global AI agent configuration";

/**
 * Spec 2 §7: the latest active global configuration by updated_at, else any active one.
 * Without a saved row the screen shows the defaults with id null (the warning banner).
 */
export async function loadGlobalAiConfig(db: Database): Promise<AiConfigRecord> {
  const row = await activeAgentConfigRow(db);
  if (!row) return { id: null, name: GLOBAL_CONFIG_NAME, updatedAt: null, configuration: DEFAULT_AI_AGENT_CONFIG };
  return {
    id: row.id,
    name: row.name,
    updatedAt: row.updatedAt.getTime(),
    configuration: mergeWithDefaults(row.configuration),
  };
}

/** One global record (spec 2 §3): the active global row is updated in place, or created. */
export async function saveGlobalAiConfig(
  db: Database,
  configuration: AiAgentConfig,
  updatedBy: string,
): Promise<AiConfigRecord> {
  const now = new Date();
  const [current] = await db
    .select({ id: aiAgentConfigurations.id })
    .from(aiAgentConfigurations)
    .where(and(eq(aiAgentConfigurations.isActive, true), eq(aiAgentConfigurations.isGlobal, true)))
    .orderBy(desc(aiAgentConfigurations.updatedAt))
    .limit(1);
  const id = current?.id ?? crypto.randomUUID();
  if (current) {
    await db
      .update(aiAgentConfigurations)
      .set({ configuration, updatedBy, updatedAt: now })
      .where(eq(aiAgentConfigurations.id, id));
  } else {
    await db.insert(aiAgentConfigurations).values({
      id,
      name: GLOBAL_CONFIG_NAME,
      isActive: true,
      isGlobal: true,
      organizationId: null,
      configuration,
      updatedBy,
      createdAt: now,
      updatedAt: now,
    });
  }
  return { id, name: GLOBAL_CONFIG_NAME, updatedAt: now.getTime(), configuration };
}

export const aiConfigRoutes = new Hono<ConsoleEnv>()
  .get("/", async (c) => c.json(await loadGlobalAiConfig(c.var.db)))
  .put("/", zv("json", aiConfigSaveSchema), async (c) => {
    const saved = await saveGlobalAiConfig(c.var.db, c.req.valid("json").configuration, c.var.user.id);
    c.set("audit", {
      action: "ai_config.update",
      targetType: "ai_agent_configuration",
      targetId: saved.id,
      details: {
        frameworkLength: saved.configuration.prompts.psychological_profiles_framework.length,
        personality: saved.configuration.personality,
        conversation: saved.configuration.conversation,
      },
    });
    return c.json(saved);
  });
