import { describe, expect, it } from "vitest";
import { greetingFor } from "../../worker/ai/agent-config";
import { segmentsOf, sentimentOf } from "../../worker/language/lexicon";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { isPlausibleEmail, validateSignup } from "../../worker/shared/auth";

/**
 * Issue 12 item 3: every pattern over user input is linear, after a length check. Each
 * case below feeds the input that made the old pattern backtrack (quadratic in its length)
 * at a size where the old code ran for minutes; these only assert the answer, and finish
 * in milliseconds because the work is linear. The list of patterns and why each is linear
 * is in the trust helper's closing note (issue 12).
 */
describe("patterns over user input", () => {
  it("isPlausibleEmail keeps its rule: something@something.something, no spaces", () => {
    const valid = ["a@b.co", "first.last+tag@mail.example.com", "x@sub.domain.io"];
    const invalid = ["", "a", "a@", "@b.co", "a@b", "a@.co", "a@b.", "a b@c.de", "a@b@c.de", "a@b .co"];
    for (const email of valid) expect(isPlausibleEmail(email), email).toBe(true);
    for (const email of invalid) expect(isPlausibleEmail(email), email).toBe(false);
  });

  it("isPlausibleEmail and the sign-up form check the length before anything else", () => {
    // "a@" followed by 250,000 letters and no dot: the old pattern tried every split of the domain.
    const hostile = `a@${"a".repeat(250_000)}`;
    expect(isPlausibleEmail(hostile)).toBe(false);
    expect(
      validateSignup({
        firstName: "A",
        lastName: "B",
        email: hostile,
        password: "correct-horse",
        companyName: "C",
      }),
    ).toBe("Email must be at most 254 characters");
  });

  it("the sarcasm rule reads a long answer of repeated 'love working' in one pass", { timeout: 30_000 }, () => {
    // Answers are capped at 2,000 characters; this is 50 times that.
    expect(segmentsOf(`${"love working ".repeat(8000)}x`).length).toBeGreaterThan(0);
    // Still sarcasm when it is: "love spending … Friday night".
    expect(sentimentOf("Yeah, love spending my Friday night in Salesforce.").compound).toBeLessThan(0);
  });

  it("the greeting's space-before-comma fix is one pass over a long run of spaces", () => {
    const config = {
      ...DEFAULT_AI_AGENT_CONFIG,
      prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, opening_greeting: "Hi {name} , welcome" },
    };
    expect(greetingFor(config, "Maya")).toBe("Hi Maya, welcome");
    expect(greetingFor(config, `Maya${" ".repeat(200_000)}x`)).toContain("Maya");
  });
});
