import { eq } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import * as zc from "zod/v4/core";
import type { Database } from "../db/client";
import { organizationSettings } from "../db/schema";
import type { AiAgentConfig } from "../shared/ai-config";
import { type ConversationStyle, conversationStyleSchema, type GlobalSettings } from "../shared/settings";

/**
 * Global Settings → Conversation defaults (issue 13 §2): the empathy band, follow-up style
 * and closure style every organization's check-ins use unless the organization chose its
 * own (dashboard Settings → Conversation style). They are the one home of these three
 * traits: the AI Agent Config screen no longer shows them, and what it stores for them is
 * replaced here, so no control is silently overruled by another.
 */
const EMPATHY_LEVEL: Record<ConversationStyle["empathyLevel"], number> = { low: 3, medium: 5, high: 8 };

export function withConversationStyle(config: AiAgentConfig, style: ConversationStyle): AiAgentConfig {
  return {
    ...config,
    personality: { ...config.personality, empathy_level: EMPATHY_LEVEL[style.empathyLevel] },
    conversation: {
      ...config.conversation,
      follow_up_frequency: style.followUpStyle,
      closure_style: style.closureStyle,
    },
  };
}

/** The organization's own conversation style, or null when it follows the global defaults. */
export function parseConversationStyle(stored: unknown): ConversationStyle | null {
  if (stored === null || stored === undefined) return null;
  const parsed = zc.safeParse(conversationStyleSchema, stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The organization's stored style, for `db.batch` with other reads (a check-in start), or with a
 * column for `organizationId` as a subquery of the link's read (link.ts).
 */
export function organizationStyleQuery(db: Database, organizationId: string | AnySQLiteColumn) {
  return db
    .select({ style: organizationSettings.conversationStyle })
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
}

/** The organization's own style, else Global Settings' conversation defaults. */
export function styleInForce([row]: readonly { style: unknown }[], global: GlobalSettings): ConversationStyle {
  return parseConversationStyle(row?.style) ?? global.conversationDefaults;
}
