import type { ServerFrame } from "../shared/checkin-protocol";
import { CLOSING_PROGRESS } from "../shared/checkin-timer";
import type { Schedule } from "./alarms";
import { timerFrame, timerOf } from "./frames";
import { closingDueAt, elapsedMs, MAX_PAUSE_MS } from "./rules";
import type { SessionState, SessionStore } from "./store";

/**
 * The chat's clock (spec 2 §4): timestamps, never ticks. Pausing stops it, resuming (or
 * sending a message) restarts it, and the closing alarm is kept at the moment elapsed time
 * reaches 95 % — a pause cannot stop a closing that is due, and a pause longer than 30
 * minutes closes the chat as it stands.
 */
export class SessionClock {
  constructor(
    private readonly store: SessionStore,
    private readonly schedule: Schedule,
    private readonly broadcast: (frame: ServerFrame) => void,
  ) {}

  pause(now: number) {
    const session = this.store.session();
    if (
      session?.status === "active" &&
      session.started_at !== null &&
      session.paused_at === null &&
      elapsedMs(timerOf(session), now) < session.target_ms * CLOSING_PROGRESS
    ) {
      this.store.update({ paused_at: now });
      // The clock stops, but a chat paused too long is closed and saved as it stands.
      this.schedule.set("closing", now + MAX_PAUSE_MS);
      this.schedule.arm();
    }
    this.broadcastTimer(now);
  }

  resume(now: number) {
    const session = this.store.session();
    if (session && session.paused_at !== null) {
      this.unpause(session, now);
      this.scheduleClosing(now);
    }
    this.broadcastTimer(now);
  }

  unpause(session: SessionState, now: number) {
    if (session.paused_at === null) return;
    this.store.update({
      paused_total_ms: session.paused_total_ms + Math.max(0, now - session.paused_at),
      paused_at: null,
    });
  }

  scheduleClosing(now: number) {
    const session = this.store.requireSession();
    const due = closingDueAt(timerOf(session), session.target_ms);
    if (due !== null) this.schedule.set("closing", Math.max(now, due));
    this.schedule.arm();
  }

  /** A started, active chat has its closing scheduled (set after the first ack: session.ts). */
  ensureClosing(now: number) {
    const session = this.store.session();
    if (session?.status !== "active" || session.started_at === null || this.schedule.has("closing")) return;
    this.scheduleClosing(now);
  }

  /** The closing alarm fired: true when the chat must close now, else the alarm is moved. */
  closingDue(now: number): boolean {
    const session = this.store.session();
    if (session?.status !== "active") return false;
    const pausedTooLong = session.paused_at !== null && now - session.paused_at >= MAX_PAUSE_MS;
    const timeUp = elapsedMs(timerOf(session), now) >= session.target_ms * CLOSING_PROGRESS;
    if (pausedTooLong || timeUp) return true;
    this.scheduleClosing(now);
    return false;
  }

  broadcastTimer(now: number) {
    const session = this.store.session();
    if (session) this.broadcast(timerFrame(session, now));
  }
}
