import { describe, expect, it } from "vitest";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { Judgement, TranscriptMessage } from "../../worker/scoring/judgement";
import { checkedModel, type ModelFile } from "../../worker/scoring/model/bands";
import { featuresOf } from "../../worker/scoring/model/features";
import { termsOf } from "../../worker/scoring/model/terms";
import { lexiconJudgement, readAnswers } from "../../worker/scoring/reader";
import { readerJudgement, shippedModel } from "../../worker/scoring/trained-reader";
import { SCORE_DIMENSIONS } from "../../worker/shared/pillars";
import { SELF_RATINGS } from "../../worker/shared/self-rating";

/** Issue 24 items 3 and 5: the trained reader's stored scores, its alert rule and its doubt. */

const ask = (pillar: TranscriptMessage["pillar"], content = "Tell me more?"): TranscriptMessage => ({
  sender: "assistant",
  content,
  pillar,
});
const say = (content: string): TranscriptMessage => ({ sender: "user", content, pillar: null });
const rate = (kind: "burnout" | "confidence", value: 1 | 2 | 3 | 4 | 5): TranscriptMessage[] => [
  { sender: "assistant", content: SELF_RATINGS[kind].question, pillar: SELF_RATINGS[kind].pillar, rating: kind },
  say(SELF_RATINGS[kind].choices[value - 1]?.label ?? ""),
];

const STRAIN = "Exhausted. Working every weekend and I can't sleep.";
const CALM = "Fine, the team is good and the pipeline looks ok.";

/**
 * A model made by hand: stress rises with each answer that shows strain (the rule reader's
 * signal), everything else stays in the middle. One strain answer is already high stress.
 */
function strainModel(): ModelFile {
  const flat = {
    weights: [[0], [0], [0]] as [number[], number[], number[]],
    bias: [0, 1, 0] as [number, number, number],
  };
  return {
    version: 1,
    trainedOn: ["test"],
    keys: ["@strain"],
    targets: {
      morale: flat,
      confidence: flat,
      sales_strength: flat,
      blockers: flat,
      stress: { weights: [[0], [0], [4]], bias: [1, 0, -1] },
    },
    // A rating says nothing here: the same likelihood in every band.
    ratings: {
      burnout: { likelihood: Array.from({ length: 5 }, () => [0.2, 0.2, 0.2] as [number, number, number]) },
      confidence: { likelihood: Array.from({ length: 5 }, () => [0.2, 0.2, 0.2] as [number, number, number]) },
    },
  };
}

const band = (score: number) => (score < 40 ? "low" : score < 60 ? "mid" : "high");

