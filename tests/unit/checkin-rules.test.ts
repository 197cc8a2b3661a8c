import { describe, expect, it } from "vitest";
import {
  type AskedQuestion,
  aiContextFor,
  closingDueAt,
  closureReached,
  elapsedMs,
  emptyPillarProgress,
  firstThreeWords,
  isRepetitive,
  MAX_PAUSE_MS,
  phaseFor,
  pickAlternative,
  questionPart,
  rememberQuestion,
  significantWords,
  uncoveredPillars,
  wordOverlap,
} from "../../worker/checkin/rules";
import {
  CLOSING_PROGRESS,
  COMPLETION_DELAY_MS,
  EMERGENCY_PROGRESS,
  formatClock,
  progressOf,
  reconnectDelayMs,
  SYNC_RETRY_MS,
  timerText,
} from "../../worker/shared/checkin-timer";

describe("timer text by progress (spec 2 §2)", () => {
  it.each([
    [0, "Just getting started"],
    [0.2499, "Just getting started"],
    [0.25, "Great progress"],
    [0.7499, "Great progress"],
    [0.75, "will naturally conclude"],
    [0.9799, "will naturally conclude"],
    [0.98, "wrapping up"],
    [1.0499, "wrapping up"],
    [1.05, "Emergency time limit reached"],
    [3, "Emergency time limit reached"],
  ])("%s → %s", (progress, text) => {
    expect(timerText(progress)).toBe(text);
  });

  it("derives progress from elapsed and target time, and formats the clock", () => {
    expect(progressOf(300_000, 600_000)).toBe(0.5);
    expect(progressOf(-5, 600_000)).toBe(0);
    expect(progressOf(10, 0)).toBe(1);
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(65_999)).toBe("1:05");
    expect(formatClock(600_000)).toBe("10:00");
  });

  it("uses the spec's constants", () => {
    expect(CLOSING_PROGRESS).toBe(0.95);
    expect(COMPLETION_DELAY_MS).toBe(4000);
    expect(EMERGENCY_PROGRESS).toBe(1.05);
    expect(SYNC_RETRY_MS).toBe(5000);
  });

  it("backs off reconnects from 0.5 s to 10 s with bounded jitter", () => {
    expect(reconnectDelayMs(0, 0)).toBe(500);
    expect(reconnectDelayMs(1, 0)).toBe(1000);
    expect(reconnectDelayMs(3, 0)).toBe(4000);
    expect(reconnectDelayMs(10, 0)).toBe(10_000);
    expect(reconnectDelayMs(10, 1)).toBe(13_000);
  });
});

describe("phases (spec 2 §4)", () => {
  it("is opening while progress < 0.15 and fewer than 2 questions", () => {
    expect(phaseFor(0, 0)).toBe("opening");
    expect(phaseFor(0.1499, 1)).toBe("opening");
    expect(phaseFor(0.15, 1)).toBe("core");
    expect(phaseFor(0.1, 2)).toBe("core");
  });
  it("is wrap-up when progress > 0.95 or 10+ questions, core otherwise", () => {
    expect(phaseFor(0.95, 5)).toBe("core");
    expect(phaseFor(0.9501, 5)).toBe("wrap-up");
    expect(phaseFor(0.5, 9)).toBe("core");
    expect(phaseFor(0.5, 10)).toBe("wrap-up");
    expect(phaseFor(0.01, 10)).toBe("wrap-up");
  });
});

describe("closure conditions (spec 2 §4)", () => {
  it("closes at progress > 0.95 with 3 pillars explored and 4+ questions", () => {
    expect(closureReached(0.96, 3, 4)).toBe(true);
    expect(closureReached(0.95, 3, 4)).toBe(false);
    expect(closureReached(0.96, 2, 11)).toBe(false);
    expect(closureReached(0.96, 3, 3)).toBe(false);
  });
  it("closes at 12 or more questions whatever the time", () => {
    expect(closureReached(0, 0, 12)).toBe(true);
    expect(closureReached(0.2, 1, 11)).toBe(false);
  });
});

