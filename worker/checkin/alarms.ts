/**
 * The object's schedule: every future action is a row (kind, run_at) and the one alarm is set
 * to the earliest row. The alarm is rewritten only when that earliest time changes: an alarm
 * write is a storage commit, and two per message were a measurable share of the commits
 * under load (npm run bench). The rows are also kept in memory: `has` and `arm` run on every
 * turn, and read the copy; the alarm handler reads the table again (the source of truth).
 */
/**
 * "erase": a completed chat's transcript is due to go (transcript-retention.ts). "watchdog" is no
 * longer scheduled (replies.ts): an object made by an older version may still have one.
 */
export type ScheduleKind = "closing" | "summary" | "complete" | "retry" | "expire" | "watchdog" | "erase";

export class Schedule {
  /** The alarm time this instance last set (undefined: not known, e.g. after a restart or once it fired). */
  private armedAt: number | null | undefined;
  /** The schedule as stored, read on first use and at each alarm. */
  private rows: Map<ScheduleKind, number> | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly storage: DurableObjectStorage,
  ) {}

  private stored(): Map<ScheduleKind, number> {
    this.rows ??= new Map(
      this.sql
        .exec<{ kind: ScheduleKind; run_at: number }>("select kind, run_at from schedule")
        .toArray()
        .map((row) => [row.kind, row.run_at]),
    );
    return this.rows;
  }

  set(kind: ScheduleKind, runAt: number) {
    this.sql.exec(
      "insert into schedule (kind, run_at) values (?, ?) on conflict(kind) do update set run_at = excluded.run_at",
      kind,
      runAt,
    );
    this.stored().set(kind, runAt);
  }

  has(kind: ScheduleKind): boolean {
    return this.stored().has(kind);
  }

  clear(kind: ScheduleKind) {
    this.sql.exec("delete from schedule where kind = ?", kind);
    this.stored().delete(kind);
  }

  clearAll() {
    this.sql.exec("delete from schedule");
    this.rows = new Map();
  }

  /** Called when the alarm fires: the runtime consumed it, and the due kinds are taken off the schedule. */
  takeDue(now: number): ScheduleKind[] {
    this.armedAt = undefined;
    this.rows = undefined;
    const due = this.sql
      .exec<{ kind: ScheduleKind }>("select kind from schedule where run_at <= ? order by run_at", now)
      .toArray()
      .map((row) => row.kind);
    if (due.length > 0) this.sql.exec("delete from schedule where run_at <= ?", now);
    for (const kind of due) this.stored().delete(kind);
    return due;
  }

  /** One alarm, set to the earliest scheduled action (or none); not rewritten when it is already so. */
  arm() {
    const times = [...this.stored().values()];
    const next = times.length > 0 ? Math.min(...times) : null;
    if (next === this.armedAt) return;
    this.armedAt = next;
    if (next === null) void this.storage.deleteAlarm();
    else void this.storage.setAlarm(next);
  }

  /** Before the object's storage is deleted: no alarm left behind. */
  async disarm() {
    this.armedAt = null;
    this.rows = undefined;
    await this.storage.deleteAlarm();
  }
}
