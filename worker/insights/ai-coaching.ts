import { z } from "zod";
import type { InterviewProvider } from "../ai/provider";
import { log } from "../lib/log";
import type { CoachingAction, InsightsResponse } from "../shared/insights";
import { PILLAR_LABELS } from "../shared/pillars";

/**
 * Coaching actions enriched by the LLM, when one is configured: the provider the check-in
 * uses (`providerFor`, the same endpoint and model), asked for one structured answer. The
 * model sees what the dashboard shows — pillar scores, blocker themes, alert categories and
 * the rule-based actions — and never a transcript. It may rephrase and deepen each action
 * (same id, priority and people); any failure, timeout or malformed answer leaves the
 * rule-based actions as they are.
 */
export const COACHING_TIMEOUT_MS = 12_000;
export const COACHING_SCHEMA_NAME = "coaching_actions";

const replySchema = z.object({
  actions: z
    .array(
      z.object({
        id: z.string(),
        title: z.string().trim().min(3).max(160),
        detail: z.string().trim().min(10).max(700),
      }),
    )
    .max(20),
});

const JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["actions"],
  properties: {
    actions: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["id", "title", "detail"],
        properties: { id: { type: "string" }, title: { type: "string" }, detail: { type: "string" } },
      },
    },
  },
} as const;

const INSTRUCTIONS = `You are an experienced sales leader coaching a sales manager.
You get a team's sentiment summary (scores 0-100; stress: lower is better) and a list of coaching actions derived by rules.
Rewrite each action so it is specific, practical and doable this week: keep its id, keep the people and figures it names, add one concrete how-to (what to say or do) where it helps.
Titles: an imperative sentence under 12 words. Details: 2-3 sentences. Never invent people, numbers or events.
Answer with JSON only: {"actions":[{"id","title","detail"}]} with exactly the ids you were given.`;

/** What the model is told: the dashboard's aggregates, nothing a salesperson wrote. */
export function coachingPrompt(insights: InsightsResponse): string {
  const pillars = insights.pillars
    .map(
      (card) =>
        `${PILLAR_LABELS[card.pillar]}: ${card.value ?? "n/a"} (change ${card.change ?? "n/a"}${card.changeUnit === "percent" ? "%" : ""})`,
    )
    .join("; ");
  const blockers = insights.blockers
    .map((theme) => `${theme.theme} ×${theme.count} (${theme.people} people)`)
    .join("; ");
  const alerts = insights.alerts.items.map((alert) => alert.category).join(", ");
  return JSON.stringify({
    team: { activeMembers: insights.team.activeMembers, participationRate: insights.participation.rate },
    pillars,
    blockers: blockers || "none",
    openAlerts: alerts || "none",
    actions: insights.coaching.map(({ id, priority, title, detail }) => ({ id, priority, title, detail })),
  });
}

/** Merges the model's wording into the rule-based actions; anything unknown or missing is ignored. */
export function mergeEnrichment(actions: readonly CoachingAction[], reply: unknown): CoachingAction[] | null {
  const parsed = replySchema.safeParse(reply);
  if (!parsed.success) return null;
  const byId = new Map(parsed.data.actions.map((item) => [item.id, item]));
  if (!actions.some((action) => byId.has(action.id))) return null;
  return actions.map((action) => {
    const better = byId.get(action.id);
    return better ? { ...action, title: better.title, detail: better.detail, source: "ai" } : action;
  });
}

/** One LLM call: the model's reply (parsed JSON, checked), or null without a model or on any failure. */
export async function fetchCoachingReply(
  provider: InterviewProvider,
  insights: InsightsResponse,
  signal?: AbortSignal,
): Promise<unknown> {
  if (insights.coaching.length === 0) return null;
  try {
    const reply = await provider.structured(
      {
        name: COACHING_SCHEMA_NAME,
        schema: JSON_SCHEMA,
        system: INSTRUCTIONS,
        user: coachingPrompt(insights),
        temperature: 0.4,
        maxTokens: 1200,
        timeoutMs: COACHING_TIMEOUT_MS,
      },
      signal,
    );
    return replySchema.safeParse(reply).success ? reply : null;
  } catch (error) {
    log("warn", "ai_coaching_failed", { error });
    return null;
  }
}
