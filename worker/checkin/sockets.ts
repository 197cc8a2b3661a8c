import { ERROR_MESSAGES, type ErrorCode, type ServerFrame } from "../shared/checkin-protocol";

/** Sending to the object's sockets: a socket closing under us is not an error (the page reconnects). */
export function safeSend(socket: WebSocket, frame: string) {
  try {
    socket.send(frame);
  } catch {
    // A socket closing under us; the page reconnects and gets a snapshot.
  }
}

export function broadcast(sockets: readonly WebSocket[], frame: ServerFrame | string) {
  const text = typeof frame === "string" ? frame : JSON.stringify(frame);
  for (const socket of sockets) safeSend(socket, text);
}

export function closeAll(sockets: readonly WebSocket[], code: number, reason: string) {
  for (const socket of sockets) {
    try {
      socket.close(code, reason);
    } catch {
      // already closing
    }
  }
}

export function errorFrame(code: ErrorCode, clientId?: string): ServerFrame {
  return { type: "error", code, message: ERROR_MESSAGES[code], ...(clientId ? { clientId } : {}) };
}

/** A client may send this many frames in a burst, refilled at REFILL_PER_SECOND. */
const BURST = 20;
const REFILL_PER_SECOND = 2;

/** Token bucket per socket: a flooding client is refused with rate_limited, the others are not affected. */
export class FloodGuard {
  private readonly buckets = new WeakMap<WebSocket, { tokens: number; at: number }>();

  allow(ws: WebSocket, now: number): boolean {
    const bucket = this.buckets.get(ws) ?? { tokens: BURST, at: now };
    bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * REFILL_PER_SECOND);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(ws, bucket);
    return allowed;
  }
}
