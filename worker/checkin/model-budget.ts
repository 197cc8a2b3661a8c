import type { Database } from "../db/client";
import { reserveDailyCap } from "../lib/daily-caps";
import { log } from "../lib/log";

/**
 * What one check-in may spend on the model (README → Decisions, "Daily caps"): at most
 * MAX_MODEL_REPLIES interview replies and one judgement per chat, each also counted against
 * the organization's daily model calls where it is made, here. Counted in blocks of
 * RESERVE_BLOCK taken from D1 at once (the first block with the check-in's start, in its reads'
 * round trips), so a message waits on D1 once in ten replies at most;
 * what is left of a block when the chat ends counts too (at most RESERVE_BLOCK per chat, a chat
 * opened and never answered included).
 * Refused: the caller uses the embedded interviewer (or reader) instead.
 *
 * Its own table in the object's SQLite (`model_budget`, created in storage.ts).
 */
export const MAX_MODEL_REPLIES = 200;
export const RESERVE_BLOCK = 10;

type Row = { replies: number; judged: number; reserved: number };

export class ModelBudget {
  /** What `take` counted and `save` has not written yet. */
  private pending: Row | null = null;
  /**
   * The row as stored: read once per event (like the session row, store.ts) and kept in step by
   * `save`, so a turn reads no row (every statement is also a span in the runtime's trace).
   */
  private stored: Row | undefined;

  constructor(
    private readonly sql: SqlStorage,
    /** The check-in's shard (its handle knows the platform database, where the cap's counter is). */
    private readonly db: () => Database,
  ) {}

  private row(): Row {
    this.stored ??= this.sql.exec<Row>("select replies, judged, reserved from model_budget where id = 1").one();
    return this.pending ?? this.stored;
  }

  /** A new event: the row is read again on first use (storage may have been changed from outside). */
  refresh() {
    this.stored = undefined;
  }

  /** Model calls made so far in this chat (the tests read it). */
  spent(): Row {
    return this.row();
  }

  /**
   * Whether one more model call of this kind may be made now; counts it when it may. The count
   * is written by `save`, which the turn calls with the reply it paid for: one storage commit
   * per turn instead of two (an eviction in between forgets one call, never more).
   */
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
    this.pending = {
      replies: row.replies + (kind === "reply" ? 1 : 0),
      judged: kind === "judge" ? 1 : row.judged,
      reserved: reserved - 1,
    };
    return true;
  }

  /**
   * The block the check-in's start reserved with its reads (organization-config.ts#startingReads),
   * written in the start's own commit: the first reply takes from it without asking D1.
   */
  startWith(reserved: number) {
    this.sql.exec("update model_budget set reserved = ? where id = 1", reserved);
    this.stored = undefined;
  }

  /** Writes what `take` counted (in the caller's commit). */
  save() {
    if (!this.pending) return;
    const { replies, judged, reserved } = this.pending;
    this.sql.exec(
      "update model_budget set replies = ?, judged = ?, reserved = ? where id = 1",
      replies,
      judged,
      reserved,
    );
    this.stored = this.pending;
    this.pending = null;
  }

  /** The object's storage was deleted: nothing is owed to it. */
  reset() {
    this.pending = null;
    this.stored = undefined;
  }
}
