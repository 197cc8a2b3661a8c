import { type AiAgentConfig, DEFAULT_AI_AGENT_CONFIG } from "../shared/ai-config";
import { plural } from "../shared/plural";
import { type InterviewerStyle, styleOf } from "./interviewer-style";

/**
 * What a configuration changes against the defaults, in words an operator can check
 * against the replies (Quick Test, issue 13 §1). Each entry names the setting, both
 * values and the behaviour that differs; a setting whose band is unchanged (empathy 9
 * instead of 8 is still "warm") says so rather than claiming an effect.
 */
export type ConfigChange = { setting: string; value: string; defaultValue: string; effect: string };

const WARMTH: Record<InterviewerStyle["warmth"], string> = {
  warm: "meets hard news with the configured empathy responses",
  measured: "acknowledges hard news without the empathy responses",
  plain: "answers with short neutral acknowledgements, no sympathy phrases",
};
const REGISTER: Record<InterviewerStyle["register"], string> = {
  formal: "writes without contractions",
  neutral: "writes in a natural register",
  casual: "writes casually ('thanks', 'got it')",
};
const ENERGY: Record<InterviewerStyle["energy"], string> = {
  bright: "meets good news with an exclamation",
  even: "keeps an even tone",
  calm: "never exclaims and drops superlatives",
};
const PACE: Record<InterviewerStyle["pace"], string> = {
  patient: "acknowledges one-word answers before the next question",
  brisk: "moves straight on after one-to-three-word answers",
};
const LENGTH: Record<InterviewerStyle["length"], string> = {
  brief: "replies with a short acknowledgement and the question",
  medium: "replies with one reflection and the question",
  detailed: "adds a second sentence before the question",
};
const FOLLOW_UP: Record<InterviewerStyle["followUp"], string> = {
  minimal: "follows up only on strongly negative answers",
  adaptive: "follows up on worried answers",
  frequent: "follows up on every answer that is not good news",
};
const CLOSURE: Record<InterviewerStyle["closure"], string> = {
  supportive: "wraps up by asking what else is on their mind",
  "action-oriented": "wraps up by asking for one concrete step and the support it needs",
  reflective: "wraps up by asking what stands out most",
};
const probes = (n: number) => `asks up to ${n} follow-up ${plural(n, "question")} per pillar`;

export function configChanges(
  config: AiAgentConfig,
  defaults: AiAgentConfig = DEFAULT_AI_AGENT_CONFIG,
): ConfigChange[] {
  const now = styleOf(config);
  const before = styleOf(defaults);
  const changes: ConfigChange[] = [];
  const add = (setting: string, value: unknown, defaultValue: unknown, effect: string, same: string) => {
    if (value === defaultValue) return;
    changes.push({
      setting,
      value: String(value),
      defaultValue: String(defaultValue),
      effect: effect === same ? `no visible change: still ${effect}` : effect,
    });
  };
  const { personality: p, conversation: c, prompts } = config;
  const { personality: dp, conversation: dc, prompts: dprompts } = defaults;
  add("Empathy level", p.empathy_level, dp.empathy_level, WARMTH[now.warmth], WARMTH[before.warmth]);
  add("Professionalism", p.professionalism, dp.professionalism, REGISTER[now.register], REGISTER[before.register]);
  add("Enthusiasm", p.enthusiasm, dp.enthusiasm, ENERGY[now.energy], ENERGY[before.energy]);
  add("Patience", p.patience, dp.patience, PACE[now.pace], PACE[before.pace]);
  add("Response length", c.response_length, dc.response_length, LENGTH[now.length], LENGTH[before.length]);
  add(
    "Follow-up frequency",
    c.follow_up_frequency,
    dc.follow_up_frequency,
    FOLLOW_UP[now.followUp],
    FOLLOW_UP[before.followUp],
  );
  add("Probe depth", c.probe_depth, dc.probe_depth, probes(now.probesPerPillar), probes(before.probesPerPillar));
  add("Closure style", c.closure_style, dc.closure_style, CLOSURE[now.closure], CLOSURE[before.closure]);
  const text = (setting: string, a: string, b: string, effect: string) => {
    if (a.trim() !== b.trim()) changes.push({ setting, value: "edited", defaultValue: "default", effect });
  };
  text("Opening greeting", prompts.opening_greeting, dprompts.opening_greeting, "the first message of every check-in");
  text(
    "Closing statement",
    prompts.closing_statement,
    dprompts.closing_statement,
    "the last message of every check-in",
  );
  text(
    "Transition phrases",
    prompts.transition_phrases.join("\n"),
    dprompts.transition_phrases.join("\n"),
    "what it says when a plain answer moves to a new pillar",
  );
  text(
    "Empathy responses",
    prompts.empathy_responses.join("\n"),
    dprompts.empathy_responses.join("\n"),
    "the phrases a warm interviewer uses for hard news",
  );
  text(
    "Psychological framework",
    prompts.psychological_profiles_framework,
    dprompts.psychological_profiles_framework,
    "guidance in the AI model's instructions (the offline interviewer does not read it)",
  );
  return changes;
}
