import { describe, expect, it } from "vitest";
import { storedBlockerDescription } from "../../worker/db/blocker-text";
import { decodeDimensions, decodeReview, encodeDimensions, encodeReview } from "../../worker/db/score-flags";
import { BLOCKER_THEMES } from "../../worker/language/themes";
import { SCORE_DIMENSIONS } from "../../worker/shared/pillars";

/** Issue 26 §1: what a completion stores in few bytes reads back as what it was, and so do older rows. */
describe("score flags as letters", () => {
  it("stores a list as one letter per score, none as null, and reads it back", () => {
    expect(encodeDimensions(["stress", "blockers"])).toBe("sb");
    expect(encodeDimensions(["blockers", "stress"])).toBe("sb");
    expect(encodeDimensions([])).toBeNull();
    const all = encodeDimensions(SCORE_DIMENSIONS);
    expect(all).toHaveLength(SCORE_DIMENSIONS.length);
    expect(decodeDimensions(all)).toEqual([...SCORE_DIMENSIONS]);
    for (const d of SCORE_DIMENSIONS) expect(decodeDimensions(encodeDimensions([d]))).toEqual([d]);
  });

  it("reads an older row's JSON list the same, and nothing from what it cannot read", () => {
    expect(decodeDimensions('["stress","sales_strength"]')).toEqual(["stress", "sales_strength"]);
    expect(decodeDimensions("[]")).toEqual([]);
    expect(decodeDimensions(null)).toEqual([]);
    expect(decodeDimensions("sx")).toEqual([]);
    expect(decodeDimensions('["nope"]')).toEqual([]);
    expect(decodeDimensions("[broken")).toEqual([]);
  });
});

describe("the judge's disagreement, compact", () => {
  const review = [
    { dimension: "stress" as const, llm: 78, reader: 47 },
    { dimension: "sales_strength" as const, llm: 40, reader: 75 },
  ];

  it("stores figures only, none as null, and reads them back", () => {
    expect(encodeReview(review)).toBe("stress:78:47;sales_strength:40:75");
    expect(encodeReview([])).toBeNull();
    expect(decodeReview(encodeReview(review))).toEqual(review);
  });

  it("reads an older row's JSON the same, and nothing from what it cannot read", () => {
    expect(decodeReview(JSON.stringify({ review }))).toEqual(review);
    expect(decodeReview(null)).toEqual([]);
    expect(decodeReview("stress:78")).toEqual([]);
    expect(decodeReview("calm:78:47")).toEqual([]);
    expect(decodeReview("stress:78:47;")).toEqual([]);
    expect(decodeReview('{"review":"x"}')).toEqual([]);
    expect(decodeReview(`stress:1:2;${"x".repeat(300)}`)).toEqual([]);
  });
});

describe("a blocker's stored description", () => {
  it("is nothing when it is its theme's fixed one, else the text itself", () => {
    for (const b of BLOCKER_THEMES) expect(storedBlockerDescription(b)).toBeNull();
    expect(storedBlockerDescription({ theme: "CRM admin", description: "My own words" })).toBe("My own words");
    expect(storedBlockerDescription({ theme: "CRM admin", description: "CRM admin" })).toBe("CRM admin");
    expect(storedBlockerDescription({ theme: "Unknown", description: "Unknown" })).toBe("Unknown");
  });
});
