import type { CheckInJudgement } from "../scoring/judge-check-in";
import { BANDS, type Band, type CheckInSummary, SUMMARY_WAIT_MS } from "../shared/check-in-summary";
import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";
import type { Schedule } from "./alarms";
import {
  type CorrectedJudgement,
  type Corrections,
  judgementOf,
  type ReadAhead,
  readAhead,
  summaryOf,
  withCorrections,
} from "./corrections";
import type { SessionStore } from "./store";

/**
 * The closing summary (issue 24 §7), the object's part: 4 s after the closing message the
 * judgement is fixed and shown to the salesperson; they may correct a band or confirm, and
 * the check-in completes on their confirmation or SUMMARY_WAIT_MS later (the `complete`
 * alarm), whichever comes first, so a closed tab loses nothing. Each correction restarts the
 * wait (`summary_due_at`, the deadline every device counts down to), so someone correcting
 * slowly is not submitted mid-correction. Corrections live in the `corrections` table (labels
 * only) until the completion batch stores them.
 */
export class ClosingSummary {
  /** The transcript is fixed once the summary is shown, so the judgement is computed once per instance. */
  private judged: CheckInJudgement | undefined;
  /**
   * The reader's judgement, read while the closing statement is shown (those 4 s are idle): the
   * summary then only reconciles it with the LLM's, instead of reading every answer at the
   * summary alarm, where it delayed the salesperson's summary and, locally, every other
   * object's confirmation (issue 26 §6). Stale, and read again, if a message came after it.
   */
  private ahead: ReadAhead | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly store: SessionStore,
    private readonly schedule: Schedule,
  ) {}

  reset() {
    this.judged = undefined;
    this.ahead = undefined;
  }

  /** While the closing statement is shown: the reader's part of the judgement, ahead of the summary. */
  readAhead() {
    const session = this.store.session();
    if (session?.status !== "closing" || session.summary_at !== null || this.judged) return;
    this.ahead = readAhead(this.store);
  }

  /** The summary alarm fired: from now on the judgement is fixed, and the chat waits for the salesperson. */
  show(now: number): CheckInSummary | null {
    const session = this.store.session();
    if (session?.status !== "closing" || session.summary_at !== null) return null;
    this.waitFrom(now, { summary_at: now });
    return this.current();
  }

  /** The check-in completes by itself SUMMARY_WAIT_MS from now: the deadline shown and the alarm, together. */
  private waitFrom(now: number, shown: { summary_at?: number } = {}) {
    const dueAt = now + SUMMARY_WAIT_MS;
    this.store.update({ ...shown, summary_due_at: dueAt });
    this.schedule.set("complete", dueAt);
    this.schedule.arm();
  }

  /** The summary as it stands, while the chat waits for it (null otherwise). */
  current(): CheckInSummary | null {
    const session = this.store.session();
    if (session?.status !== "closing" || session.summary_at === null) return null;
    // A summary shown before the deadline was kept (storage version 4) waits from when it was shown.
    const completesAt = session.summary_due_at ?? session.summary_at + SUMMARY_WAIT_MS;
    return summaryOf(this.judgement(), this.corrections(), completesAt);
  }

  /**
   * A band picked for one reading; picking the band that was read takes the correction back (unless it was uncertain).
   * Either way they are still at it: the wait starts again.
   */
  correct(dimension: ScoreDimension, band: Band, now: number): CheckInSummary | null {
    const summary = this.current();
    const reading = summary?.readings.find((r) => r.dimension === dimension);
    if (!summary || !reading) return null;
    if (band === reading.read && !reading.uncertain)
      this.sql.exec("delete from corrections where dimension = ?", dimension);
    else {
      this.sql.exec(
        "insert into corrections (dimension, band, corrected_at) values (?, ?, ?) on conflict(dimension) do update set band = excluded.band, corrected_at = excluded.corrected_at",
        dimension,
        band,
        now,
      );
    }
    this.waitFrom(now);
    return this.current();
  }

  /** The summary is waiting: a confirmation completes the check-in now. */
  waiting(): boolean {
    return this.current() !== null;
  }

  /** What the completion stores: the judgement with the salesperson's corrections. */
  completed(): CorrectedJudgement {
    return withCorrections(this.judgement(), this.corrections(), this.store.requireSession().full_name);
  }

  private judgement(): CheckInJudgement {
    this.judged ??= judgementOf(this.store, this.ahead);
    this.ahead = undefined;
    return this.judged;
  }

  private corrections(): Corrections {
    const rows = this.sql
      .exec<{ dimension: string; band: string }>("select dimension, band from corrections")
      .toArray();
    const corrections: Corrections = {};
    for (const row of rows) {
      const dimension = SCORE_DIMENSIONS.find((d) => d === row.dimension);
      const band = BANDS.find((b) => b === row.band);
      if (dimension && band) corrections[dimension] = band;
    }
    return corrections;
  }
}
