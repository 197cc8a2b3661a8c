import { describe, expect, it } from "vitest";
import { readingSentence } from "../../worker/shared/check-in-summary";

/** The closing summary's lines (issue 24 §5 and §7): what the rep reads for each reading. */
describe("the summary's line for a reading", () => {
  const stress = { dimension: "stress", read: "high" } as const;

  it("a firm reading is its band in plain words", () => {
    expect(readingSentence({ ...stress, uncertain: false, heard: true })).toBe("Workload: heavy");
  });

  it("an uncertain reading the rep spoke to keeps the band the manager will see, with its doubt", () => {
    expect(readingSentence({ ...stress, uncertain: true, heard: true })).toBe("Workload: heavy (not sure)");
  });

  it("a band whose words already doubt is not doubted twice", () => {
    const confidence = { dimension: "confidence", read: "middle", uncertain: true, heard: true } as const;
    expect(readingSentence(confidence)).toBe("Hitting your number: unsure");
  });

  it("an uncertain reading nobody spoke to (or from an older object) says so", () => {
    const missed = "Workload: not sure — we didn't hear enough to tell";
    expect(readingSentence({ ...stress, uncertain: true, heard: false })).toBe(missed);
    expect(readingSentence({ ...stress, uncertain: true })).toBe(missed);
  });

  it("the rep's correction wins", () => {
    expect(readingSentence({ ...stress, uncertain: true, heard: true, corrected: "low" })).toBe("Workload: manageable");
  });
});
