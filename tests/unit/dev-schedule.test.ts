import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cronStepMinutes, msUntilNextRun, startDevSchedule, wranglerCrons } from "../../build-tools/dev-schedule.ts";

/**
 * `npm run dev` fires the Worker's cron itself (build-tools/dev-schedule.ts, started by
 * vite.config.ts's devSetup): once at start, then at the minutes wrangler.jsonc's crons name.
 * tests/e2e/dev-mode.test.ts proves the real dev server records the run.
 */
const wrangler = resolve(import.meta.dirname, "../../wrangler.jsonc");
const at = (iso: string) => Date.parse(iso);

afterEach(() => {
  vi.useRealTimers();
});

describe("the dev schedule's cadence", () => {
  it("is read from wrangler.jsonc's crons: every 15 minutes today", () => {
    const crons = wranglerCrons(wrangler);
    expect(crons.length).toBeGreaterThan(0);
    expect(crons.map(cronStepMinutes)).toEqual(crons.map(() => 15));
  });

  it("knows a step cron, and nothing else", () => {
    expect(cronStepMinutes("*/15 * * * *")).toBe(15);
    expect(cronStepMinutes(" */5  * * * * ")).toBe(5);
    expect(cronStepMinutes("* * * * *")).toBe(1);
    expect(cronStepMinutes("0 3 * * *")).toBeNull();
    expect(cronStepMinutes("*/15 3 * * *")).toBeNull();
    expect(cronStepMinutes("*/0 * * * *")).toBeNull();
    expect(cronStepMinutes("*/15 * * *")).toBeNull();
  });

  it("waits for the next minute the cron names (UTC), as Cloudflare fires it", () => {
    expect(msUntilNextRun(15, at("2026-11-27T02:40:30Z"))).toBe(4.5 * 60_000);
    expect(msUntilNextRun(15, at("2026-11-27T02:45:00Z"))).toBe(15 * 60_000);
    expect(msUntilNextRun(15, at("2026-11-27T02:59:59.500Z"))).toBe(500);
    // A step that does not divide the hour starts again at minute 0, as cron does.
    expect(msUntilNextRun(7, at("2026-11-27T02:57:00Z"))).toBe(3 * 60_000);
  });
});

describe("the dev schedule's runs", () => {
  const origin = "http://localhost:5173";
  const cron = "*/15 * * * *";

  it("runs the scheduled handler now and again at the next quarter hour, until stopped", async () => {
    vi.useFakeTimers({ now: at("2026-11-27T02:40:00Z") });
    const fetcher = vi.fn(async (_url: string | URL | Request) => new Response("ok"));
    const log = vi.fn();
    const warn = vi.fn();
    const stop = startDevSchedule({ origin, crons: [cron], log, warn, fetcher: fetcher as typeof fetch });
    expect(log).toHaveBeenCalledWith("Scheduled work (cron */15 * * * *) runs now and every 15 min, as deployed");
    expect(fetcher.mock.calls.map(([url]) => String(url))).toEqual([
      `${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}`,
    ]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetcher).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(warn).not.toHaveBeenCalled();
  });

  it("says so when a run fails, and keeps its cadence", async () => {
    vi.useFakeTimers({ now: at("2026-11-27T02:40:00Z") });
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response("exception", { status: 500 }))
      .mockRejectedValueOnce(new TypeError("fetch failed"))
      .mockResolvedValue(new Response("ok"));
    const warn = vi.fn();
    const stop = startDevSchedule({ origin, crons: [cron], log: vi.fn(), warn, fetcher });
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenLastCalledWith(
      "Scheduled run (cron */15 * * * *) failed: 500 exception; see the Worker's log above",
    );
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(warn).toHaveBeenLastCalledWith(
      "Scheduled run (cron */15 * * * *) failed: fetch failed; see the Worker's log above",
    );
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledTimes(2);
    stop();
  });

  it("runs a cron it cannot repeat once, and says how to run it again", () => {
    vi.useFakeTimers({ now: at("2026-11-27T02:40:00Z") });
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(new Response("ok"));
    const log = vi.fn();
    startDevSchedule({ origin, crons: ["0 3 * * *"], log, warn: vi.fn(), fetcher });
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      `Scheduled work (cron 0 3 * * *) runs once now; run it again: curl '${origin}/cdn-cgi/local/scheduled?cron=0%203%20*%20*%20*'`,
    );
    expect(vi.getTimerCount()).toBe(0);
  });
});
