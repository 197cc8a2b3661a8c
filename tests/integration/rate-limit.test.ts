import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { hitRateLimit } from "../../worker/lib/rate-limit";

describe("hitRateLimit (D1-backed)", () => {
  const rule = { limit: 3, windowMs: 10_000 };

  it("refuses the fourth hit within the window, whatever the clock alignment", async () => {
    const db = createDb(env.DB);
    const start = 1_700_000_009_900; // just before a 10 s boundary
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(db, "test:a", rule, start + i * 100));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]?.retryAfterSeconds).toBe(10);
  });

  it("opens a new window once the first hit is older than the window", async () => {
    const db = createDb(env.DB);
    const start = 1_700_000_000_000;
    for (let i = 0; i < 4; i++) await hitRateLimit(db, "test:b", rule, start + i);
    const later = await hitRateLimit(db, "test:b", rule, start + 10_000);
    expect(later).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts each key on its own, and concurrent hits are all counted", async () => {
    const db = createDb(env.DB);
    const now = 1_700_000_100_000;
    const hits = await Promise.all(Array.from({ length: 6 }, () => hitRateLimit(db, "test:c", rule, now)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(3);
    expect((await hitRateLimit(db, "test:d", rule, now)).allowed).toBe(true);
  });
});
