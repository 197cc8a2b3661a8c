import { describe, expect, it } from "vitest";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { Judgement, TranscriptMessage } from "../../worker/scoring/judgement";
import { SELF_RATINGS } from "../../worker/shared/self-rating";

const transcript: TranscriptMessage[] = [
  { sender: "assistant", content: "Hi Maya, how has your week been?", pillar: "morale" },
  { sender: "user", content: "Exhausted, honestly. Working every weekend and I can't sleep.", pillar: "morale" },
  { sender: "assistant", content: "How are you feeling about your number this quarter?", pillar: "quota_confidence" },
  {
    sender: "user",
    content: "Not sure we'll hit it, maybe 60% at best. Discount approvals are so slow.",
    pillar: "quota_confidence",
  },
];

const llm: Judgement = {
  raw: { morale: 20, confidence: 30, stress: 90, sales_strength: 60, blockers: 20 },
  blockers: [{ theme: "Pricing & discount approvals", description: "Slow approvals" }],
  judgedBy: "llm",
};

describe("completion result (pure)", () => {
  it("uses the LLM's judgement only when it saw every message", () => {
    const judgedBy = (llmCount: number | null) =>
      judgeCheckIn(transcript, {
        memberName: "Maya Chen",
        llm: llmCount === null ? null : { count: llmCount, judgement: llm },
      }).judgedBy;
    expect(judgedBy(transcript.length)).toBe("llm");
    expect(judgedBy(transcript.length - 1)).toBe("lexicon");
    expect(judgedBy(null)).toBe("lexicon");
  });

  it("clamps the scores and derives the alerts and the five real-time rows from them", () => {
    // A burnout rating: the evidence a burnout alert needs besides strain in one answer (issue 24 §5).
    const rated: TranscriptMessage[] = [
      ...transcript,
      { sender: "assistant", content: SELF_RATINGS.burnout.question, pillar: "burnout_risks", rating: "burnout" },
      { sender: "user", content: "4", pillar: null },
    ];
    const result = judgeCheckIn(rated, { memberName: "Maya Chen", llm: { count: 6, judgement: llm } });
    expect(result.scores).toMatchObject({ morale: 20, confidence: 30, stress: 85, sales_strength: 60, blockers: 20 });
    expect(result.alerts.map((a) => a.category)).toEqual(["burnout", "low_morale", "low_confidence", "blockers"]);
    expect(result.alerts[0]?.message).toContain("Maya Chen");
    expect(result.alerts[3]?.message).toContain("Pricing & discount approvals");
    expect(result.realTime).toHaveLength(5);
    expect(result.realTime.every((row) => row.confidenceLevel === 80)).toBe(true);
    expect(result.blockers).toEqual(llm.blockers);
  });

  it("is deterministic: the same transcript always gives the same rows", () => {
    const options = { memberName: "Maya Chen" };
    expect(judgeCheckIn(transcript, options)).toEqual(judgeCheckIn(transcript, options));
    expect(judgeCheckIn(transcript, options).judgedBy).toBe("lexicon");
  });
});