describe("a burnout alert needs two answers or a rating (issue 24 §5)", () => {
  const model = strainModel();
  const judged = (transcript: TranscriptMessage[]) => judgeCheckIn(transcript, { memberName: "Ana", model });
  const burnout = (transcript: TranscriptMessage[]) => judged(transcript).alerts.some((a) => a.category === "burnout");

  it("strain in one answer is high stress, under the line, uncertain, and no alert", () => {
    const one = [ask("burnout_risks"), say(STRAIN), ask("morale"), say(CALM)];
    const result = judged(one);
    expect(result.scores.stress).toBeGreaterThan(60);
    expect(result.scores.stress).toBeLessThan(70);
    expect(result.confidence.stress.uncertain).toBe(true);
    expect(burnout(one)).toBe(false);
  });

  it("strain in two answers raises it, at or over the line", () => {
    const two = [ask("burnout_risks"), say(STRAIN), ask("morale"), say(STRAIN)];
    expect(judged(two).scores.stress).toBeGreaterThanOrEqual(70);
    expect(burnout(two)).toBe(true);
  });

  it("strain in one answer and a burnout rating raise it too", () => {
    const rated = [ask("burnout_risks"), say(STRAIN), ...rate("burnout", 3), ask("morale"), say(CALM)];
    expect(burnout(rated)).toBe(true);
  });

  it("keeps alerted stress firm once high is the majority; under it, or without the alert, it stays uncertain", () => {
    // Stress: one strained answer moves high by `push` against mid; two answers raise the alert.
    const split = (push: number): ModelFile => {
      const base = strainModel();
      return { ...base, targets: { ...base.targets, stress: { weights: [[0], [0], [push]], bias: [-9, 0, 0] } } };
    };
    const two = [ask("burnout_risks"), say(STRAIN), ask("morale"), say(STRAIN)];
    // P(high) = e^(push·log 3) / (1 + e^(push·log 3)): push 0.3 → 0.58 (a majority), push 0.1 → 0.53, push 0 → 0.5 (a tie: mid).
    const majority = readerJudgement(two, split(0.3)).confidence.stress;
    expect(majority.agreement).toBeGreaterThanOrEqual(0.5);
    expect(majority.agreement).toBeLessThan(0.6);
    expect(majority.uncertain).toBe(false);
    expect(
      judgeCheckIn(two, { memberName: "Ana", model: split(0.3) }).alerts.some((a) => a.category === "burnout"),
    ).toBe(true);
    // The same split from one answer: high without the alert's evidence stays uncertain.
    const one = [ask("burnout_risks"), say(STRAIN), ask("morale"), say(CALM)];
    expect(readerJudgement(one, split(0.6)).confidence.stress.uncertain).toBe(true);
    // Morale at the same probability, with no alert to back it, stays uncertain.
    const base = strainModel();
    const morale: ModelFile = {
      ...base,
      targets: { ...base.targets, morale: { weights: [[0.3], [0], [0]], bias: [0, 0, -9] } },
    };
    const low = readerJudgement(two, morale).confidence.morale;
    expect(low.agreement).toBeLessThan(0.6);
    expect(low.uncertain).toBe(true);
  });

  it("holds an LLM's stress just under the line without that evidence", () => {
    const llm: Judgement = { raw: { stress: 90 }, blockers: [], judgedBy: "llm" };
    const one = [ask("burnout_risks"), say(STRAIN), ask("morale"), say(CALM)];
    const result = judgeCheckIn(one, { memberName: "Ana", model, llm: { count: one.length, judgement: llm } });
    expect(result.judgedBy).toBe("llm");
    expect(result.scores.stress).toBe(69);
    expect(result.alerts.some((a) => a.category === "burnout")).toBe(false);
    const two = [ask("burnout_risks"), say(STRAIN), ask("morale"), say(STRAIN)];
    const backed = judgeCheckIn(two, { memberName: "Ana", model, llm: { count: two.length, judgement: llm } });
    expect(backed.scores.stress).toBe(85);
  });
});

describe("the stored score is the model's band (issue 24 constraint)", () => {
  it("places every score inside its band and the spec's clamps, stress over 60 only when high", () => {
    const model = strainModel();
    for (const strained of [0, 1, 2, 3]) {
      const transcript = Array.from({ length: 4 }, (_, i) => [
        ask("burnout_risks"),
        say(i < strained ? STRAIN : CALM),
      ]).flat();
      const judged = readerJudgement(transcript, model);
      const stress = judged.raw.stress ?? 50;
      // High's log-odds: −1 + 4 × log(1 + answers with strain) against low's 1: no strain is low, one is high.
      const expected = strained === 0 ? "low" : "high";
      expect(stress <= 40 ? "low" : stress <= 60 ? "mid" : "high").toBe(expected);
      for (const d of SCORE_DIMENSIONS.filter((x) => x !== "stress")) expect(band(judged.raw[d] ?? 50)).toBe("mid");
    }
  });

  it("says a score nobody spoke to is uncertain, with no evidence", () => {
    const judged = readerJudgement(
      [ask("burnout_risks"), say(STRAIN), ask("burnout_risks"), say(STRAIN)],
      strainModel(),
    );
    expect(judged.confidence.blockers).toMatchObject({ evidence: 0, uncertain: true });
    expect(judged.confidence.stress.evidence).toBe(2);
    expect(judged.confidence.stress.agreement).toBeGreaterThan(0.5);
    expect(judged.confidence.stress.uncertain).toBe(false);
  });

  it("says a score whose band is barely the likeliest is uncertain, and a clear one firm", () => {
    // Morale: each answer with strain pushes "low" by `push` (per log(1 + answers)); nothing else moves it.
    const moraleModel = (push: number): ModelFile => {
      const base = strainModel();
      return { ...base, targets: { ...base.targets, morale: { weights: [[push], [0], [0]], bias: [0, 0, 0] } } };
    };
    const transcript = [ask("morale"), say(STRAIN)];
    // push 1: P(low) = 2 / (2 + 1 + 1) = 0.5, under the line; push 4: P(low) ≈ 0.89.
    const barely = readerJudgement(transcript, moraleModel(1)).confidence.morale;
    expect(barely).toMatchObject({ evidence: 1, agreement: 0.5, uncertain: true });
    const clear = readerJudgement(transcript, moraleModel(4)).confidence.morale;
    expect(clear.agreement).toBeGreaterThanOrEqual(0.6);
    expect(clear).toMatchObject({ evidence: 1, uncertain: false });
  });

  it("says a score is uncertain when the LLM's reading and the reader's are far apart", () => {
    const transcript = [ask("burnout_risks"), say(STRAIN), ask("burnout_risks"), say(STRAIN)];
    const model = strainModel();
    const reader = readerJudgement(transcript, model);
    expect(reader.confidence.stress.uncertain).toBe(false);
    const withLlm = (stress: number) =>
      judgeCheckIn(transcript, {
        memberName: "Ana",
        model,
        llm: { count: transcript.length, judgement: { raw: { stress }, blockers: [], judgedBy: "llm" } },
      }).confidence.stress;
    const near = withLlm(reader.raw.stress ?? 0);
    expect(near.uncertain).toBe(false);
    const far = withLlm(10);
    expect(far.uncertain).toBe(true);
    expect(far.agreement).toBeLessThan(0.5);
  });

  it("counts a rating as evidence on its score", () => {
    const judged = readerJudgement([ask("morale"), say(CALM), ...rate("confidence", 4)], strainModel());
    expect(judged.ratings.confidence).toBe(4);
    expect(judged.confidence.confidence.evidence).toBe(1);
  });
});

