/**
 * A streamed chat completion from an OpenAI-compatible endpoint, read with `fetch` and a
 * small server-sent-events reader instead of the `openai` package. The reply path runs for
 * every message, and the package's request building and SSE parsing were the largest
 * JavaScript cost in the check-in object's CPU profile (README → Performance); the
 * judgement and coaching (one call per check-in or page) keep the package.
 */
export type ChatStreamRequest = {
  apiKey: string;
  baseURL: string | undefined;
  body: Record<string, unknown>;
  signal: AbortSignal;
};

export const DEFAULT_BASE_URL = "https://api.openai.com/v1";
/** An error body is read up to this many characters (its message names the failure in the logs). */
const MAX_ERROR_CHARS = 4000;

/** Thrown for a non-2xx answer, worded as the package words it: "500 The stand-in was told to fail". */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status} ${message}`);
    this.name = "ChatApiError";
  }
}

/** The text deltas of the reply, in order, as they arrive. */
export async function* chatDeltas(request: ChatStreamRequest): AsyncGenerator<string> {
  const base = (request.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const response = await fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${request.apiKey}`,
      "content-type": "application/json",
      accept: "text/event-stream",
    },
    body: JSON.stringify({ ...request.body, stream: true }),
    signal: request.signal,
  });
  if (!response.ok || !response.body) throw new ChatApiError(response.status, await errorMessage(response));
  // A plain reader and one decoder in streaming mode: a TextDecoderStream piped in between
  // added a stream stage per chunk (a measurable cost per delta in the CPU profile).
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let start = 0;
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n", start)) {
        const line = buffer.slice(start, end);
        start = end + 1;
        if (!line.startsWith("data:")) continue;
        const data = line.slice(5).trim();
        if (data === "[DONE]") return;
        const delta = deltaOf(JSON.parse(data));
        if (delta) yield delta;
      }
      buffer = buffer.slice(start);
    }
  } finally {
    reader.releaseLock();
  }
}

/** `choices[0].delta.content` of a chunk, checked step by step (anything else: no text). */
export function deltaOf(chunk: unknown): string | null {
  if (typeof chunk !== "object" || chunk === null || !("choices" in chunk) || !Array.isArray(chunk.choices)) {
    return null;
  }
  const choice: unknown = chunk.choices[0];
  if (typeof choice !== "object" || choice === null || !("delta" in choice)) return null;
  const delta: unknown = choice.delta;
  if (typeof delta !== "object" || delta === null || !("content" in delta)) return null;
  return typeof delta.content === "string" ? delta.content : null;
}

async function errorMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => "")).slice(0, MAX_ERROR_CHARS);
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && "error" in body) {
      const error: unknown = body.error;
      if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") {
        return error.message;
      }
    }
  } catch {
    // not JSON: the status says enough
  }
  return text.trim() || response.statusText || "AI provider error";
}
