import { describe, expect, it } from "vitest";
import { COMPACT_ID_LENGTH, compactId } from "../../worker/db/compact-id";

/** Issue 26 §1: the ids of the rows a completion writes are 16 base64url characters, never repeated. */
describe("compactId", () => {
  it("is 16 URL-safe characters of 96 random bits, a new one each time", () => {
    const ids = Array.from({ length: 20_000 }, () => compactId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(COMPACT_ID_LENGTH).toBe(16);
    expect(new Set(ids).size).toBe(ids.length);
    // Every character position takes many values: the bits are random, not a counter's.
    for (let i = 0; i < COMPACT_ID_LENGTH; i++) expect(new Set(ids.map((id) => id[i])).size).toBeGreaterThan(60);
  });
});
