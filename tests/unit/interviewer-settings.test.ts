import { describe, expect, it } from "vitest";
import { configChanges } from "../../worker/ai/config-changes";
import { planReply } from "../../worker/ai/embedded";
import type { InterviewRequest } from "../../worker/ai/provider";
import { DEFAULT_QUESTION_BANK } from "../../worker/ai/question-bank";
import { buildSystemPrompt } from "../../worker/ai/system-prompt";
import { type AskedQuestion, emptyPillarProgress } from "../../worker/checkin/rules";
import { withConversationStyle } from "../../worker/settings/conversation-style";
import { type AiAgentConfig, DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { PILLARS, type Pillar } from "../../worker/shared/pillars";
import { type ConversationStyle, DEFAULT_GLOBAL_SETTINGS } from "../../worker/shared/settings";
import { earlyRequest } from "./support/conversation";

/**
 * Issue 13 §1–§2: every interviewer setting changes what the embedded interviewer says
 * (and what the LLM is told). Each test changes one setting and observes the difference,
 * so it fails if the setting stops working.
 */
type Weights = InterviewRequest["pillarWeights"];
const D = DEFAULT_AI_AGENT_CONFIG;
const withPersonality = (patch: Partial<AiAgentConfig["personality"]>): AiAgentConfig => ({
  ...D,
  personality: { ...D.personality, ...patch },
});
const withConversation = (patch: Partial<AiAgentConfig["conversation"]>): AiAgentConfig => ({
  ...D,
  conversation: { ...D.conversation, ...patch },
});

function request(
  config: AiAgentConfig,
  answer: string,
  extra: Partial<InterviewRequest> & { questionsAsked?: number } = {},
): InterviewRequest {
  return earlyRequest({ ...extra, answer, config });
}

const NEGATIVE = [
  "Awful week, I feel miserable and exhausted.",
  "Everything is going wrong and I feel terrible.",
  "It's been a really tough week, I'm struggling.",
  "Honestly it's been rough, I'm drowning in work.",
  "The pricing approvals are killing my deals and I'm really frustrated.",
  "I'm stressed out and barely sleeping.",
];
const POSITIVE = ["We closed the biggest deal of the year, amazing week!", "Really good week, my team is fantastic."];
const NEUTRAL = ["It was a normal week.", "Same as usual, nothing special.", "Fine."];
const ALL = [...NEGATIVE, ...POSITIVE, ...NEUTRAL];
const replies = (config: AiAgentConfig, answers = ALL) => answers.map((a) => planReply(request(config, a)).text);
const words = (texts: string[]) => texts.join(" ").split(/\s+/).length;

describe("personality changes the embedded interviewer's tone", () => {
  it("empathy: warm uses the configured empathy responses, medium never does, low only acknowledges", () => {
    const configured = (reply: string) => D.prompts.empathy_responses.some((phrase) => reply.includes(phrase));
    const warm = replies(D, NEGATIVE);
    const measured = replies(withPersonality({ empathy_level: 5 }), NEGATIVE);
    const plain = replies(withPersonality({ empathy_level: 2 }), NEGATIVE);
    expect(warm.some(configured)).toBe(true);
    expect(measured.some(configured)).toBe(false);
    expect(warm.some((r) => /sorry|hard|toll|exhausting/i.test(r))).toBe(true);
    for (const reply of plain) {
      expect(reply).toMatch(/^(Understood|Noted)/);
      expect(reply).not.toMatch(/sorry|hard to|tough|exhausting/i);
    }
  });

  it("professionalism: 9 writes without contractions, 2 writes casually", () => {
    const contraction = /\b\w+['’](s|m|re|ve|d|t)\b/i;
    expect(replies(D).some((r) => contraction.test(r))).toBe(true);
    for (const reply of replies(withPersonality({ professionalism: 9 }))) expect(reply).not.toMatch(contraction);
    const casual = replies(withPersonality({ professionalism: 2, empathy_level: 2 }), NEGATIVE);
    expect(casual.some((r) => /^Got it\.|thanks/.test(r))).toBe(true);
  });

  it("enthusiasm: 9 meets good news with an exclamation, 2 with no superlative and no exclamation", () => {
    expect(replies(D, POSITIVE).some((r) => r.includes("!"))).toBe(false);
    expect(replies(withPersonality({ enthusiasm: 9 }), POSITIVE).every((r) => /!/.test(r))).toBe(true);
    for (const reply of replies(withPersonality({ enthusiasm: 2 }), POSITIVE)) {
      expect(reply).not.toMatch(/!|great|love|congrat/i);
    }
    expect(replies(D, POSITIVE).some((r) => /great|love|congrat/i.test(r))).toBe(true);
  });

  it("patience: 3 moves straight on after a one-word answer, the default acknowledges it first", () => {
    const patient = planReply(request(D, "Fine."));
    const brisk = planReply(request(withPersonality({ patience: 3 }), "Fine."));
    expect(patient.text).not.toBe(patient.question);
    expect(brisk.text).toBe(brisk.question);
  });
});

describe("conversation flow changes what the embedded interviewer asks", () => {
  it("response length: brief < medium < detailed", () => {
    const brief = words(replies(withConversation({ response_length: "brief" })));
    const medium = words(replies(D));
    const detailed = words(replies(withConversation({ response_length: "detailed" })));
    expect(brief).toBeLessThan(medium);
    expect(medium).toBeLessThan(detailed);
  });

  const isProbe = (config: AiAgentConfig, answer: string) =>
    DEFAULT_QUESTION_BANK.some(
      (q) => q.id === planReply(request(config, answer)).bankQuestionId && q.questionType === "probe",
    );

  it("follow-up frequency: frequent probes a plain answer, minimal does not probe a mild worry", () => {
    const plain = "Same as usual, nothing special.";
    expect(isProbe(D, plain)).toBe(false);
    expect(isProbe(withConversation({ follow_up_frequency: "frequent" }), plain)).toBe(true);
    const mild = "Could be better.";
    expect(isProbe(D, mild)).toBe(true);
    expect(isProbe(withConversation({ follow_up_frequency: "minimal" }), mild)).toBe(false);
    expect(isProbe(withConversation({ follow_up_frequency: "minimal" }), NEGATIVE[0] ?? "")).toBe(true);
  });

  it("probe depth: surface never follows up, deep asks a second follow-up on the same pillar", () => {
    expect(isProbe(withConversation({ probe_depth: "surface" }), NEGATIVE[0] ?? "")).toBe(false);
    const afterFirstProbe = (config: AiAgentConfig) =>
      planReply(
        request(config, "Still awful and exhausted.", {
          askedBankIds: ["default-burnout-3"],
          currentPillar: "burnout_risks",
          lastAsked: [
            { content: "What is taking the most out of you at the moment?", theme: "probe:default-burnout-3" },
          ],
        }),
      );
    const standard = afterFirstProbe(D);
    const deep = afterFirstProbe(withConversation({ probe_depth: "deep" }));
    expect(standard.pillar).not.toBe("burnout_risks");
    expect(deep.pillar).toBe("burnout_risks");
    expect(deep.question).not.toBe("What is taking the most out of you at the moment?");
  });

  it("closure style picks the wrap-up question", () => {
    const wrapUp = (closure: AiAgentConfig["conversation"]["closure_style"]) =>
      planReply(request(withConversation({ closure_style: closure }), "It was a normal week.", { questionsAsked: 10 }))
        .question;
    expect(wrapUp("supportive")).toMatch(/anything else on your mind/);
    expect(wrapUp("action-oriented")).toMatch(/one concrete step/);
    expect(wrapUp("reflective")).toMatch(/stands out to you most/);
  });
});

/** A whole conversation of plain answers: how many questions each pillar gets. */
function questionsPerPillar(weights: Weights, turns = 11): Record<Pillar, number> {
  const progress = emptyPillarProgress();
  progress.morale.explored = true;
  progress.morale.questionsAsked = 1;
  const asked: string[] = [];
  let lastAsked: AskedQuestion[] = [{ content: "How has your week been going?", theme: "mood" }];
  const counts = Object.fromEntries(PILLARS.map((p) => [p, 0])) as Record<Pillar, number>;
  for (let turn = 0; turn < turns; turn += 1) {
    const reply = planReply(
      request(D, "It was a normal week, nothing to add.", {
        pillarWeights: weights,
        pillarProgress: progress,
        askedBankIds: asked,
        lastAsked,
        currentPillar: null,
      }),
    );
    if (reply.bankQuestionId) asked.push(reply.bankQuestionId);
    lastAsked = [...lastAsked, { content: reply.question, theme: reply.theme }].slice(-5);
    if (reply.pillar) {
      counts[reply.pillar] += 1;
      progress[reply.pillar].explored = true;
      progress[reply.pillar].questionsAsked += 1;
    }
  }
  return counts;
}

describe("pillar weights set each pillar's share of the questions", () => {
  it("gives a pillar weighted 2 more questions than the same pillar weighted 0.5", () => {
    const even = Object.fromEntries(PILLARS.map((p) => [p, 1])) as Weights;
    const heavy = questionsPerPillar({ ...even, team_dynamics: 2, quota_confidence: 0.5 });
    const light = questionsPerPillar({ ...even, team_dynamics: 0.5, quota_confidence: 2 });
    expect(heavy.team_dynamics).toBeGreaterThan(light.team_dynamics);
    expect(heavy.quota_confidence).toBeLessThan(light.quota_confidence);
  });
});

describe("the conversation defaults (Global Settings) reach the interviewer", () => {
  const style = (patch: Partial<ConversationStyle>) =>
    withConversationStyle(D, { ...DEFAULT_GLOBAL_SETTINGS.conversationDefaults, ...patch });
  it("empathy low turns the interviewer plain, closure reflective changes the wrap-up", () => {
    expect(replies(style({ empathyLevel: "low" }), NEGATIVE).every((r) => /^(Understood|Noted)/.test(r))).toBe(true);
    expect(replies(style({}), NEGATIVE).every((r) => /^(Understood|Noted)/.test(r))).toBe(false);
    const wrap = planReply(request(style({ closureStyle: "reflective" }), "Normal week.", { questionsAsked: 10 }));
    expect(wrap.question).toMatch(/stands out/);
  });
  it("the defaults leave the AI agent configuration's defaults unchanged", () => {
    expect(style({})).toEqual(D);
  });
});

describe("the LLM is told the same settings", () => {
  const prompt = (config: AiAgentConfig, weights?: Weights) =>
    buildSystemPrompt({
      config,
      bank: DEFAULT_QUESTION_BANK,
      context: request(D, "hi").context,
      firstName: "Casey",
      pillarWeights: weights,
    });
  it.each<[string, AiAgentConfig, RegExp]>([
    ["empathy", withPersonality({ empathy_level: 2 }), /Be plain/],
    ["professionalism", withPersonality({ professionalism: 9 }), /without contractions/],
    ["enthusiasm", withPersonality({ enthusiasm: 2 }), /no exclamation marks/],
    ["patience", withPersonality({ patience: 2 }), /go straight to the next question/],
    ["probe depth", withConversation({ probe_depth: "deep" }), /At most 2 follow-up questions per pillar/],
    ["closure", withConversation({ closure_style: "action-oriented" }), /one concrete step/],
    ["response length", withConversation({ response_length: "brief" }), /one or two short sentences/],
    ["follow-ups", withConversation({ follow_up_frequency: "frequent" }), /Follow up on most answers/],
  ])("%s", (_name, config, expected) => {
    expect(prompt(D)).not.toMatch(expected);
    expect(prompt(config)).toMatch(expected);
  });
  it("pillar weights", () => {
    const weights = { ...DEFAULT_GLOBAL_SETTINGS.pillarWeights, morale: 2 };
    expect(prompt(D, weights)).toMatch(/morale 2/);
    expect(prompt(D, DEFAULT_GLOBAL_SETTINGS.pillarWeights)).not.toMatch(/morale 2/);
  });
});

describe("Quick Test's list of changes", () => {
  it("lists each changed setting with its effect, and nothing for the defaults", () => {
    expect(configChanges(D)).toEqual([]);
    const changes = configChanges(withPersonality({ professionalism: 9, patience: 10 }));
    expect(changes.map((c) => c.setting)).toEqual(["Professionalism", "Patience"]);
    expect(changes[0]?.effect).toMatch(/without contractions/);
    expect(changes[1]?.effect).toMatch(/^no visible change/);
  });
});

describe("deep follow-ups beyond the bank", () => {
  it("asks about causes once the pillar's bank probes are used up", () => {
    const bankProbes = DEFAULT_QUESTION_BANK.filter(
      (q) => q.pillar === "burnout_risks" && (q.questionType === "probe" || q.questionType === "follow_up"),
    );
    const reply = planReply(
      request(withConversation({ probe_depth: "deep" }), "Still awful and exhausted.", {
        askedBankIds: bankProbes.slice(0, 1).map((q) => q.id),
        currentPillar: "burnout_risks",
        bank: DEFAULT_QUESTION_BANK.filter((q) => !bankProbes.slice(1).includes(q)),
      }),
    );
    expect(reply.question).toBe("What do you think is behind that, mostly?");
    expect(reply.pillar).toBe("burnout_risks");
  });
});
