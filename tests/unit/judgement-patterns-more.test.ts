import { describe, expect, it } from "vitest";
import { blockerThemesIn } from "../../worker/language/themes";
import { readAnswer } from "../../worker/scoring/reading";
import { band, judge } from "./support/judge";

/** The reader's later rounds of chat patterns (issue 14 item 3); helpers as in judgement-patterns.test.ts. */
const strained = (text: string) => readAnswer(text, "burnout_risks").signals.includes("stress_high");

describe("the reader's third round of patterns (issue 14 item 3)", () => {
  it("reads a rating out of ten by what it rates", () => {
    expect(band(judge(["morale", "6/10"]).morale)).toBe("mid");
    expect(band(judge(["burnout_risks", "stress is like a 3/10, pretty low"]).stress)).toBe("low");
    expect(band(judge(["burnout_risks", "stress is a solid 9 out of 10"]).stress)).toBe("high");
    expect(readAnswer("7 out of 10", "quota_confidence").signals).toContain("confidence_high");
  });

  it("reads figures said without the sign, and fractions of the number, on the quota question", () => {
    const confidence = (text: string) => band(judge(["quota_confidence", text]).confidence);
    expect(confidence("should make 80")).toBe("mid");
    expect(confidence("i'm at 40, not great")).toBe("low");
    expect(confidence("maybe half my number")).toBe("low");
    expect(confidence("need 3 deals in 6 weeks, doable")).not.toBe("low");
    expect(readAnswer("blew past my number", "quota_confidence").signals).toContain("confidence_high");
    expect(readAnswer("nope", "quota_confidence").signals).toContain("confidence_low");
    expect(readAnswer("no doubt", "quota_confidence").signals).not.toContain("confidence_low");
  });

  it("hears sarcasm markers and loving drudgery, not loving the work", () => {
    expect(readAnswer("it's been a blast /s").polarity).toBe("negative");
    expect(readAnswer("oh i just love filling in the same form in three tools").polarity).toBe("negative");
    expect(readAnswer("i love working with this team").polarity).toBe("positive");
  });

  it("tells fed up from worn out, and strain that is over from strain that is not", () => {
    expect(strained("sick of the tool changes")).toBe(false);
    expect(strained("tired of chasing legal")).toBe(false);
    expect(strained("tired all the time")).toBe(true);
    expect(strained("cooked tbh")).toBe(true);
    expect(strained("on calls from 7am till 9pm most days")).toBe(true);
    expect(strained("was a stressful week but fine now")).toBe(false);
    expect(strained("exhausted but the team is great")).toBe(true);
  });

  it("sees an offer being weighed as leaving, without making its company a blocker", () => {
    const reading = readAnswer("got an offer from a competitor and i'm seriously considering it", "morale");
    expect(reading.signals).toContain("flight_risk");
    expect(reading.blockers).toEqual([]);
  });

  it("counts mild praise as an ordinary week, and someone else's problem as none", () => {
    expect(band(judge(["morale", "can't complain"], ["team_dynamics", "all good"]).morale)).toBe("mid");
    expect(band(judge(["morale", "really good week!"]).morale)).toBe("high");
    expect(band(judge(["morale", "rough week"]).morale)).toBe("low");
    const themes = blockerThemesIn([
      { content: "other reps moan about the crm but it doesn't bother me", answersBlockersQuestion: true },
    ]);
    expect(themes).toEqual([]);
    const taken = blockerThemesIn([
      { content: "they gave my best accounts to the new guy, no warning", answersBlockersQuestion: false },
    ]);
    expect(taken.map((t) => t.theme)).toEqual(["Territory changes"]);
  });
});