describe("the shipped weights", () => {
  const depleted = [
    ask("morale", "How has your week been?"),
    say("Honestly rough. I'm running on empty and I haven't had a proper weekend in two months."),
    ask("burnout_risks", "How are you holding up with the workload?"),
    say("Not well. I'm up past midnight most nights answering emails and I can't switch off. My sleep is wrecked."),
    ask("quota_confidence", "How do you feel about your number?"),
    say("I'll probably get there but it's costing me my health."),
    ask("blockers", "What's getting in the way?"),
    say("Too many accounts since Sam left, I'm covering two territories."),
  ];
  const thriving = [
    ask("morale", "How has your week been?"),
    say("Really good week, I love this team and I feel appreciated."),
    ask("burnout_risks", "How are you holding up with the workload?"),
    say("Busy but totally sustainable, I log off at six and had a relaxing weekend."),
    ask("quota_confidence", "How do you feel about your number?"),
    say("Very confident, I'm already at 95% with a strong pipeline."),
    ask("blockers", "What's getting in the way?"),
    say("Nothing really, things are running smoothly."),
  ];

  it("is a whole model, trained on dev writers only", () => {
    expect(shippedModel().keys.length).toBeGreaterThan(100);
    expect(shippedModel().trainedOn).not.toContain("A");
    expect(shippedModel().trainedOn).not.toContain("W09");
    expect(shippedModel().trainedOn).not.toContain("W10");
  });

  it("warns about a depleted rep told over several answers and not about a thriving one", () => {
    const alerts = (t: TranscriptMessage[]) => judgeCheckIn(t, { memberName: "Ana" }).alerts.map((a) => a.category);
    expect(alerts(depleted)).toContain("burnout");
    expect(alerts(thriving)).toEqual([]);
    const scores = judgeCheckIn(thriving, { memberName: "Ana" }).scores;
    expect(band(scores.morale)).toBe("high");
    expect(scores.stress).toBeLessThanOrEqual(40);
  });

  it("weighs the energy rating beside the words: the same words rated 5 read more strained than rated 1", () => {
    const mixed = [
      ask("morale", "How has your week been?"),
      say("Busy, a few late nights, but ok I guess."),
      ask("burnout_risks", "How are you holding up?"),
      say("Tired some days, fine others."),
    ];
    const stress = (value: 1 | 5) =>
      judgeCheckIn([...mixed, ...rate("burnout", value)], { memberName: "Ana" }).scores.stress;
    expect(stress(5)).toBeGreaterThan(stress(1));
    const confidence = (value: 1 | 5) =>
      judgeCheckIn([...mixed, ...rate("confidence", value)], { memberName: "Ana" }).scores.confidence;
    expect(confidence(5)).toBeGreaterThan(confidence(1));
  });

  it("reads the ratings in order: a higher rating never makes a higher band less likely against a lower one", () => {
    for (const { likelihood } of Object.values(shippedModel().ratings)) {
      for (const band of [0, 1, 2]) {
        expect(likelihood.reduce((sum, row) => sum + (row[band] as number), 0)).toBeCloseTo(1, 6);
      }
      for (const band of [0, 1] as const) {
        const ratios = likelihood.map((row) => (row[band + 1] as number) / (row[band] as number));
        ratios.slice(1).forEach((ratio, v) => {
          expect(ratio).toBeGreaterThanOrEqual(ratios[v] as number);
        });
      }
    }
  });
});

