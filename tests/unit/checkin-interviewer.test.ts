import { describe, expect, it } from "vitest";
import { greetingFor, mergeWithDefaults } from "../../worker/ai/agent-config";
import { ALTERNATIVE_QUESTIONS, chunksOf, FALLBACK_QUESTIONS, planReply } from "../../worker/ai/embedded";
import type { InterviewRequest } from "../../worker/ai/provider";
import { DEFAULT_QUESTION_BANK } from "../../worker/ai/question-bank";
import { buildSystemPrompt } from "../../worker/ai/system-prompt";
import { aiContextFor, emptyPillarProgress, isRepetitive } from "../../worker/checkin/rules";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { PILLARS } from "../../worker/shared/pillars";
import { type EarlyRequestOptions, earlyRequest } from "./support/conversation";

function request(overrides: EarlyRequestOptions = {}): InterviewRequest {
  return earlyRequest(overrides);
}

describe("the default question bank", () => {
  it("has several prioritised questions for each of the six pillars, none repeating another's opening", () => {
    for (const pillar of PILLARS) {
      const questions = DEFAULT_QUESTION_BANK.filter((q) => q.pillar === pillar);
      expect(questions.length).toBeGreaterThanOrEqual(4);
      expect(questions.map((q) => q.priorityOrder)).toEqual([1, 2, 3, 4]);
      expect(questions.some((q) => q.questionType === "probe" || q.questionType === "follow_up")).toBe(true);
    }
    const openings = DEFAULT_QUESTION_BANK.map((q) => q.questionText.toLowerCase().split(/\s+/).slice(0, 3).join(" "));
    expect(new Set(openings).size).toBe(openings.length);
    expect(new Set(DEFAULT_QUESTION_BANK.map((q) => q.id)).size).toBe(DEFAULT_QUESTION_BANK.length);
  });
});

describe("the embedded interviewer", () => {
  it("moves to the weightiest uncovered pillar with its priority-1 question after a neutral answer", () => {
    const progress = emptyPillarProgress();
    progress.morale.explored = true;
    const reply = planReply(request({ pillarProgress: progress, answer: "It was a normal week." }));
    // blockers carries the highest default weight (1.3).
    expect(reply.pillar).toBe("blockers");
    expect(reply.bankQuestionId).toBe("default-blockers-1");
    expect(reply.text).toMatch(/(W|w)hat is getting in the way of you selling as much as you could\?$/);
  });

  it("meets a negative answer with empathy and probes the same pillar once", () => {
    const reply = planReply(request({ answer: "Awful week, I feel miserable and exhausted." }));
    expect(reply.pillar).toBe("burnout_risks"); // the answer was about exhaustion
    expect(reply.bankQuestionId).toBe("default-burnout-3");
    expect(reply.text).toMatch(/tough|hard|sorry|honest|open|carrying/i);
    const again = planReply(
      request({
        answer: "Still awful and exhausted.",
        askedBankIds: ["default-burnout-3"],
        currentPillar: "burnout_risks",
      }),
    );
    expect(again.bankQuestionId).not.toBe("default-burnout-3");
    expect(again.bankQuestionId).not.toBe("default-burnout-4");
  });

  it("names a blocker it heard, without quoting the salesperson", () => {
    const reply = planReply(request({ answer: "Discount approvals are so slow, deals stall." }));
    expect(reply.text).toMatch(/pricing approval|stuck in approval/i);
    expect(reply.text).not.toMatch(/so slow|deals stall/i);
  });

  it("asks a wrap-up question in the wrap-up phase", () => {
    const lastAsked = [{ content: "Q?", theme: null }];
    const context = aiContextFor({
      elapsedMs: 100_000,
      targetMs: 600_000,
      questionsAsked: 10,
      pillarProgress: emptyPillarProgress(),
      lastAsked,
    });
    const reply = planReply(request({ context, lastAsked }));
    expect(context.phase).toBe("wrap-up");
    expect(reply.question).toBe("Before we wrap up, is there anything else on your mind that we haven't covered?");
  });

  it("never asks a question the repetition check rejects, and falls back to alternatives when the bank is spent", () => {
    const asked = DEFAULT_QUESTION_BANK.map((q) => q.id);
    const reply = planReply(request({ askedBankIds: asked }));
    expect(ALTERNATIVE_QUESTIONS.map((q) => q.content)).toContain(reply.question);
    const lastAsked = ALTERNATIVE_QUESTIONS.slice();
    const last = planReply(request({ askedBankIds: asked, lastAsked }));
    expect(FALLBACK_QUESTIONS.map((q) => q.content)).toContain(last.question);
    expect(isRepetitive({ content: last.question, theme: last.theme }, lastAsked)).toBe(false);
  });

  it("streams its reply word by word, losing nothing", () => {
    const text = "That sounds hard.  How are you sleeping?";
    expect([...chunksOf(text)].join("")).toBe(text);
    expect([...chunksOf(text)].length).toBe(7);
  });
});

describe("the AI agent configuration and the system prompt", () => {
  it("fills a stored configuration's missing fields from the defaults and rejects broken ones", () => {
    const partial = mergeWithDefaults({ personality: { empathy_level: 3 } });
    expect(partial.personality).toEqual({ ...DEFAULT_AI_AGENT_CONFIG.personality, empathy_level: 3 });
    expect(mergeWithDefaults({ personality: { empathy_level: 99 } })).toEqual(DEFAULT_AI_AGENT_CONFIG);
    expect(mergeWithDefaults(null)).toEqual(DEFAULT_AI_AGENT_CONFIG);
    expect(greetingFor(DEFAULT_AI_AGENT_CONFIG, "Casey")).toMatch(/^Hi Casey, /);
  });

  it("builds the prompt from personality, flow, framework, phrases, the bank and the live context", () => {
    const config = {
      ...DEFAULT_AI_AGENT_CONFIG,
      conversation: {
        ...DEFAULT_AI_AGENT_CONFIG.conversation,
        response_length: "brief" as const,
        probe_depth: "deep" as const,
      },
      prompts: {
        ...DEFAULT_AI_AGENT_CONFIG.prompts,
        psychological_profiles_framework: "Use the DISC personality model.",
      },
    };
    const lastAsked = [{ content: "How is your quota looking?", theme: "quota" }];
    const context = aiContextFor({
      elapsedMs: 300_000,
      targetMs: 600_000,
      questionsAsked: 4,
      pillarProgress: emptyPillarProgress(),
      lastAsked,
    });
    const prompt = buildSystemPrompt({ config, bank: DEFAULT_QUESTION_BANK, context, firstName: "Casey" });
    expect(prompt).toContain("Casey");
    expect(prompt).toContain("Empathy 8/10 (very high)");
    expect(prompt).toContain("one or two short sentences");
    expect(prompt).toContain("dig deeper");
    expect(prompt).toContain("Use the DISC personality model.");
    expect(prompt).toContain(DEFAULT_AI_AGENT_CONFIG.prompts.empathy_responses[0]);
    expect(prompt).toContain(DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement);
    expect(prompt).toContain("(probe, priority 3) What is taking the most out of you at the moment?");
    expect(prompt).toContain("Phase: core");
    expect(prompt).toContain("300s remaining");
    expect(prompt).toContain("* How is your quota looking?");
    expect(prompt).toContain("never this conversation");
  });
});
