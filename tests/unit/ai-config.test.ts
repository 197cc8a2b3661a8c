import { describe, expect, it } from "vitest";
import { aiAgentConfigSchema, DEFAULT_AI_AGENT_CONFIG, validateFramework } from "../../worker/shared/ai-config";

describe("validateFramework (spec 2 §5)", () => {
  it("treats an empty framework as valid on the AI config screen and as 'Framework is empty' otherwise", () => {
    expect(validateFramework("   ")).toEqual({ isValid: true, issues: [] });
    expect(validateFramework("", false)).toEqual({ isValid: false, issues: ["Framework is empty"] });
  });

  it("flags a framework shorter than 50 characters", () => {
    const result = validateFramework("Personality profile notes.");
    expect(result.isValid).toBe(false);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatch(/too short/);
  });

  it("flags a framework with none of the assessment words", () => {
    const text = "A long piece of guidance that talks about sales calls and pipeline reviews only.";
    expect(text.length).toBeGreaterThanOrEqual(50);
    const result = validateFramework(text);
    expect(result.isValid).toBe(false);
    expect(result.issues[0]).toMatch(/assessment terminology/);
  });

  it("accepts a long framework using any one of the words, case-insensitively", () => {
    const text = "Use the DISC model to read BEHAVIOR under pressure and adapt the follow-up questions.";
    expect(validateFramework(text)).toEqual({ isValid: true, issues: [] });
  });
});

describe("AI agent configuration ranges (spec 2 §5)", () => {
  it("accepts the spec's defaults", () => {
    expect(aiAgentConfigSchema.safeParse(DEFAULT_AI_AGENT_CONFIG).success).toBe(true);
    expect(DEFAULT_AI_AGENT_CONFIG.prompts.transition_phrases).toHaveLength(4);
    expect(DEFAULT_AI_AGENT_CONFIG.prompts.empathy_responses).toHaveLength(4);
  });

  it.each([
    ["empathy above 10", { personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, empathy_level: 11 } }],
    ["patience below 1", { personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, patience: 0 } }],
    [
      "an unknown reply length",
      { conversation: { ...DEFAULT_AI_AGENT_CONFIG.conversation, response_length: "endless" } },
    ],
  ])("refuses %s", (_label, patch) => {
    expect(aiAgentConfigSchema.safeParse({ ...DEFAULT_AI_AGENT_CONFIG, ...patch }).success).toBe(false);
  });
});
