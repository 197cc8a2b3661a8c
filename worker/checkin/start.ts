import { greetingFor } from "../ai/agent-config";
import type { Database } from "../db/client";
import type { Schedule } from "./alarms";
import type { SessionInit } from "./init";
import type { ModelBudget } from "./model-budget";
import { startingReads } from "./organization-config";
import { withQuestionCounted } from "./progress";
import { emptyPillarProgress } from "./rules";
import type { SessionStore } from "./store";

/**
 * The check-in starts (first connection): its facts from the Worker, what the organization's
 * check-ins run with from D1 (`startingReads`: one batch per database; validated once, in the
 * store) with the first block of model calls when a model will answer, the greeting stored as
 * the first question, and the expiry scheduled.
 */
export async function startSession(
  /** The check-in's shard (its handle reads the platform's configuration through `platformOf`). */
  db: Database,
  store: SessionStore,
  schedule: Schedule,
  budget: ModelBudget,
  init: SessionInit,
  /** The model calls to reserve now (a block; 0 when the embedded interviewer answers). */
  modelCalls: number,
  now: number,
) {
  const { facts, reservedModelCalls } = await startingReads(db, init.organizationId, modelCalls, now, init.shardReads);
  const { config } = facts;
  // The greeting asks how the week has been: a morale question, whatever words it uses.
  const greeting = { content: greetingFor(config, init.firstName), theme: "mood", pillar: "morale" as const };
  store.create(
    {
      check_in_id: init.checkInId,
      organization_id: init.organizationId,
      team_member_id: init.teamMemberId,
      first_name: init.firstName,
      full_name: init.fullName,
      target_ms: init.durationMinutes * 60_000,
      expires_at: init.expiresAt,
      questions_asked: 1,
      pillar_progress: withQuestionCounted(emptyPillarProgress(), greeting.pillar),
    },
    facts,
  );
  budget.startWith(reservedModelCalls);
  store.insertAssistant(crypto.randomUUID(), greeting.content, greeting.pillar, now);
  store.rememberQuestion({ content: greeting.content, theme: greeting.theme });
  schedule.set("expire", init.expiresAt);
  schedule.arm();
}
