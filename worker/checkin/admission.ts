import { OPEN_ELSEWHERE_CODE, OPEN_ELSEWHERE_MESSAGE, TOO_MANY_TABS_MESSAGE } from "../shared/checkin-protocol";
import { DEVICE_HEADER } from "./device";
import { MAX_SOCKETS_PER_CHAT } from "./limits";
import type { Ownership } from "./ownership";

/**
 * Which sockets the object accepts (README → Chat ownership): once the chat is owned, only
 * the owner's device (the Worker forwards the SHA-256 of its cookie), and never more than
 * MAX_SOCKETS_PER_CHAT at once. Refused before a socket exists, so a refused browser never
 * receives a frame.
 */
const HASH = /^[0-9a-f]{64}$/;

function refusal(status: 403 | 429, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}

export function refuseSocket(ctx: DurableObjectState, ownership: Ownership, request: Request): Response | null {
  const header = request.headers.get(DEVICE_HEADER);
  const device = header && header.length === 64 && HASH.test(header) ? header : null;
  if (!ownership.admits(device)) return refusal(403, OPEN_ELSEWHERE_CODE, OPEN_ELSEWHERE_MESSAGE);
  if (tabsFull(ctx)) return refusal(429, "too_many_tabs", TOO_MANY_TABS_MESSAGE);
  return null;
}

/** The chat is open in as many tabs as it takes: the next socket is refused. */
export function tabsFull(ctx: DurableObjectState): boolean {
  return ctx.getWebSockets().length >= MAX_SOCKETS_PER_CHAT;
}

/** A browser has just taken the chat: every socket there was belongs to someone else now. */
export function closeOtherDevices(ctx: DurableObjectState, code: number) {
  for (const socket of ctx.getWebSockets()) {
    try {
      socket.close(code, "This check-in is now open on another device");
    } catch {
      // already closing
    }
  }
}
