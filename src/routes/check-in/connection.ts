import {
  type ClientFrame,
  type ErrorCode,
  MOVED_CLOSE_CODE,
  PING_FRAME,
  PONG_FRAME,
  parseServerFrame,
  type ServerFrame,
} from "@shared/checkin-protocol";
import { reconnectDelayMs, SYNC_RETRY_MS } from "@shared/checkin-timer";

/**
 * The page's side of the check-in socket, outside React: reconnects with backoff, keeps
 * every message the salesperson sent in an outbox (also in localStorage, so a reload or a
 * crash loses nothing) until the object acknowledges it, and resends the outbox after each
 * snapshot. A heartbeat and an ack deadline tell a dead link from a quiet one.
 */
export type LinkStatus = "connecting" | "open" | "offline" | "closed";

export type OutboxEntry = { clientId: string; content: string; createdAt: number };

export type ConnectionEvent =
  | { kind: "status"; status: LinkStatus }
  /**
   * The chat may belong to another device now: a fresh link moved it (close code 4409), or
   * an upgrade was refused before the socket opened. The page asks the server which.
   */
  | { kind: "ownership" }
  | { kind: "frame"; frame: ServerFrame }
  | { kind: "outbox"; entries: OutboxEntry[] }
  /** The object refused a message for good: it leaves the outbox, and the page keeps it in view, not sent. */
  | { kind: "refused"; entry: OutboxEntry; code: ErrorCode };

const HEARTBEAT_MS = 15_000;
/** No pong, ack or any frame this long after we expect one: the link is dead. */
const DEAD_LINK_MS = 5_000;

