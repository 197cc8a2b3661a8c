import { describe, expect, it } from "vitest";
import { absorbAnswers, type FreshAnswer, type ProgressByPillar, withSentiment } from "../../worker/checkin/progress";
import { emptyPillarProgress, PROBE_BELOW } from "../../worker/checkin/rules";
import { sentimentOf } from "../../worker/language/lexicon";
import { themeOf } from "../../worker/language/themes";
import { PILLARS, type Pillar } from "../../worker/shared/pillars";

/**
 * Pillar progress (worker/checkin/progress.ts): a turn credits its answers without reading
 * their sentiment, and the chat's closing reads every answer's sentiment once. Together they
 * must store what crediting each answer with its sentiment as it came stored (the reference
 * below is that code, as it was).
 */
function creditedAsTheyCame(current: ProgressByPillar, answers: readonly FreshAnswer[]): ProgressByPillar {
  const progress = structuredClone(current);
  for (const answer of answers) {
    const pillar = answer.pillar;
    if (!pillar || !progress[pillar]) continue;
    const entry = progress[pillar];
    const sentiment = sentimentOf(answer.content);
    const answered = entry.explored ? 1 : 0;
    entry.sentimentScore = Math.round((entry.sentimentScore * answered + sentiment.score) / (answered + 1));
    entry.explored = true;
    entry.needsMoreExploration = sentiment.score < PROBE_BELOW;
    entry.timeSpentMs += Math.max(0, answer.createdAt - (answer.askedAt ?? answer.createdAt));
    const theme = themeOf(answer.content);
    if (theme && !entry.topics.includes(theme.id)) entry.topics.push(theme.id);
    if (theme && theme.pillar !== pillar && progress[theme.pillar]) {
      progress[theme.pillar].explored = true;
      progress[theme.pillar].needsMoreExploration ||= sentiment.score < PROBE_BELOW;
    }
  }
  return progress;
}

/** Answers of every mood, some about another pillar than the question's (their theme's). */
const ANSWERS = [
  "Honestly it was a rough week, I'm exhausted and behind on everything.",
  "Great week! Closed two deals and the team is buzzing.",
  "Fine I guess.",
  "My manager keeps moving the goalposts and it's really frustrating.",
  "The CRM is so slow it eats an hour a day.",
  "Pretty confident we'll hit quota, pipeline looks healthy.",
  "Not sleeping well, too much pressure from the numbers.",
  "I'd love more coaching on negotiation.",
  "Pricing approvals take forever and deals stall.",
  "Nothing really.",
  "Burned out, to be honest. Thinking about whether this is the right job.",
  "Training last week was useful, learned a lot.",
];

/** A small deterministic generator, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("pillar progress: the answers' sentiment read at closing", () => {
  it("stores what crediting each answer with its sentiment as it came stored", () => {
    for (let chat = 0; chat < 60; chat++) {
      const next = random(chat + 1);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
      const answers: FreshAnswer[] = Array.from({ length: 3 + Math.floor(next() * 12) }, (_, i) => ({
        seq: 2 * i + 2,
        content: pick(ANSWERS),
        pillar: next() < 0.1 ? null : pick<Pillar>(PILLARS),
        createdAt: 10_000 * (i + 1),
        askedAt: i === 0 && next() < 0.5 ? null : 10_000 * i + 3_000,
      }));
      const start = emptyPillarProgress();
      const reference = creditedAsTheyCame(start, answers);
      // Turn by turn, one or two answers at a time (two: a message came mid-reply), then the closing.
      let progress = start;
      let processedSeq = 0;
      for (let i = 0; i < answers.length; ) {
        const take = next() < 0.3 ? 2 : 1;
        const absorbed = absorbAnswers(progress, processedSeq, answers.slice(i, i + take));
        progress = absorbed.progress;
        processedSeq = absorbed.processedSeq;
        i += take;
      }
      expect(processedSeq).toBe(answers.at(-1)?.seq);
      expect(withSentiment(progress, answers)).toEqual(reference);
      // Read at closing only: the turns leave the sentiment as it was (nothing they plan with reads it).
      for (const pillar of PILLARS) {
        expect(progress[pillar].sentimentScore).toBe(start[pillar].sentimentScore);
        expect({ ...progress[pillar], sentimentScore: 0, needsMoreExploration: false }).toEqual({
          ...reference[pillar],
          sentimentScore: 0,
          needsMoreExploration: false,
        });
      }
    }
  });

  it("gives a pillar its answers' sentiment, and one another answer talked about a probe", () => {
    const answers: FreshAnswer[] = [
      { seq: 2, content: ANSWERS[0] ?? "", pillar: "morale", createdAt: 5_000, askedAt: 1_000 },
      { seq: 4, content: ANSWERS[1] ?? "", pillar: "morale", createdAt: 9_000, askedAt: 6_000 },
    ];
    const closed = withSentiment(absorbAnswers(emptyPillarProgress(), 0, answers).progress, answers);
    const rough = sentimentOf(ANSWERS[0] ?? "").score;
    const great = sentimentOf(ANSWERS[1] ?? "").score;
    expect(rough).toBeLessThan(PROBE_BELOW);
    expect(closed.morale.sentimentScore).toBe(Math.round((rough + great) / 2));
    expect(closed.morale.needsMoreExploration).toBe(false);
    expect(closed.morale.timeSpentMs).toBe(7_000);
  });
});
