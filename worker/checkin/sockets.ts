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
