import * as z from "zod/mini";

/**
 * The global AI agent configuration (spec 2 §3, ranges in §5, defaults in §9). The spec's
 * "sentiment analysis" group (confidence threshold, stress sensitivity, mood detection
 * accuracy) is gone: nothing could honestly read it (README → Decisions). A stored row that
 * still carries it parses: zod drops unknown keys.
 */
const level = z.int().check(z.gte(1), z.lte(10));

export const aiAgentConfigSchema = z.object({
  personality: z.object({
    empathy_level: level,
    professionalism: level,
    enthusiasm: level,
    patience: level,
  }),
  conversation: z.object({
    follow_up_frequency: z.enum(["minimal", "adaptive", "frequent"]),
    closure_style: z.enum(["supportive", "action-oriented", "reflective"]),
    probe_depth: z.enum(["surface", "standard", "deep"]),
    response_length: z.enum(["brief", "medium", "detailed"]),
  }),
  prompts: z.object({
    opening_greeting: z.string().check(z.maxLength(2000)),
    closing_statement: z.string().check(z.maxLength(2000)),
    transition_phrases: z.array(z.string().check(z.minLength(1), z.maxLength(300))).check(z.maxLength(20)),
    empathy_responses: z.array(z.string().check(z.minLength(1), z.maxLength(300))).check(z.maxLength(20)),
    psychological_profiles_framework: z.string().check(z.maxLength(20000)),
  }),
});

export type AiAgentConfig = z.infer<typeof aiAgentConfigSchema>;

export const DEFAULT_AI_AGENT_CONFIG: AiAgentConfig = {
  personality: { empathy_level: 8, professionalism: 7, enthusiasm: 6, patience: 9 },
  conversation: {
    follow_up_frequency: "adaptive",
    closure_style: "supportive",
    probe_depth: "standard",
    response_length: "medium",
  },
  prompts: {
    opening_greeting:
      "Hi {name}, thanks for taking a few minutes for this check-in. It's private: your manager sees overall scores and themes, never this conversation. To start, how has your week been going?",
    closing_statement:
      "Thank you for sharing so openly today. What you said helps your team get the right support at the right time. Take care, and good luck with the rest of your week!",
    transition_phrases: [
      "Thanks for sharing that. I'd like to shift gears a little.",
      "That's really helpful context. Let's look at another side of your work.",
      "I appreciate your honesty. Moving on to something a bit different,",
      "Got it. Let me ask you about another area.",
    ],
    empathy_responses: [
      "That sounds genuinely tough, and it makes sense that it's weighing on you.",
      "Thank you for being open about that; it isn't always easy to say.",
      "It sounds like you're carrying a lot right now.",
      "That's great to hear, and it sounds like you've earned it.",
    ],
    psychological_profiles_framework: "",
  },
};

/** Spec 2 §5: the psychological framework check. An empty framework is valid on the AI config screen. */
export function validateFramework(text: string, allowEmpty = true): { isValid: boolean; issues: string[] } {
  const trimmed = text.trim();
  if (trimmed.length === 0) {
    return allowEmpty ? { isValid: true, issues: [] } : { isValid: false, issues: ["Framework is empty"] };
  }
  const issues: string[] = [];
  if (trimmed.length < 50) issues.push("Framework is too short (minimum 50 characters)");
  if (!/(personality|behavior|assessment|profile|trait)/i.test(trimmed)) {
    issues.push("Framework should use assessment terminology (personality, behavior, assessment, profile or trait)");
  }
  return { isValid: issues.length === 0, issues };
}
