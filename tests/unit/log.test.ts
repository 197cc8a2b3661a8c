import { afterEach, describe, expect, it, vi } from "vitest";
import { describeError, log } from "../../worker/lib/log";

/** Issue 23 §5: one description of an error and one logger, with the same keys everywhere. */
describe("describeError", () => {
  it("is the error's own message, on one line, cut to 300 characters", () => {
    expect(describeError(new Error("D1_ERROR: no such table:\n  sentiment_scores"))).toBe(
      "D1_ERROR: no such table: sentiment_scores",
    );
    expect(describeError(new Error("x".repeat(1000)))).toHaveLength(300);
  });

  it("names the error's class when it has no message, and says so for anything else", () => {
    const aborted = new Error("");
    aborted.name = "AbortError";
    expect(describeError(aborted)).toBe("AbortError");
    expect(describeError("timed out")).toBe("timed out");
    expect(describeError({ status: 500 })).toBe("unknown error");
    expect(describeError(undefined)).toBe("unknown error");
  });
});

describe("log", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes one JSON line: level, event, the context, and the error described with its class", () => {
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: string) => lines.push(line));
    log("warn", "checkin_d1_write_failed", {
      checkInId: "c1",
      kind: "completion",
      error: new TypeError("fetch failed"),
    });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      {
        level: "warn",
        event: "checkin_d1_write_failed",
        checkInId: "c1",
        kind: "completion",
        error: "fetch failed",
        errorType: "TypeError",
      },
    ]);
  });

  it("goes to the console method of its level, with no error keys without an error", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    log("info", "schedule_run", { created: 2 });
    log("error", "request_failed", { path: "/api/x", error: "boom" });
    expect(JSON.parse(String(info.mock.calls[0]?.[0]))).toEqual({ level: "info", event: "schedule_run", created: 2 });
    expect(JSON.parse(String(error.mock.calls[0]?.[0]))).toMatchObject({ error: "boom", errorType: "string" });
  });
});
