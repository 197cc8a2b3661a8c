import { describe, expect, it } from "vitest";
import { readAnswer } from "../../worker/ai/reading";
import { blockerThemesIn } from "../../worker/language/themes";

/**
 * The chat patterns issue 14 names, one family per test, with sentences of our own (the
 * evaluation set in tests/eval/ measures the whole; these pin the rules).
 */
const strained = (text: string) => readAnswer(text, "burnout_risks").signals.includes("stress_high");

describe("the reader's chat patterns", () => {
  it("reads hours, sleep and rest that was not rest as strain", () => {
    for (const text of [
      "answering emails at 1am most days",
      "60+ hour weeks since the launch",
      "haven't had a proper weekend in ages",
      "took monday off and spent it on slack",
      "barely slept this week",
      "I'll catch up on rest after the quarter closes, I'll recover in january",
    ]) {
      expect(strained(text), text).toBe(true);
    }
    expect(strained("finished at 5pm every day and slept well")).toBe(false);
  });

  it("hears a question echoed and denied", () => {
    const reading = readAnswer("Rested? Not in a long time.", "burnout_risks");
    expect(reading.signals).toContain("stress_high");
    expect(reading.polarity).toBe("negative");
  });

  it("turns praise over in irony: by opener, by hardship in one breath, by a burst after a complaint", () => {
    expect(readAnswer("Oh brilliant, the forecast call moved to 7am again.").polarity).toBe("negative");
    expect(readAnswer("Totally relaxed, online until midnight every day.").signals).toContain("stress_high");
    expect(readAnswer("The CRM crashed twice during demos. Wonderful.").polarity).toBe("negative");
    expect(readAnswer("Sure, because a fourth tool is exactly what we needed.").polarity).toBe("negative");
  });

  it("reads the amount of a strain and strain denied only half-way", () => {
    expect(strained("low stress honestly")).toBe(false);
    expect(strained("normal pressure for the time of year")).toBe(false);
    expect(strained("stress is fine")).toBe(false);
    expect(strained("not burned out yet, just wiped")).toBe(true);
  });

  it("sees intent to leave", () => {
    for (const text of ["a recruiter reached out and I took the call", "I have a final round on thursday"]) {
      expect(readAnswer(text, "morale").signals, text).toContain("flight_risk");
    }
  });

  it("names a blocker only while it holds them back", () => {
    const themes = (content: string) =>
      blockerThemesIn([{ content, answersBlockersQuestion: true }]).map((b) => b.theme);
    expect(themes("Pricing approvals used to take forever, the new desk sorted it.")).toEqual([]);
    expect(themes("The dialer was a mess last quarter but it's fixed.")).toEqual([]);
    expect(themes("The dialer is still a mess, it drops every third call.")).toEqual(["Tools and systems"]);
  });
});
