import { describe, expect, it } from "vitest";
import { blockerThemesIn } from "../../worker/language/themes";
import { readAnswer } from "../../worker/scoring/reading";
import { band, judge } from "./support/judge";

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

describe("the reader's second round of patterns (issue 14 item 3)", () => {
  it("keeps anger, boredom and discouragement out of stress", () => {
    for (const text of [
      "not stressed, just angry",
      "honestly more annoyed than anything",
      "bored more than stressed tbh",
    ]) {
      expect(readAnswer(text, "burnout_risks").signals, text).not.toContain("stress_high");
      expect(band(judge(["burnout_risks", text]).stress), text).toBe("mid");
    }
    expect(judge(["burnout_risks", "exhausted, anxious all the time"]).stress).toBeGreaterThanOrEqual(60);
  });

  it("reads having stopped caring as low morale, without the leaving alert's cap", () => {
    for (const text of [
      "i just don't care about any of it anymore",
      "kinda checked out tbh",
      "going through the motions",
      "team's great, numbers ok. honestly though i don't enjoy any of it anymore",
    ]) {
      expect(readAnswer(text, "morale").signals, text).toContain("disengaged");
      expect(band(judge(["morale", text], ["team_dynamics", "team is fine"]).morale), text).toBe("low");
    }
    expect(readAnswer("i care a lot about my accounts", "morale").signals).not.toContain("disengaged");
  });

  it("hears an 'ok, …' verdict first, and a 'fine' beside strain as denial", () => {
    expect(band(judge(["morale", "ok, a bit frustrated with the market"]).morale)).toBe("mid");
    expect(band(judge(["morale", "awful, frustrated with everything"]).morale)).toBe("low");
    const denial = readAnswer("i'm fine, honestly. just haven't had a day off since june", "burnout_risks");
    expect(denial.signals).toContain("stress_high");
    expect(denial.strainCompound).toBeLessThan(denial.sentiment.compound + 1e-9);
    expect(denial.strainCompound).toBeLessThan(0);
  });

  it("reads figures as forecasts only when they are one: ranges, what-ifs, limits and ceilings", () => {
    const confidence = (text: string) => band(judge(["quota_confidence", text]).confidence);
    expect(confidence("around 85%")).toBe("mid");
    expect(confidence("probably 80-85%")).toBe("mid");
    expect(confidence("maybe 50% honestly")).toBe("low");
    expect(confidence("already at 130%")).toBe("high");
    expect(readAnswer("why would i push for 130% if it pays the same as 100%", "blockers").signals).not.toContain(
      "confidence_high",
    );
    expect(readAnswer("payout is capped at 150%", "blockers").signals).not.toContain("confidence_high");
    expect(readAnswer("I'll land at 90% at best", "quota_confidence").signals).toContain("confidence_low");
  });

  it("lets doubt or confidence said outright decide the quota answer; a guess colours its sentence", () => {
    const confidence = (text: string) => band(judge(["quota_confidence", text]).confidence);
    expect(confidence("no idea honestly")).toBe("low");
    expect(confidence("not happening")).toBe("low");
    expect(confidence("dunno")).toBe("low");
    expect(confidence("confident, gonna smash the number")).toBe("high");
    expect(confidence("probably fine on the number, i have good accounts")).toBe("mid");
  });

  it("turns a boosted burst of praise after more of the same into irony", () => {
    expect(readAnswer("Four sign-offs for every discount. Super efficient.").polarity).toBe("negative");
    expect(readAnswer("We closed the renewal. Super happy.").polarity).toBe("positive");
  });

  it("reads 'hard to be X' as not X, and short nights in figures as strain", () => {
    expect(readAnswer("hard to be stressed when nothing is riding on it", "burnout_risks").signals).not.toContain(
      "stress_high",
    );
    for (const text of ["running on 4 hours sleep", "5hrs of sleep a night since the launch", "i'm a zombie"]) {
      expect(strained(text), text).toBe(true);
    }
    expect(strained("8 hours of sleep and a long walk")).toBe(false);
  });

  it("counts wins said other ways and getting better as strength; 'landed' needs something landed", () => {
    expect(readAnswer("we beat the incumbent at a big bank", "sales_strength").signals).toContain("win");
    expect(readAnswer("landed a new logo on friday", "sales_strength").signals).toContain("win");
    expect(readAnswer("the reorg landed last week", "morale").signals).not.toContain("win");
    expect(band(judge(["sales_strength", "my discovery has gotten a lot sharper"]).sales_strength)).toBe("high");
    expect(band(judge(["sales_strength", "my pitch is good"]).sales_strength)).toBe("mid");
  });

  it("tells coping from rest: 'manageable' is the middle, 'very manageable' or 'chill' is slack", () => {
    expect(band(judge(["burnout_risks", "manageable"]).stress)).toBe("mid");
    expect(band(judge(["burnout_risks", "not too stressed"]).stress)).toBe("mid");
    expect(band(judge(["burnout_risks", "very manageable right now, evenings free"]).stress)).toBe("low");
    expect(band(judge(["burnout_risks", "pretty chill actually"]).stress)).toBe("low");
  });

  it("leaves solved problems, leaving and the people in a neutral clause out of the blockers", () => {
    const blockers = (text: string) => band(judge(["blockers", text]).blockers);
    expect(blockers("approvals used to take forever but the new desk sorted that out. nothing now")).toBe("high");
    expect(blockers("honestly i don't see a future here")).toBe("mid");
    const themes = blockerThemesIn([
      { content: "maybe 60% and that's ok with my manager", answersBlockersQuestion: false },
    ]);
    expect(themes).toEqual([]);
  });
});
