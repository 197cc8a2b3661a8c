import { describe, expect, it } from "vitest";
import { checkInIdIn } from "../../worker/db/shards";

/**
 * Issue 26 §1: a new check-in's id is its shard's prefix and a 16-character compact id (the id
 * is repeated in every row and index a completion writes), and one in the platform database can
 * never read like a shard's prefix (the link route would look for it in that shard: a 404).
 */
describe("new check-in ids", () => {
  it("name their shard, then 16 URL-safe random characters", () => {
    for (let i = 0; i < 200; i++) {
      expect(checkInIdIn("DB_SHARD_0")).toMatch(/^s0-[A-Za-z0-9_-]{16}$/);
      expect(checkInIdIn("DB_SHARD_12")).toMatch(/^s12-[A-Za-z0-9_-]{16}$/);
    }
  });

  it("are a bare compact id in the platform database, drawn again when it would read as a shard's", () => {
    expect(checkInIdIn("DB")).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const draws = ["s1-aaaaaaaaaaaaa", "s27-aaaaaaaaaaaa", "s9xaaaaaaaaaaaaa"];
    expect(checkInIdIn("DB", () => draws.shift() ?? "unexpected")).toBe("s9xaaaaaaaaaaaaa");
    expect(draws).toEqual([]);
  });
});
