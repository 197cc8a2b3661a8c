import WebSocket from "ws";

/**
 * The benchmark's WebSocket client (the `ws` package): records every frame with the time
 * it arrived. Times are epoch milliseconds with sub-millisecond precision, the same clock
 * the OpenAI stand-in stamps its tokens with, so the two can be subtracted.
 */
export const clock = () => performance.timeOrigin + performance.now();

export type Frame = { type: string } & Record<string, unknown>;
export type Received = { at: number; frame: Frame };

export class BenchSocket {
  readonly received: Received[] = [];
  closed = false;
  private readonly ws: WebSocket;
  private readonly listeners = new Set<(received: Received) => void>();
  private readonly closeListeners = new Set<() => void>();

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on("message", (data, isBinary) => {
      const at = clock();
      if (isBinary) return;
      let frame: Frame;
      try {
        frame = JSON.parse(data.toString()) as Frame;
      } catch {
        return;
      }
      const received = { at, frame };
      this.received.push(received);
      for (const listener of this.listeners) listener(received);
    });
    ws.on("close", () => this.markClosed());
    ws.on("error", () => this.markClosed());
  }

  /**
   * Opens a socket and resolves once the first frame (the snapshot) arrived. Rejects with
   * `status` set when the server refused the upgrade (e.g. 404 for a completed check-in).
   */
  static open(url: string, options: { timeoutMs?: number; headers?: Record<string, string> } = {}) {
    return new Promise<BenchSocket>((resolve, reject) => {
      // No compression: frames are small, and zlib on the client would only blur the figures.
      const ws = new WebSocket(url, { perMessageDeflate: false, headers: options.headers ?? {} });
      const socket = new BenchSocket(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`no snapshot from ${url} within ${options.timeoutMs ?? 10_000} ms`));
      }, options.timeoutMs ?? 10_000);
      const off = socket.on(() => {
        clearTimeout(timer);
        off();
        resolve(socket);
      });
      ws.once("unexpected-response", (_request, response) => {
        clearTimeout(timer);
        ws.terminate();
        reject(Object.assign(new Error(`upgrade refused: ${response.statusCode}`), { status: response.statusCode }));
      });
      ws.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  get sendable() {
    return !this.closed && this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: unknown): number {
    const at = clock();
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    return at;
  }

  on(listener: (received: Received) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onClose(listener: () => void): () => void {
    if (this.closed) queueMicrotask(listener);
    else this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** The next frame (after now) that matches, or a rejection after the timeout or on close. */
  next(predicate: (frame: Frame) => boolean, timeoutMs = 15_000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error("timed out waiting for a frame"));
      }, timeoutMs);
      const off = this.on((received) => {
        if (!predicate(received.frame)) return;
        cleanup();
        resolve(received);
      });
      const offClose = this.onClose(() => {
        cleanup();
        reject(new Error("socket closed while waiting for a frame"));
      });
      const cleanup = () => {
        clearTimeout(timer);
        off();
        offClose();
      };
    });
  }

  /** A dropped connection: the TCP socket is destroyed, no close handshake (what a phone in a tunnel does). */
  kill(): number {
    const at = clock();
    this.ws.terminate();
    this.markClosed();
    return at;
  }

  close() {
    if (this.closed) return;
    this.ws.close(1000, "bench done");
    this.markClosed();
  }

  private markClosed() {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.closeListeners) listener();
    this.closeListeners.clear();
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
export const sleepUntil = (at: number) => sleep(at - clock());
