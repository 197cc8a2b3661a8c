import { describe, expect, it } from "vitest";
import { converse } from "./support/conversation";

/**
 * The embedded interviewer after a clearly negative answer: its next question follows on from
 * it, never a cheerful jump to good news ("Tell me about a recent win you're proud of"). The
 * good-news question waits for a later turn; it is not dropped.
 */
const GOOD_NEWS = /\bwin\b|proud|most satisfying|strongest/i;
const HARD_WEEKS = [
  [
    "Awful week, I feel miserable and exhausted.",
    "I'm just drained, too many accounts and no time.",
    "Honestly I hate how things are going, the CRM is a nightmare and my manager ignores me.",
    "It's bad, I'm behind on quota and nothing is closing.",
    "Terrible. Everything is slipping.",
    "I'm frustrated, nobody listens.",
  ],
  [
    "Not great. I'm burned out.",
    "My manager never helps, it's frustrating.",
    "I feel like nobody cares.",
    "Deals keep slipping, it's depressing.",
    "I hate the new comp plan.",
    "Meh.",
  ],
];

describe("the embedded interviewer after a negative answer", () => {
  it("asks no good-news question right after one", () => {
    for (const answers of HARD_WEEKS) {
      for (const turn of converse(answers).turns) {
        if (turn.planned?.reaction !== "negative") continue;
        expect(turn.planned.question, `after "${turn.answer}"`).not.toMatch(GOOD_NEWS);
      }
    }
  });

  it("still asks about a win once an answer is not negative", () => {
    const answers = [...(HARD_WEEKS[1] ?? []).slice(0, 4), "Better today, actually: the demo went really well."];
    const good = converse(answers).turns.at(-1);
    expect(good?.planned?.reaction).toBe("positive");
    expect(good?.planned?.question).toMatch(GOOD_NEWS);
  });
});