describe("repetition check (spec 2 §5)", () => {
  const recent = [
    { content: "How confident are you feeling about hitting your quota?", theme: "quota" },
    { content: "What has your workload been like lately?", theme: "workload" },
  ];

  it("ignores words of 2 characters or fewer and measures overlap against the candidate's words", () => {
    expect([...significantWords("Is it OK to go on a run?")]).toEqual(["run"]);
    expect(wordOverlap("How is your quota looking", "How is your quota")).toBeCloseTo(3 / 4);
    expect(wordOverlap("an in of", "anything")).toBe(0);
    expect(firstThreeWords("How's your week, Casey?")).toBe("how's your week");
  });

  it("rejects the same theme or the same first three words among the last 5", () => {
    expect(isRepetitive({ content: "Do you think you'll hit target?", theme: "quota" }, recent)).toBe(true);
    expect(isRepetitive({ content: "Does your manager give you feedback?", theme: "manager" }, recent)).toBe(false);
    expect(isRepetitive({ content: "What has your manager said?", theme: "manager" }, recent)).toBe(true);
    expect(isRepetitive({ content: "What has your workload done to your sleep?", theme: null }, recent)).toBe(true);
  });

  it("rejects a word overlap above 0.7, and accepts alternatives only up to 0.6", () => {
    const earlier = [{ content: "Which blockers slow your deals down the most right now?", theme: null }];
    // 5 of 7 significant words shared: 0.714 > 0.7.
    const close = { content: "Which blockers slow your deals during summer?", theme: null };
    expect(wordOverlap(close.content, earlier[0]?.content ?? "")).toBeCloseTo(5 / 7);
    expect(isRepetitive(close, earlier)).toBe(true);
    // 2 of 3 shared = 0.667: fine as a question (≤ 0.7) but too close for an alternative (> 0.6).
    const middle = { content: "Blockers slowing everything?", theme: null };
    expect(wordOverlap("Blockers slow everything?", earlier[0]?.content ?? "")).toBeCloseTo(2 / 3);
    expect(isRepetitive({ ...middle, content: "Blockers slow everything?" }, earlier)).toBe(false);
    expect(isRepetitive({ ...middle, content: "Blockers slow everything?" }, earlier, 0.6)).toBe(true);
    const alternatives = [
      { content: "Blockers slow everything?", theme: null },
      { content: "Who has helped you most recently?", theme: null },
    ];
    expect(pickAlternative(alternatives, earlier)?.content).toBe("Who has helped you most recently?");
  });

  it("only looks at the last 5 questions", () => {
    let asked: AskedQuestion[] = [
      { content: "How confident are you feeling about hitting your quota?", theme: "quota" },
    ];
    for (const [i, theme] of ["a", "b", "c", "d", "e"].entries()) {
      asked = rememberQuestion(asked, { content: `Question number ${i} about ${theme}?`, theme });
    }
    expect(asked).toHaveLength(5);
    expect(isRepetitive({ content: "Quota thoughts?", theme: "quota" }, asked)).toBe(false);
  });

  it("takes the question out of a reply that reflects first", () => {
    expect(questionPart("That sounds hard. How are you sleeping? Take care.")).toBe("How are you sleeping?");
    expect(questionPart("Tell me more about that")).toBe("Tell me more about that");
  });
});

describe("timer from timestamps", () => {
  it("counts from the first message, minus pauses, frozen while paused", () => {
    expect(elapsedMs({ startedAt: null, pausedAt: null, pausedTotalMs: 0 }, 5000)).toBe(0);
    expect(elapsedMs({ startedAt: 1000, pausedAt: null, pausedTotalMs: 0 }, 61_000)).toBe(60_000);
    expect(elapsedMs({ startedAt: 1000, pausedAt: 31_000, pausedTotalMs: 0 }, 999_000)).toBe(30_000);
    expect(elapsedMs({ startedAt: 1000, pausedAt: null, pausedTotalMs: 20_000 }, 61_000)).toBe(40_000);
  });

  it("schedules the closing at 95 % of chat time, and none while paused", () => {
    expect(closingDueAt({ startedAt: 1000, pausedAt: null, pausedTotalMs: 0 }, 600_000)).toBe(1000 + 570_000);
    expect(closingDueAt({ startedAt: 1000, pausedAt: null, pausedTotalMs: 5000 }, 600_000)).toBe(576_000);
    expect(closingDueAt({ startedAt: 1000, pausedAt: 2000, pausedTotalMs: 0 }, 600_000)).toBeNull();
    expect(closingDueAt({ startedAt: null, pausedAt: null, pausedTotalMs: 0 }, 600_000)).toBeNull();
    expect(MAX_PAUSE_MS).toBe(30 * 60 * 1000);
  });
});

describe("AI context (spec 2 §7, §9)", () => {
  it("reports the spec's fields in seconds and minutes, with the last 5 questions", () => {
    const progress = emptyPillarProgress();
    progress.morale.explored = true;
    const lastAsked = Array.from({ length: 7 }, (_, i) => ({ content: `Q${i}?`, theme: null }));
    const context = aiContextFor({
      elapsedMs: 125_400,
      targetMs: 600_000,
      questionsAsked: 3,
      pillarProgress: progress,
      lastAsked,
    });
    expect(context).toEqual({
      uncoveredPillars: ["quota_confidence", "burnout_risks", "team_dynamics", "sales_strength", "blockers"],
      timeElapsed: 125,
      targetDuration: 600,
      questionsAsked: 3,
      phase: "core",
      timeRemaining: 475,
      durationMinutes: 10,
      lastQuestions: ["Q2?", "Q3?", "Q4?", "Q5?", "Q6?"],
    });
    expect(uncoveredPillars(progress)).toHaveLength(5);
  });
});
