import { describe, expect, it } from "vitest";
import { summaryOf } from "../../worker/checkin/corrections";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { TranscriptMessage } from "../../worker/scoring/judgement";
import { readingSentence } from "../../worker/shared/check-in-summary";
import type { ScoreDimension } from "../../worker/shared/pillars";

/**
 * The closing summary's doubt follows the evidence: a score no answer touched (the dashboard's
 * "Not discussed") is never shown as a firm band, nor as a band heard with doubt — whatever
 * the trained model's probability of its prior band. The scores themselves stay as read.
 */
const ask = (content: string, pillar: TranscriptMessage["pillar"]): TranscriptMessage => ({
  sender: "assistant",
  content,
  pillar,
});
const answer = (content: string, pillar: TranscriptMessage["pillar"]): TranscriptMessage => ({
  sender: "user",
  content,
  pillar,
});

function summarised(transcript: TranscriptMessage[]) {
  const judgement = judgeCheckIn(transcript, { memberName: "Casey Tester" });
  const summary = summaryOf(judgement, {}, 0);
  const line = (dimension: ScoreDimension) => {
    const reading = summary.readings.find((r) => r.dimension === dimension);
    if (!reading) throw new Error(`no reading for ${dimension}`);
    return { reading, sentence: readingSentence(reading) };
  };
  return { judgement, line };
}

describe("the summary's doubt about a score nobody spoke to", () => {
  it("one short answer leaves selling and blockers unheard and not sure", () => {
    const { judgement, line } = summarised([ask("Hi Casey, how has your week been?", null), answer("fine", null)]);
    for (const dimension of ["sales_strength", "blockers"] as const) {
      expect(judgement.evidence[dimension], dimension).toBe(0);
      const { reading, sentence } = line(dimension);
      expect(reading.uncertain, dimension).toBe(true);
      expect(reading.heard, dimension).toBe(false);
      expect(sentence, dimension).toMatch(/: not sure — we didn't hear enough to tell$/);
    }
  });

  it("a chat that never touched selling does not show a firm selling band", () => {
    const { judgement, line } = summarised([
      ask("How has your week been?", null),
      answer("Pretty tiring, lots of late nights and the pressure is constant.", "burnout_risks"),
      ask("How do you feel about your quota this quarter?", "quota_confidence"),
      answer("I think I'll hit it, the pipeline looks healthy.", "quota_confidence"),
      ask("How is the team getting on?", "team_dynamics"),
      answer("The team is great, everyone helps each other.", "team_dynamics"),
    ]);
    expect(judgement.evidence.sales_strength).toBe(0);
    expect(line("sales_strength").sentence).toBe("Your selling: not sure — we didn't hear enough to tell");
    // What was spoken to keeps its reading's own doubt (or firmness): only the unheard change.
    expect(judgement.evidence.stress).toBeGreaterThan(0);
    expect(line("stress").reading.heard).toBe(true);
  });

  it("a one-tap rating is evidence: the rated score is heard even without other words on it", () => {
    const { judgement, line } = summarised([
      {
        ...ask("On a scale of 1 to 5, how confident are you about hitting your number?", "quota_confidence"),
        rating: "confidence",
      },
      answer("4", "quota_confidence"),
    ]);
    expect(judgement.ratings.confidence).toBe(4);
    expect(line("confidence").reading.heard).toBe(true);
  });
});
