import { describe, expect, it } from "vitest";
import { slowAcksNearOpenings, spreadOpeningDelay } from "../bench/openings";
import { percentile, ratio, summarize } from "../bench/stats";
import { tokenArrivals, tokenOverheads } from "../bench/streaming";
import { diffConversation, summarizeDiffs } from "../fixtures/resilience/verify";

describe("benchmark percentiles (nearest rank)", () => {
  it("returns observed values, never interpolations", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarizes unsorted samples, rounded to 0.1 ms, with the count and the max", () => {
    expect(summarize([3.04, 1, 2, 10.26, 4])).toEqual({ p50: 3, p95: 10.3, p99: 10.3, count: 5, max: 10.3 });
    // 60 samples (the 2-check-in load): p99 is the largest, p95 the 57th.
    const sixty = Array.from({ length: 60 }, (_, i) => i);
    expect(summarize(sixty)).toMatchObject({ p50: 29, p95: 56, p99: 59 });
    expect(ratio(5, 4)).toBe(1.25);
  });
});

describe("the load's spread openings", () => {
  it("opens each next conversation inside the interval, the moments spread over all of it", () => {
    const delays = Array.from({ length: 50 }, (_, slot) =>
      Array.from({ length: 4 }, (_, c) => spreadOpeningDelay(slot, c + 1, 2000)),
    ).flat();
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(1800);
    // Every tenth of the 1.8 s window gets its share (200 openings: 20 each if even).
    const tenths = Array.from({ length: 10 }, (_, i) => delays.filter((d) => Math.floor(d / 180) === i).length);
    for (const count of tenths) expect(count).toBeGreaterThan(12);
  });

  it("counts the slow acks that waited while a conversation of the same load opened", () => {
    const run = {
      label: "t",
      ackMs: [1, 9, 12, 2],
      ackSentAt: [1000, 2000, 3000, 4000],
      ackPosition: [1, 2, 3, 4],
      sent: 4,
      acked: 4,
      errors: [],
      replies: [],
      openedAt: [2005, 5000],
      unexpectedCloses: 0,
    };
    expect(slowAcksNearOpenings(run, 6, 20)).toEqual({ slow: 2, nearOpening: 1 });
  });
});

describe("token overheads", () => {
  const stream = {
    id: "s1",
    prompt: "hello",
    receivedAt: 0,
    firstTokenAt: 1000,
    tokenAt: [1000, 1030, 1060],
    tokens: ["Hi", " there", "!"],
    completedAt: 1061,
  };

  it("subtracts the stand-in's first byte from the client's first delta, gap by gap after it", () => {
    const reply = {
      prompt: "hello",
      messageId: "m1",
      deltas: [
        { at: 1002, text: "Hi" },
        { at: 1033, text: " there" },
        { at: 1064, text: "!" },
      ],
      doneAt: 1065,
    };
    const result = tokenOverheads([reply], [stream]);
    expect(result.firstTokenMs).toEqual([2]);
    expect(result.gapMs).toEqual([1, 1]);
    expect(result).toMatchObject({ matched: 1, unmatched: 0 });
  });

  it("matches coalesced deltas by text, and refuses a reply whose text differs", () => {
    const coalesced = { prompt: "hello", messageId: "m2", deltas: [{ at: 1005, text: "Hi there!" }], doneAt: 1006 };
    expect(tokenArrivals(stream, coalesced)).toEqual([1005, 1005, 1005]);
    const other = { ...coalesced, deltas: [{ at: 1005, text: "Something else" }] };
    expect(tokenArrivals(stream, other)).toBeNull();
    expect(tokenOverheads([{ ...coalesced, prompt: "unknown" }], [stream])).toMatchObject({ matched: 0, unmatched: 1 });
  });
});

describe("the resilience verifier", () => {
  const row = (seq: number, content: string) => ({ seq, content });

  it("finds nothing wrong when D1 holds each message once, in order", () => {
    expect(diffConversation(["a", "b", "c"], [row(3, "c"), row(1, "a"), row(2, "b")])).toEqual({
      lost: [],
      duplicated: 0,
      unexpected: [],
      orderKept: true,
    });
  });

  it("reports lost, duplicated, unexpected and reordered messages", () => {
    const diff = diffConversation(["a", "b", "c"], [row(1, "a"), row(2, "c"), row(3, "c"), row(4, "b"), row(5, "z")]);
    expect(diff).toEqual({ lost: [], duplicated: 1, unexpected: ["z"], orderKept: false });
    expect(diffConversation(["a", "b"], [row(1, "a")])).toMatchObject({ lost: ["b"], orderKept: true });
    expect(summarizeDiffs([diff, diffConversation(["a", "b"], [row(1, "a")])])).toEqual({
      lost: 1,
      duplicated: 1,
      unexpected: 1,
      orderBroken: 1,
    });
  });
});
