import type { Database } from "../db/client";
import { getGlobalSettings } from "../db/global-settings";
import { log } from "../lib/log";
import { DAY_MS, HOUR_MS } from "../shared/time";
import type { Schedule } from "./alarms";
import type { SessionStore } from "./store";

/**
 * A completed chat's transcript lives here, in its object, and nowhere else (README →
 * Decisions "Transcripts stay in the check-in object"): D1 keeps scores, themes, alerts and
 * counts. Once the completion has landed the object drops what only the chat needed (the
 * questions remembered, the owner and fresh links, the outbox) and keeps the session row and
 * the messages until Global Settings' `transcriptDays` after completion; then the "erase" alarm
 * deletes the whole storage. The period is read from D1 when the alarm runs, so a shorter
 * setting also shortens the wait of transcripts already kept.
 */

/** When D1 cannot be read, the erase check is tried again this much later. */
const RETRY_MS = HOUR_MS;

/** The tables a completed chat no longer needs (storage.ts creates them). */
const CHAT_ONLY_TABLES = ["asked_questions", "owner", "fresh_links", "pending_writes"] as const;

export class TranscriptRetention {
  constructor(
    private readonly storage: DurableObjectStorage,
    /** The platform database, where Global Settings are (worker/db/shards.ts). */
    private readonly platform: Database,
    private readonly store: SessionStore,
    private readonly schedule: Schedule,
  ) {}

  /** The completion has landed in D1: keep the transcript only, and check when it is due at once. */
  keep(now: number) {
    this.storage.transactionSync(() => {
      for (const table of CHAT_ONLY_TABLES) this.storage.sql.exec(`delete from ${table}`);
      this.schedule.clearAll();
      this.schedule.set("erase", now);
    });
    this.schedule.arm();
  }

  /**
   * The "erase" alarm: erases everything once `transcriptDays` have passed since completion;
   * otherwise sets the alarm for that time. Returns true when the storage was erased.
   */
  async eraseIfDue(now: number): Promise<boolean> {
    // The alarm handler has just read the session row: its copy is current here.
    if (this.store.session()?.completed_at == null) return false;
    let days: number;
    try {
      days = (await getGlobalSettings(this.platform)).dataRetention.transcriptDays;
    } catch (error) {
      log("warn", "checkin_transcript_retention_unread", { error });
      this.schedule.set("erase", now + RETRY_MS);
      return false;
    }
    // Read again after the D1 await: other events may have run on the object meanwhile.
    this.store.refresh();
    const completedAt = this.store.session()?.completed_at;
    if (completedAt == null) return false;
    const due = completedAt + days * DAY_MS;
    if (now < due) {
      this.schedule.set("erase", due);
      return false;
    }
    await this.schedule.disarm();
    await this.storage.deleteAll();
    return true;
  }
}
