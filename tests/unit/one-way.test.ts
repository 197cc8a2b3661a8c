import { describe, expect, it } from "vitest";
import { sourcesUnder } from "./support/sources";

/**
 * Issue 23 §5, read from the Worker's source: one way to reach the LLM (the provider
 * `providerFor` picks: only the OpenAI-compatible provider holds the package's client or
 * calls the chat completions endpoint), and one logger (worker/lib/log.ts) with its one
 * description of an error.
 */
const worker = sourcesUnder("worker").filter(({ file }) => file !== "worker/worker-configuration.d.ts");
const where = (pattern: RegExp, except: readonly string[] = []) =>
  worker.filter(({ file, text }) => pattern.test(text) && !except.includes(file)).map(({ file }) => file);

describe("one way", () => {
  it("to the LLM: the provider", () => {
    expect(where(/from\s+["']openai["']|new OpenAI\(/)).toEqual(["worker/ai/openai-provider.ts"]);
    expect(where(/chat\/completions/)).toEqual(["worker/ai/chat-stream.ts"]);
  });

  it("to log, and to describe an error", () => {
    expect(where(/\bconsole\.(?:log|info|warn|error|debug)\(/, ["worker/lib/log.ts"])).toEqual([]);
    expect(where(/function describe(?:Error)?\(/, ["worker/lib/log.ts"])).toEqual([]);
  });
});
