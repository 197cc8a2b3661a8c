import { describe, expect, it } from "vitest";
import { readAnswer, statesFigure } from "../../worker/scoring/reading";
import { PILLARS } from "../../worker/shared/pillars";
import { KNOWN_GAPS, SALESPERSON_ANSWERS } from "./fixtures/salesperson-answers";

/**
 * The interviewer asks every earlier answer whether it stated a figure, on every turn
 * (rating-turn.ts), through `statesFigure`, the one part of `readAnswer` it needs: the two
 * must agree on every answer and every pillar it could answer.
 */
describe("statesFigure", () => {
  const answers = [
    ...[...SALESPERSON_ANSWERS, ...KNOWN_GAPS].map((answer) => answer.text),
    "Maybe 40 percent.",
    "7/10 if the renewals land.",
    "Should make 80 this quarter.",
    "About three out of ten, honestly.",
  ];

  it("agrees with the whole reading's figure for every answer and pillar", () => {
    let figures = 0;
    for (const text of answers) {
      for (const pillar of [null, ...PILLARS]) {
        const figure = readAnswer(text, pillar).figure;
        expect(statesFigure(text, pillar), `${pillar}: ${text}`).toBe(figure);
        if (figure) figures++;
      }
    }
    // Both sides of the comparison occur.
    expect(figures).toBeGreaterThan(5);
  });
});