describe("the reader's fourth round of patterns (issue 14 item 3)", () => {
  it("hears someone else's strain as theirs, not the speaker's", () => {
    expect(strained("i'm fine. Jo on the other hand is working every weekend and looks exhausted")).toBe(false);
    expect(strained("he's working till midnight every night, poor guy")).toBe(false);
    expect(strained("they're all drowning too")).toBe(true);
    expect(strained("my manager keeps me working till midnight")).toBe(true);
  });

  it("counts anger in morale but spares mild irritation; neither is strain", () => {
    expect(band(judge(["morale", "frustrated with the tools"]).morale)).toBe("mid");
    expect(band(judge(["morale", "honestly furious with how this was handled"]).morale)).toBe("low");
    expect(band(judge(["burnout_risks", "not stressed, just pissed off"]).stress)).toBe("mid");
  });

  it("hears time lost as an obstacle", () => {
    expect(band(judge(["blockers", "mandatory training, like 10 hours a week gone"]).blockers)).toBe("low");
    expect(readAnswer("i get 2 hours a day to actually sell", "blockers").polarity).toBe("negative");
  });

  it("reads strain said sideways, and 'nothing' from someone worn down as no all-clear", () => {
    expect(strained("can't say i'm not stressed")).toBe(true);
    expect(strained("worked the last three weekends")).toBe(true);
    expect(strained("doing the work of two people till they backfill")).toBe(true);
    const wornDown = judge(
      ["burnout_risks", "exhausted, working every weekend, can't sleep"],
      ["blockers", "nothing really"],
    );
    const rested = judge(["burnout_risks", "relaxed, normal hours"], ["blockers", "nothing really"]);
    expect(band(wornDown.blockers)).toBe("mid");
    expect(band(rested.blockers)).toBe("high");
  });

  it("hears being passed over, mock optimism and wins by their other names", () => {
    expect(readAnswer("they gave the role to someone external").polarity).toBe("negative");
    expect(readAnswer("they doubled my quota, what could possibly go wrong").polarity).toBe("negative");
    expect(readAnswer("sure, i'll just double my pipeline overnight. no", "quota_confidence").signals).toContain(
      "confidence_low",
    );
    expect(readAnswer("record quarter, six new logos", "sales_strength").signals).toContain("win");
  });

  it("hears doubt about staying, work where rest should be, and credit taken", () => {
    for (const text of ["on the fence about whether i'll still be here next year", "i don't see myself growing here"]) {
      expect(band(judge(["morale", text]).morale), text).toBe("low");
    }
    for (const text of ["checking email in bed every night", "dreaming about deals", "worked through a fever"]) {
      expect(strained(text), text).toBe(true);
    }
    expect(readAnswer("a peer took credit for my deal", "team_dynamics").polarity).toBe("negative");
    expect(readAnswer("support. tickets sit for a week with no response", "blockers").polarity).toBe("negative");
  });

  it("reads emoji, typos of strain words and negations written without an apostrophe", () => {
    expect(readAnswer("great week 🙃 another reorg").polarity).toBe("negative");
    expect(readAnswer("closed the deal 🎉").polarity).toBe("positive");
    expect(readAnswer("manager cancelled again 😤").polarity).toBe("negative");
    expect(strained("so exausted tbh")).toBe(true);
    expect(readAnswer("it wasnt good", "morale").polarity).toBe("negative");
  });

  it("hears 'nothing' and 'everything' in their chat forms, and obstacles told flat", () => {
    const blockers = (text: string) => band(judge(["blockers", text]).blockers);
    for (const text of ["honestly nothing", "can't think of anything", "smooth sailing tbh"]) {
      expect(blockers(text), text).toBe("high");
    }
    expect(blockers("literally everything")).toBe("low");
    expect(blockers("nothing, just wrapping up")).toBe("high");
    expect(blockers("nothing really, just the sheer volume")).not.toBe("high");
    expect(blockers("the approval backlog, nobody owns it")).not.toBe("high");
  });

  it("lets a retraction take back the sentence before it, cues and all", () => {
    const reading = readAnswer("confident. well, not really, two of my big ones look shaky now", "quota_confidence");
    expect(reading.signals).not.toContain("confidence_high");
    expect(reading.signals).toContain("confidence_low");
    expect(band(judge(["morale", "good. well actually no, it's been a rough few weeks"]).morale)).toBe("low");
  });

  it("hears strain that is over however it is ordered, mild strain, and strain said as a double negative", () => {
    expect(strained("fine now, was a stressful start to the week")).toBe(false);
    expect(readAnswer("kind of tired but normal", "burnout_risks").strain).toBe(0.5);
    expect(strained("i'm never not working")).toBe(true);
    expect(strained("skipping sleep to fit everything in")).toBe(true);
  });

  it("hears what is missing to sell with, tools that keep failing, and a low mood said as 'pretty low'", () => {
    const blockers = (text: string) => band(judge(["blockers", text]).blockers);
    expect(blockers("no leads, no sdr, no marketing")).toBe("low");
    expect(blockers("cpq keeps erroring so every quote takes 2-3 days")).toBe("low");
    expect(band(judge(["morale", "pretty low honestly"]).morale)).toBe("low");
    expect(band(judge(["burnout_risks", "low stress, evenings free"]).stress)).toBe("low");
  });

  it("reads confidence idioms both ways, and being over it as having stopped caring", () => {
    const confidence = (text: string) => band(judge(["quota_confidence", text]).confidence);
    expect(confidence("honestly it's a long shot")).toBe("low");
    expect(confidence("would need a miracle at this point")).toBe("low");
    expect(confidence("comfortable, more than enough in late stage")).toBe("high");
    expect(confidence("sandbagging a bit, will comfortably beat it")).toBe("high");
    expect(readAnswer("so over it honestly", "morale").signals).toContain("disengaged");
  });

  it("reads understatement and wishes for what they say", () => {
    expect(band(judge(["morale", "not amazing"]).morale)).toBe("mid");
    expect(readAnswer("would be nice to get some coaching, not getting any", "blockers").polarity).toBe("negative");
    expect(readAnswer("approvals take like 8 weeks", "blockers").polarity).toBe("negative");
  });
});
