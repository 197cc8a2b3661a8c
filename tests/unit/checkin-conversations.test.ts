import { describe, expect, it } from "vitest";
import { heardAs } from "../../worker/ai/heard";
import { DEFAULT_QUESTION_BANK } from "../../worker/ai/question-bank";
import { finalizeScores } from "../../worker/scoring/finalize";
import { lexiconJudgement } from "../../worker/scoring/reader";
import { readAnswer } from "../../worker/scoring/reading";
import { riskAlertsFor } from "../../worker/scoring/risk";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { converse, reflectionOf, type Turn } from "./support/conversation";

/** The answers from the dev-server transcript that started this work. */
const REPORTED = [
  "Honestly it's been rough. I'm behind on quota and the pricing approvals are killing my deals.",
  "I'm not sure I'll hit my number this quarter, maybe 60% confident at best.",
  "My manager is supportive but the team is stretched thin, everyone is working late.",
  "I'm exhausted to be honest, I haven't taken a day off in two months.",
];

const DISTRESSED = [
  ...REPORTED,
  "Not really, it's all piling up.",
  "I used to love closing but lately it just feels like a grind.",
  "Probably the approvals, they take days.",
  "More help on the team, honestly.",
  "I'm not sure I want to keep doing this.",
  "Just some time off.",
  "No, that's it.",
  "Thanks.",
];

const UPBEAT = [
  "Great week actually, closed two deals and the pipeline looks healthy.",
  "Pretty confident, I'm on track to hit my number.",
  "Nothing major, the CRM is fine these days.",
  "Workload is manageable, I switched off properly last weekend.",
  "My manager has my back and the team is really pulling together.",
  "Discovery calls, I've gotten much better at asking the hard questions.",
  "Honestly can't complain.",
  "The Globex renewal, we turned a churn risk into an expansion.",
  "Maybe some negotiation coaching, but no rush.",
  "Not bad at all, thanks.",
  "Nope, all good.",
  "Thanks!",
];

const TERSE = [
  "Fine.",
  "Not bad.",
  "Busy.",
  "Same as usual.",
  "Can't complain.",
  "Could be better.",
  "We'll see.",
  "Fine I guess.",
  "Nothing really.",
  "No.",
  "Ok.",
  "Thanks.",
];

const MIXED = [
  "Good week overall, though the discount approvals still take forever.",
  "The team is great but the CRM is a nightmare.",
  "Quota is tough this quarter but my manager has my back.",
  "I'm fine, just really tired lately.",
  "Deals are moving, but I'm exhausted.",
  "Leads are decent, but legal review is slowing every contract down.",
  "Rough start to the month but I closed a big one yesterday.",
  "I love the product, but the comp plan changed and I'm not happy.",
  "Maybe a lighter week would help.",
  "Not that I can think of.",
  "Some coaching on negotiation, maybe.",
  "Thanks.",
];

function scored(answers: readonly string[]) {
  const { transcript, userMessages } = converse(answers);
  const judgement = lexiconJudgement(transcript);
  const scores = finalizeScores(judgement.raw, userMessages);
  const themes = judgement.blockers.map((b) => b.theme);
  return { scores, themes, alerts: riskAlertsFor(scores, "Maya Chen", themes).map((a) => a.category) };
}

const openingOf = (text: string) => text.toLowerCase().split(/\s+/).slice(0, 2).join(" ");

/** Rules every embedded conversation keeps, whatever is said. */
function expectNaturalReplies(turns: readonly Turn[]) {
  const planned = turns.filter((t) => t.planned !== null);
  const reflections = planned.map((t) => (t.planned ? reflectionOf(t.planned) : ""));
  for (const [i, turn] of planned.entries()) {
    const reply = turn.reply;
    expect((reply.match(/sounds like/gi) ?? []).length, reply).toBeLessThanOrEqual(1);
    expect(reply.endsWith("?"), reply).toBe(true);
    const previous = planned[i - 1];
    if (previous) expect(openingOf(reply), `${previous.reply}\n${reply}`).not.toBe(openingOf(previous.reply));
    // The reaction follows how the answer reads, as the interviewer hears it ("Not bad." is a shrug).
    const answering = turns[turns.indexOf(turn) - 1]?.planned?.pillar ?? null;
    const reading = heardAs(readAnswer(turn.answer, answering), turn.answer);
    expect(turn.planned?.reaction, turn.answer).toBe(reading.mixed ? "mixed" : reading.polarity);
  }
  // No reflection said twice, no reply repeated.
  const said = reflections.filter((r) => r.length > 0);
  expect(new Set(said).size).toBe(said.length);
  expect(new Set(planned.map((t) => t.reply)).size).toBe(planned.length);
  // Probe once: at most one probe or follow-up per pillar.
  const probes = planned
    .map((t) => DEFAULT_QUESTION_BANK.find((q) => q.id === t.planned?.bankQuestionId))
    .filter((q) => q && (q.questionType === "probe" || q.questionType === "follow_up"));
  const pillars = probes.map((q) => q?.pillar);
  expect(new Set(pillars).size).toBe(pillars.length);
}

