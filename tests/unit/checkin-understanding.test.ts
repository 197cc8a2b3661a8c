import { describe, expect, it } from "vitest";
import { CONCERN_WORDS } from "../../worker/ai/reflections";
import { blockerThemesIn } from "../../worker/language/themes";
import { readAnswer } from "../../worker/scoring/reading";
import { type AiAgentConfig, DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { KNOWN_GAPS, SALESPERSON_ANSWERS, type SalespersonAnswer } from "./fixtures/salesperson-answers";
import { reflectionOf, replyTo } from "./support/conversation";

const titled = (answers: readonly SalespersonAnswer[]) =>
  answers.map((a) => [a.answering ? `${a.text} (to a ${a.answering} question)` : a.text, a] as const);

function expectedReading(answer: SalespersonAnswer) {
  return {
    polarity: answer.polarity,
    mixed: answer.mixed === true,
    signals: [...answer.signals].sort(),
    blockers: answer.blockers,
  };
}

function actualReading(answer: SalespersonAnswer) {
  const reading = readAnswer(answer.text, answer.answering ?? null);
  return {
    polarity: reading.polarity,
    mixed: reading.mixed !== null,
    signals: [...reading.signals].sort(),
    blockers: reading.blockers.map((b) => b.theme),
  };
}

/** Words that welcome good news, and words that meet bad news. */
const WARM =
  /great to hear|good to hear|glad|love hearing|congratulations|earned it|strong place|good news|it's good|makes a (real|big) difference/i;
const SYMPATHY = /sorry|sounds hard|tough|frustrat|toll|wear anyone down|a lot to|hear you on|heavy|hard to sit/i;

describe("the corpus of salesperson answers", () => {
  it("covers the ways salespeople actually answer", () => {
    const answers = SALESPERSON_ANSWERS;
    expect(answers.length).toBeGreaterThanOrEqual(60);
    expect(new Set(answers.map((a) => `${a.text}|${a.answering}`)).size).toBe(answers.length);
    for (const polarity of ["positive", "neutral", "negative"] as const) {
      expect(answers.filter((a) => a.polarity === polarity).length).toBeGreaterThanOrEqual(15);
    }
    expect(answers.filter((a) => a.mixed).length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a.blockers.length > 0).length).toBeGreaterThanOrEqual(25);
    expect(answers.filter((a) => a.answering).length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a.text.split(/\s+/).length <= 3).length).toBeGreaterThanOrEqual(10);
    for (const signal of ["confidence_low", "confidence_high", "stress_high", "stress_low", "flight_risk", "win"]) {
      expect(answers.filter((a) => a.signals.includes(signal as never)).length, signal).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("reading an answer: polarity, pillar signals and blocker themes", () => {
  it.each(titled(SALESPERSON_ANSWERS))("%s", (_, answer) => {
    expect(actualReading(answer)).toEqual(expectedReading(answer));
    // The scorer's blocker detection is the same reading.
    const themes = blockerThemesIn([
      { content: answer.text, answersBlockersQuestion: answer.answering === "blockers" },
    ]);
    expect(themes.map((t) => t.theme)).toEqual(answer.blockers);
  });

  it.fails.each(titled(KNOWN_GAPS))("known gap, still misread: %s", (_, answer) => {
    expect(actualReading(answer)).toEqual(expectedReading(answer));
  });

  it("reads hedging about the number as doubt, and under 70 % as low confidence", () => {
    const hedges = [
      "I'm not sure I'll hit my number.",
      "Maybe I'll hit my number.",
      "Hopefully I hit my number.",
      "Fingers crossed on the number this quarter.",
      "We'll see how the quarter goes.",
      "I'll close the quarter at 90% at best.",
      "No idea if I'll make quota.",
    ];
    for (const text of hedges) {
      const reading = readAnswer(text);
      expect(reading.signals, text).toContain("confidence_low");
      expect(reading.signals, text).not.toContain("confidence_high");
      expect(reading.polarity, text).toBe("negative");
    }
    for (const pct of [30, 40, 50, 60, 65, 69]) {
      const reading = readAnswer(`I'm about ${pct}% confident I'll hit my number.`);
      expect(reading.signals, `${pct}%`).toEqual(["confidence_low"]);
      expect(reading.polarity, `${pct}%`).toBe("negative");
    }
    for (const pct of [70, 75, 80, 90, 95]) {
      const reading = readAnswer(`I'm about ${pct}% confident I'll hit my number.`);
      expect(reading.signals, `${pct}%`).toEqual(["confidence_high"]);
      expect(reading.polarity, `${pct}%`).not.toBe("negative");
    }
    // A price cut is not a confidence figure.
    expect(readAnswer("A competitor undercut us by 30% on the Acme deal.").signals).not.toContain("confidence_low");
  });

  it("weighs the clause after 'but', either way round", () => {
    const pairs: [string, string][] = [
      ["The team is great but the CRM is a nightmare.", "The CRM is a nightmare but the team is great."],
      [
        "Quota is tough this quarter but my manager has my back.",
        "My manager has my back but quota is tough this quarter.",
      ],
      ["Deals are moving, but I'm exhausted.", "I'm exhausted, but deals are moving."],
    ];
    for (const [first, second] of pairs) {
      const a = readAnswer(first);
      const b = readAnswer(second);
      expect(a.mixed, first).not.toBeNull();
      expect(b.mixed, second).not.toBeNull();
      expect(a.mixed?.outcome, first).not.toBe(b.mixed?.outcome);
      expect(Math.sign(a.sentiment.compound), first).not.toBe(Math.sign(b.sentiment.compound));
    }
  });

  it("never turns praise of a person or a thing into a problem", () => {
    for (const answer of SALESPERSON_ANSWERS) {
      const reading = readAnswer(answer.text, answer.answering ?? null);
      for (const topic of reading.praise) expect(reading.concerns, answer.text).not.toContain(topic);
    }
    const praise = [
      "My manager has my back.",
      "My manager gives me great feedback.",
      "Our CRM is great now.",
      "The pricing desk has been quick lately.",
      "Leads are solid this month.",
      "The training was really useful.",
      "I love the product.",
      "Comp plan is generous this year.",
    ];
    for (const text of praise) {
      expect(readAnswer(text).blockers, text).toEqual([]);
      expect(readAnswer(text, "blockers").blockers, `${text} (to a blockers question)`).toEqual([]);
    }
  });
});

describe("the interviewer's reaction to each answer", () => {
  it.each(titled(SALESPERSON_ANSWERS))("%s", (_, answer) => {
    const reply = replyTo(answer.text, answer.answering ?? "morale");
    const reflection = reflectionOf(reply);
    expect(reply.reaction).toBe(answer.mixed ? "mixed" : (answer.heard ?? answer.polarity));
    // One reflection, one question, short, and never two "sounds like".
    expect(reply.text.endsWith("?")).toBe(true);
    expect(reply.text.match(/\?/g)).toHaveLength(1);
    expect(reflection.length).toBeGreaterThan(0);
    expect(reflection.split(/\s+/).length).toBeLessThanOrEqual(28);
    expect((reply.text.match(/sounds like/gi) ?? []).length).toBeLessThanOrEqual(1);
    // The feeling matches: no warmth for a worried answer, no sympathy for good news.
    if (!answer.mixed && answer.polarity === "negative") expect(reflection).not.toMatch(WARM);
    if (!answer.mixed && answer.polarity === "positive") expect(reflection).not.toMatch(SYMPATHY);
    // A mixed answer hears both sides.
    if (answer.mixed) {
      expect(reflection).toMatch(WARM);
      expect(reflection).toMatch(/though|but/);
    }
    // Something praised is never reflected as friction.
    for (const topic of readAnswer(answer.text, answer.answering ?? null).praise) {
      const words = CONCERN_WORDS[topic];
      for (const phrase of [words.np, words.clause, ...words.lines]) expect(reply.text).not.toContain(phrase);
    }
    // Its own words, never the salesperson's.
    expect(reply.text).not.toContain(answer.text.replace(/[.!?]+$/, ""));
  });

  it("hears a negating subject deny its whole clause: no warmth for 'nothing feels like a win'", () => {
    const denied = [
      ["Nothing feels like a win lately, I'm miserable.", "blockers"],
      ["Nothing about this quarter feels good.", "morale"],
      ["Nobody on the team is happy right now.", "team_dynamics"],
    ] as const;
    for (const [text, pillar] of denied) {
      expect(readAnswer(text, pillar).polarity, text).toBe("negative");
      expect(reflectionOf(replyTo(text, pillar)), text).not.toMatch(WARM);
    }
    // Close to its subject, a negation still reads as before: "nothing is wrong" is fine.
    expect(readAnswer("Nothing is wrong, the week went well.").polarity).not.toBe("negative");
  });

  it("hears a wish as a wish: no 'Glad to hear it' for what would help", () => {
    const wishes = [
      ["What would help is fewer accounts and faster deal desk approvals.", "blockers"],
      ["It would be great if legal turned contracts around faster.", "blockers"],
      ["I wish I had more time for the good deals.", "burnout_risks"],
      ["Honestly a better lead list would make a big difference.", "blockers"],
    ] as const;
    for (const [text, pillar] of wishes) expect(reflectionOf(replyTo(text, pillar)), text).not.toMatch(WARM);
    // Good news said plainly is still met warmly.
    expect(reflectionOf(replyTo("Great week, we closed two big deals and I feel good.", "morale"))).toMatch(WARM);
  });

  it("meets the reported worried answer with doubt, not congratulations", () => {
    const reply = replyTo(
      "I'm not sure I'll hit my number this quarter, maybe 60% confident at best.",
      "quota_confidence",
    );
    expect(reply.reaction).toBe("negative");
    expect(reply.text).not.toMatch(WARM);
    expect(reply.text).not.toContain("earned it");
  });

  it("uses the configured empathy phrases where they fit, and only there", () => {
    const config: AiAgentConfig = {
      ...DEFAULT_AI_AGENT_CONFIG,
      prompts: {
        ...DEFAULT_AI_AGENT_CONFIG.prompts,
        empathy_responses: [
          "Brilliant, well done on that win!",
          "Oof, that is a lot to carry.",
          "Thanks for trusting me with that.",
        ],
      },
    };
    // Across a few wins the configured achievement phrase comes up; a disclosure gets the disclosure phrase.
    const wins = ["We just signed our biggest logo ever, I'm pumped!", "Closed a big one.", "I won the Initech deal."];
    expect(wins.some((w) => replyTo(w, "morale", config).text.includes("Brilliant, well done on that win!"))).toBe(
      true,
    );
    expect(replyTo("I'm thinking about leaving.", "morale", config).text).toContain(
      "Thanks for trusting me with that.",
    );
    for (const answer of SALESPERSON_ANSWERS.filter((a) => a.polarity !== "positive" || a.mixed)) {
      expect(replyTo(answer.text, answer.answering ?? "morale", config).text, answer.text).not.toContain("Brilliant");
    }
    for (const answer of SALESPERSON_ANSWERS.filter((a) => a.polarity === "positive" && !a.mixed)) {
      const text = replyTo(answer.text, answer.answering ?? "morale", config).text;
      expect(text, answer.text).not.toContain("Oof");
      expect(text, answer.text).not.toContain("trusting me");
    }
    // The default configuration's "earned it" is for wins, never for a plain "can't complain".
    expect(replyTo("Can't complain.").text).not.toContain("earned it");
  });
});
