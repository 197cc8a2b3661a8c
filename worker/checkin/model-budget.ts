import type { Database } from "../db/client";
import { reserveDailyCap } from "../lib/daily-caps";
import { log } from "../lib/log";

/**
 * What one check-in may spend on the model (README → Decisions, "Daily caps"): at most
 * MAX_MODEL_REPLIES interview replies and one judgement per chat, each also counted against
 * the organization's daily model calls where it is made, here. Counted in blocks of
 * RESERVE_BLOCK taken from D1 at once, so a message waits on D1 once in ten replies at most;
 * what is left of a block when the chat ends counts too (at most RESERVE_BLOCK − 1 per chat).
 * Refused: the caller uses the embedded interviewer (or reader) instead.
 *
 * Its own table in the object's SQLite (`model_budget`, created in storage.ts).
 */
export const MAX_MODEL_REPLIES = 200;
export const RESERVE_BLOCK = 10;

type Row = { replies: number; judged: number; reserved: number };

export class ModelBudget {
  constructor(
    private readonly sql: SqlStorage,
    /** The check-in's shard (its handle knows the platform database, where the cap's counter is). */
    private readonly db: () => Database,
  ) {}

  private row(): Row {
    return this.sql.exec<Row>("select replies, judged, reserved from model_budget where id = 1").one();
  }

  /** Model calls made so far in this chat (the tests read it). */
  spent(): Row {
    return this.row();
  }

  /** Whether one more model call of this kind may be made now; counts it when it may. */
  async take(kind: "reply" | "judge", organizationId: string, now = Date.now()): Promise<boolean> {
    const row = this.row();
    if (kind === "reply" && row.replies >= MAX_MODEL_REPLIES) return false;
    if (kind === "judge" && row.judged > 0) return false;
    let reserved = row.reserved;
    if (reserved === 0) {
      try {
        reserved = await reserveDailyCap(this.db(), organizationId, "llm", RESERVE_BLOCK, now);
      } catch (error) {
        // D1 unreachable: this call goes uncounted rather than the chat losing its interviewer
        // for good over a blip (the per-chat count above still holds).
        log("warn", "checkin_model_budget_failed", { error });
        reserved = 1;
      }
      if (reserved === 0) return false;
    }
    this.sql.exec(
      `update model_budget set reserved = ?, ${kind === "reply" ? "replies = replies + 1" : "judged = 1"} where id = 1`,
      reserved - 1,
    );
    return true;
  }
}