describe("the reported dev-server transcript, replayed", () => {
  const { greeting, turns } = converse(REPORTED);

  it("answers like a person who listened", () => {
    console.log(
      [`Assistant: ${greeting}`, ...turns.flatMap((t) => [`You: ${t.answer}`, `Assistant: ${t.reply}`])].join("\n"),
    );
    expect(turns.map((t) => t.reply)).toEqual([
      "That sounds hard; waiting on pricing approvals while a buyer cools off is frustrating. What would need to change for you to feel more certain about your forecast?",
      "That's an honest read, and an uncertain quarter is hard to sit with. What is getting in the way of you selling as much as you could?",
      "Glad your manager is in your corner, but I hear you on a team stretched that thin. What is taking the most out of you at the moment?",
      // The team was just covered (a mixed answer): not "How are things with your teammates?" again.
      "Going that long without a proper break would wear anyone down. When you hand a deal to marketing, product or customer success, how smoothly does that go?",
    ]);
    const [first, second, third, fourth] = turns.map((t) => t.reply);
    // A rough week with a named blocker: sympathy and the blocker, in the interviewer's own words.
    expect(first).toMatch(/sorry|hard/i);
    expect(first).toMatch(/pricing approval/i);
    // "Not sure … maybe 60% at best" is doubt: never congratulations.
    expect(second).not.toMatch(/great to hear|earned it|glad|congrat/i);
    expect(second).toMatch(/uncertain|honest/i);
    // The manager was praised; the friction is the team's workload. Both sides, briefly.
    expect(third).toMatch(/manager/i);
    expect(third).not.toMatch(/manager (support )?(is|are) a real source of friction|manager support/i);
    expect(third).toMatch(/team stretched|stretched too thin/i);
    expect(third).toMatch(/taking the most out of you/);
    // Exhaustion and two months without a day off.
    expect(fourth).toMatch(/break|rest/i);
    for (const reply of [first, second, third, fourth]) {
      expect((reply?.match(/sounds like/gi) ?? []).length).toBeLessThanOrEqual(1);
    }
    expectNaturalReplies(turns);
  });

  it("scores it as the distress it is: low morale and confidence, burnout risk, both blockers", () => {
    const { scores, themes, alerts } = scored(REPORTED);
    expect(scores.morale).toBeLessThan(35);
    expect(scores.confidence).toBeLessThan(40);
    expect(scores.stress).toBeGreaterThanOrEqual(70);
    expect(themes).toEqual(["Pricing approvals", "Team capacity"]);
    expect(themes).not.toContain("Manager support");
    expect(alerts).toContain("burnout");
  });
});

describe("whole check-ins with the embedded interviewer", () => {
  it.each([
    ["distressed", DISTRESSED],
    ["upbeat", UPBEAT],
    ["terse", TERSE],
    ["mixed", MIXED],
  ])("keeps a %s conversation natural: varied openings, one 'sounds like' at most, no repeats", (_, answers) => {
    const { turns } = converse(answers);
    expect(turns.at(-1)?.reply).toBe(DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement);
    expectNaturalReplies(turns);
  });

  it("scores a distressed check-in low on morale, high on stress, and raises the burnout alert", () => {
    const { scores, alerts } = scored(DISTRESSED);
    expect(scores.morale).toBeLessThan(35);
    expect(scores.stress).toBeGreaterThanOrEqual(70);
    expect(scores.confidence).toBeLessThan(40);
    expect(scores.blockers).toBeLessThan(35);
    expect(alerts).toEqual(expect.arrayContaining(["burnout", "low_morale", "low_confidence"]));
  });

  it("scores an upbeat check-in high and raises nothing", () => {
    const { scores, themes, alerts } = scored(UPBEAT);
    expect(scores.morale).toBeGreaterThan(65);
    expect(scores.confidence).toBeGreaterThan(60);
    expect(scores.stress).toBeLessThan(40);
    expect(scores.sales_strength).toBeGreaterThan(65);
    expect(themes).toEqual([]);
    expect(alerts).toEqual([]);
  });

  it("keeps a terse check-in near neutral, with no alert", () => {
    const { scores, alerts } = scored(TERSE);
    for (const value of [scores.morale, scores.confidence, scores.stress, scores.sales_strength]) {
      expect(value).toBeGreaterThanOrEqual(40);
      expect(value).toBeLessThanOrEqual(65);
    }
    expect(alerts).toEqual([]);
  });

  it("names only the blockers a mixed check-in describes as problems", () => {
    const { themes, alerts } = scored(MIXED);
    expect(themes).toEqual(["Pricing approvals", "CRM admin", "Compensation"]);
    expect(alerts).not.toContain("burnout");
  });

  it("does not raise a burnout alert for one tired remark in a good check-in", () => {
    const answers = [...UPBEAT];
    answers[3] = "A bit tired this week, but nothing a weekend won't fix.";
    expect(scored(answers).alerts).toEqual([]);
  });

  it("lets two plain signs of strain cross the burnout line, and a distressed conversation go well past it", () => {
    const twice = [...TERSE];
    twice[2] = "I'm exhausted, honestly.";
    twice[5] = "Working every weekend lately, I can't sleep.";
    expect(scored(twice).scores.stress).toBeGreaterThanOrEqual(70);
    expect(scored(twice).alerts).toContain("burnout");
    expect(scored(DISTRESSED).scores.stress).toBeGreaterThanOrEqual(75);
  });
});