function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class CheckInConnection {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private stopped = false;
  private finished = false;
  private status: LinkStatus = "connecting";
  private readonly outbox = new Map<string, OutboxEntry>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly url: string,
    private readonly storageKey: string,
    private readonly emit: (event: ConnectionEvent) => void,
  ) {
    for (const entry of this.loadOutbox()) this.outbox.set(entry.clientId, entry);
  }

  start() {
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
    this.emit({ kind: "outbox", entries: this.entries() });
    // On the next task: React's development mode starts and stops every effect once before it
    // keeps it, and a socket closed while still connecting is a console warning in every browser.
    this.reconnectTimer = setTimeout(() => this.connect(), 0);
  }

  stop() {
    this.stopped = true;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    this.clearTimers();
    this.ws?.close(1000, "page closed");
    this.ws = null;
  }

  /** Queues a message; it stays in the outbox until acknowledged, across reconnects and reloads. */
  sendMessage(content: string): OutboxEntry {
    const entry = { clientId: newClientId(), content, createdAt: Date.now() };
    this.outbox.set(entry.clientId, entry);
    this.saveOutbox();
    this.emit({ kind: "outbox", entries: this.entries() });
    this.transmit(entry);
    return entry;
  }

  /** Drops a message the server will never accept (too long, check-in closed). */
  discard(clientId: string) {
    if (this.outbox.delete(clientId)) {
      this.saveOutbox();
      this.emit({ kind: "outbox", entries: this.entries() });
    }
  }

  /** Refused for good (e.g. the summary was already up): out of the outbox, and said, once. */
  private refused(clientId: string, code: ErrorCode) {
    const entry = this.outbox.get(clientId);
    if (entry) this.emit({ kind: "refused", entry, code });
    this.discard(clientId);
  }

  /** Pause, resume and the closing summary's answers: sent only while connected (a reconnect shows the state again). */
  send(frame: Extract<ClientFrame, { type: "pause" | "resume" | "summary.correct" | "summary.confirm" }>) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private entries() {
    return [...this.outbox.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  private transmit(entry: OutboxEntry) {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ type: "message", clientId: entry.clientId, content: entry.content }));
    this.expectAnswer();
  }

  private connect() {
    if (this.stopped || this.finished) return;
    clearTimeout(this.reconnectTimer);
    const ws = new WebSocket(this.url);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      opened = true;
      this.attempts = 0;
      this.startHeartbeat();
      this.expectAnswer(); // the snapshot
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      clearTimeout(this.deadlineTimer);
      if (event.data === PONG_FRAME) return;
      const frame = parseServerFrame(event.data);
      if (frame) this.receive(frame);
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearTimers();
      if (this.stopped || this.finished) return this.setStatus("closed");
      if (event.code === MOVED_CLOSE_CODE) {
        this.finished = true;
        this.setStatus("closed");
        return this.emit({ kind: "ownership" });
      }
      // Refused before it opened (the browser hides the status): maybe no longer ours. Keep retrying too.
      if (!opened && navigator.onLine !== false) this.emit({ kind: "ownership" });
      if (navigator.onLine === false) return this.setStatus("offline"); // the "online" event reconnects
      // The first retry is quick and quiet; after that the page says honestly that it is offline.
      this.setStatus(this.attempts === 0 ? "connecting" : "offline");
      this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelayMs(this.attempts++));
    };
  }

  private receive(frame: ServerFrame) {
    switch (frame.type) {
      case "snapshot": {
        this.setStatus("open");
        // Anything the object already stored counts as acknowledged; the rest is sent again.
        const stored = new Set(frame.messages.flatMap((m) => (m.clientId ? [m.clientId] : [])));
        for (const id of stored) this.outbox.delete(id);
        this.saveOutbox();
        this.emit({ kind: "frame", frame });
        this.emit({ kind: "outbox", entries: this.entries() });
        if (frame.status === "completed" || frame.status === "expired") {
          this.finished = true;
          return;
        }
        for (const entry of this.entries()) this.transmit(entry);
        return;
      }
      case "ack":
        this.outbox.delete(frame.clientId);
        this.saveOutbox();
        this.emit({ kind: "frame", frame });
        this.emit({ kind: "outbox", entries: this.entries() });
        return;
      case "error":
        this.emit({ kind: "frame", frame });
        // Refused for now (throttled, or the object failed to store it): kept and sent again shortly.
        if (frame.clientId && (frame.code === "rate_limited" || frame.code === "internal_error")) this.retryLater();
        else if (frame.clientId) this.refused(frame.clientId, frame.code);
        return;
      case "completed":
        this.finished = true;
        this.outbox.clear();
        this.saveOutbox();
        this.emit({ kind: "frame", frame });
        return;
      default:
        this.emit({ kind: "frame", frame });
    }
  }

  private retryLater() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      for (const entry of this.entries()) this.transmit(entry);
    }, SYNC_RETRY_MS);
  }

  private startHeartbeat() {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => {
      if (this.ws?.readyState !== WebSocket.OPEN) return;
      this.ws.send(PING_FRAME);
      this.expectAnswer();
    }, HEARTBEAT_MS);
  }

  /** Something must arrive soon (ack, snapshot, pong); if nothing does, the socket is dead. */
  private expectAnswer() {
    clearTimeout(this.deadlineTimer);
    this.deadlineTimer = setTimeout(() => this.ws?.close(4000, "no answer"), DEAD_LINK_MS);
  }

  private readonly onOnline = () => {
    this.attempts = 0;
    if (!this.ws) this.connect();
  };

  private readonly onOffline = () => {
    this.setStatus("offline");
    // Browsers keep a dead socket open for a long time; drop it and reconnect when back.
    const ws = this.ws;
    this.ws = null;
    this.clearTimers();
    ws?.close(4001, "offline");
  };

  private setStatus(status: LinkStatus) {
    if (this.status === status) return;
    this.status = status;
    this.emit({ kind: "status", status });
  }

  private clearTimers() {
    clearInterval(this.heartbeatTimer);
    clearTimeout(this.deadlineTimer);
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.retryTimer);
  }

  private loadOutbox(): OutboxEntry[] {
    try {
      const raw = localStorage.getItem(this.storageKey);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (!Array.isArray(parsed)) return [];
      return parsed.filter(
        (e): e is OutboxEntry =>
          typeof e === "object" &&
          e !== null &&
          typeof e.clientId === "string" &&
          typeof e.content === "string" &&
          typeof e.createdAt === "number",
      );
    } catch {
      return [];
    }
  }

  private saveOutbox() {
    try {
      if (this.outbox.size === 0) localStorage.removeItem(this.storageKey);
      else localStorage.setItem(this.storageKey, JSON.stringify(this.entries()));
    } catch {
      // Private mode or a full quota: the in-memory outbox still resends until the page closes.
    }
  }
}