describe("the weights file is checked when the Worker loads it", () => {
  it("refuses a file with weights of the wrong length or a rating missing", () => {
    const whole = strainModel();
    expect(checkedModel(whole)).toBe(whole);
    expect(() => checkedModel({ ...whole, keys: [] })).toThrow(/npm run train/);
    expect(() => checkedModel({ ...whole, ratings: { burnout: whole.ratings.burnout } })).toThrow(/npm run train/);
  });

  it("leaves a score it has no weights for (a pillar added since training) uncertain, with no reading", () => {
    const { blockers: _, ...targets } = strainModel().targets;
    const judged = readerJudgement([ask("blockers"), say("Legal is slow.")], { ...strainModel(), targets });
    expect(judged.raw.blockers).toBeUndefined();
    expect(judged.confidence.blockers).toEqual({ evidence: 0, agreement: 0, uncertain: true });
  });
});

describe("termsOf", () => {
  it("marks the three words after a negation, until a contrast or the clause ends", () => {
    expect(termsOf("not sleeping well at all")).toEqual(
      expect.arrayContaining(["!sleeping", "!well", "!at", "all", "not !sleeping"]),
    );
    expect(termsOf("I can't sleep but work is great")).toEqual(expect.arrayContaining(["!sleep", "work", "great"]));
    expect(termsOf("No. Great week")).toEqual(expect.arrayContaining(["great", "week"]));
  });

  it("folds figures", () => {
    expect(termsOf("at 61% with 6 weeks")).toEqual(expect.arrayContaining(["<n>", "at <n>", "<n> weeks"]));
  });
});

describe("strain said to another pillar's question counts toward stress", () => {
  const exhaustedElsewhere = [
    ask("morale", "How are things going for you this week?"),
    say("Okay I guess. I'm running on fumes, logging on again after the kids are in bed."),
    ask("team_dynamics", "How is the team getting on?"),
    say("We get along. I'm overloaded with accounts and I'm not sleeping much."),
    ask("quota_confidence", "How do you feel about your number?"),
    say("Should hit it, about 85%."),
    ask("blockers", "Anything in your way?"),
    say("Pricing approvals take a while."),
  ];
  const busyButFine = [
    ask("morale", "How are things going for you this week?"),
    say("Busy week, a few late nights, but ok. I'm in a good place."),
    ask("team_dynamics", "How is the team getting on?"),
    say("Long day yesterday but a good one, the team pulled together."),
    ask("quota_confidence", "How do you feel about your number?"),
    say("Should hit it, about 85%."),
    ask("blockers", "Anything in your way?"),
    say("Pricing approvals take a while."),
  ];
  const keysOf = (transcript: TranscriptMessage[]) => {
    const answers = readAnswers(transcript);
    return featuresOf(answers, lexiconJudgement(transcript, answers).raw).answers;
  };

  it("reads a clear strain told to the morale or team question under the stress question too", () => {
    const [toMorale, toTeam, toQuota] = keysOf(exhaustedElsewhere);
    expect(toMorale).toContain("morale|@strain");
    expect(toMorale).toContain("burnout_risks|@strain");
    expect(toTeam).toContain("burnout_risks|@strain");
    expect(toQuota?.some((k) => k.startsWith("burnout_risks|"))).toBe(false);
  });

  it("leaves a mild one where it was said", () => {
    const [toMorale, toTeam] = keysOf(busyButFine);
    expect(toMorale?.some((k) => k.startsWith("burnout_risks|"))).toBe(false);
    expect(toTeam?.some((k) => k.startsWith("burnout_risks|"))).toBe(false);
  });

  it("warns firmly about strain told only outside the stress question, and not about a busy week that is fine", () => {
    const strained = judgeCheckIn(exhaustedElsewhere, { memberName: "Ana" });
    expect(strained.scores.stress).toBeGreaterThanOrEqual(70);
    expect(strained.alerts.map((a) => a.category)).toContain("burnout");
    // High is the majority, so the alert is not also called uncertain.
    expect(strained.confidence.stress.uncertain).toBe(false);
    const fine = judgeCheckIn(busyButFine, { memberName: "Ana" });
    expect(fine.scores.stress).toBeLessThanOrEqual(60);
    expect(fine.alerts.map((a) => a.category)).not.toContain("burnout");
  });
});
