import { describe, expect, it } from "vitest";
import { selfRatingsOf } from "../../worker/scoring/self-ratings";
import { ratingFromAnswer, SELF_RATINGS } from "../../worker/shared/self-rating";

/** Issue 24 §6: a one-tap rating, tapped or typed, read from the answer to its question. */
describe("ratingFromAnswer", () => {
  it("reads every button's label as its value", () => {
    for (const { choices } of Object.values(SELF_RATINGS))
      for (const choice of choices) expect(ratingFromAnswer(choice.label)).toBe(choice.value);
  });

  it("reads one number typed near the start, in digits or words", () => {
    expect(ratingFromAnswer("3")).toBe(3);
    expect(ratingFromAnswer("prob a 4 tbh")).toBe(4);
    expect(ratingFromAnswer("maybe four")).toBe(4);
  });

  it("gives nothing for a skip, two numbers, a number out of range or a story", () => {
    expect(ratingFromAnswer("Skip")).toBeNull();
    expect(ratingFromAnswer("id rather not")).toBeNull();
    expect(ratingFromAnswer("somewhere between 3 and 4")).toBeNull();
    expect(ratingFromAnswer("7")).toBeNull();
    expect(ratingFromAnswer(`we closed 3 deals ${"and then some more ".repeat(5)}`)).toBeNull();
  });
});

describe("selfRatingsOf", () => {
  it("takes the answer right after a rating question, and nothing from other answers", () => {
    const ask = (rating: "burnout" | "confidence") => ({
      sender: "assistant" as const,
      content: SELF_RATINGS[rating].question,
      pillar: SELF_RATINGS[rating].pillar,
      rating,
    });
    const say = (content: string) => ({ sender: "user" as const, content, pillar: null });
    const transcript = [
      { sender: "assistant" as const, content: "How many deals this week?", pillar: "sales_strength" as const },
      say("4"),
      ask("burnout"),
      say(SELF_RATINGS.burnout.choices[3]?.label ?? ""),
      ask("confidence"),
      say("Skip"),
    ];
    expect(selfRatingsOf(transcript)).toEqual({ burnout: 4, confidence: null });
  });
});
