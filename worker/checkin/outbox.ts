import { describeError, log } from "../lib/log";
import { SYNC_RETRY_MS } from "../shared/checkin-timer";
import type { Schedule } from "./alarms";
import type { CorrectedJudgement } from "./corrections";
import {
  type CompletionResult,
  checkInExists,
  completionFacts,
  persistCompletion,
  persistExpiry,
  persistStart,
} from "./persist";
import { exploredCount } from "./rules";
import type { SessionStore } from "./store";

/**
 * The queue of the object's D1 writes (the `pending_writes` table): the start, the
 * completion, the expiry. Each runs in order; a failure leaves it queued and schedules a
 * retry in 5 s (spec 2 §9). Every write is idempotent, so a retry or a second alarm run
 * never writes twice.
 */
export type WriteKind = "started" | "completion" | "expired";

export class Outbox {
  /**
   * The check-in row was deleted (its team member removed) or revoked before the completion
   * landed: nothing of the chat is kept, not even its transcript.
   */
  checkInGone = false;

  constructor(
    private readonly sql: SqlStorage,
    /** The D1 database of the check-in's shard, by its id. */
    private readonly d1For: (checkInId: string) => D1Database,
    private readonly store: SessionStore,
    private readonly schedule: Schedule,
    /** The judgement to store: the closing summary's, with the salesperson's corrections (summary.ts). */
    private readonly judgement: () => CorrectedJudgement,
    /** Runs once the completion has landed (the notifications queue); a failure retries both, idempotently. */
    private readonly afterCompletion: (result: CompletionResult) => Promise<void> = async () => undefined,
  ) {}

  enqueue(kind: WriteKind, now: number) {
    this.sql.exec(
      "insert into pending_writes (kind, created_at) values (?, ?) on conflict(kind) do nothing",
      kind,
      now,
    );
  }

  clear() {
    this.sql.exec("delete from pending_writes");
  }

  isEmpty(): boolean {
    return this.sql.exec<{ n: number }>("select count(*) as n from pending_writes").one().n === 0;
  }

  /**
   * Runs the queued writes in order. Returns true when the queue is empty. `landed` runs the
   * moment the completion batch is in D1, before the notifications queue is told (the
   * salesperson's `completed` frame waits for D1, not for the alert notices: issue 26 §6).
   */
  async flush(landed: () => void = () => undefined): Promise<boolean> {
    const pending = this.sql
      .exec<{ kind: WriteKind }>("select kind from pending_writes order by created_at, kind")
      .toArray();
    for (const { kind } of pending) {
      const session = this.store.session();
      if (!session) return true;
      const d1 = this.d1For(session.check_in_id);
      try {
        if (kind === "started" && session.started_at !== null) {
          await persistStart(d1, session.check_in_id, session.started_at);
        } else if (kind === "completion" && session.completed_at !== null) {
          const result = this.completionResult();
          // Revoked while the batch kept failing: no scores, and no transcript to keep either.
          if (!(await persistCompletion(d1, result)).landed) this.checkInGone = true;
          // The chat's counts and its judge, for operators: D1 keeps none of them (persist.ts).
          else {
            landed();
            log("info", "checkin_completed", completionFacts(result));
          }
          await this.afterCompletion(result);
        } else if (kind === "expired") {
          await persistExpiry(d1, session.check_in_id);
        }
        this.sql.exec("delete from pending_writes where kind = ?", kind);
      } catch (error) {
        // The check-in itself was deleted (its team member removed): nothing can ever land.
        if (!(await checkInExists(d1, session.check_in_id).catch(() => true))) {
          this.clear();
          this.checkInGone = true;
          return true;
        }
        this.sql.exec(
          "update pending_writes set attempts = attempts + 1, last_error = ? where kind = ?",
          describeError(error),
          kind,
        );
        log("warn", "checkin_d1_write_failed", { checkInId: session.check_in_id, kind, error });
        this.schedule.set("retry", Date.now() + SYNC_RETRY_MS);
        this.schedule.arm();
        return false;
      }
    }
    return true;
  }

  /**
   * What the completion batch writes. Rebuilt from the object's storage, which stays as it
   * was at completion until the batch lands (no message is accepted once completed), and
   * computed by a pure function, so a retried batch writes the same rows.
   */
  completionResult(): CompletionResult {
    const session = this.store.requireSession();
    return {
      ...this.judgement(),
      checkInId: session.check_in_id,
      organizationId: session.organization_id,
      teamMemberId: session.team_member_id,
      startedAt: session.started_at,
      completedAt: session.completed_at ?? Date.now(),
      fallbackUsed: session.fallback === 1,
      questionsAsked: session.questions_asked,
      pillarsExplored: exploredCount(session.pillar_progress),
    };
  }
}
