import { describe, expect, it } from "vitest";
import { planReply } from "../../worker/ai/embedded";
import type { InterviewRequest } from "../../worker/ai/provider";
import { ratingDue } from "../../worker/ai/rating-turn";
import { aiContextFor, emptyPillarProgress } from "../../worker/checkin/rules";
import { PILLARS } from "../../worker/shared/pillars";
import { SELF_RATINGS } from "../../worker/shared/self-rating";
import { earlyRequest, reflectionOf, replyTo } from "./support/conversation";

/**
 * The embedded interviewer claims only what it heard (a QA walkthrough): a shrug is not good
 * news, a "but" is not only good news, a number already given is not asked for again, and a
 * skill the person is working on is not a blocker someone else holds.
 */
const ENTHUSIASM = /love hearing|great to hear|really good news|good to hear|glad to hear|glad|congrat|!/i;
const APPROVALS = /approv|pricing desk|deal desk/i;

describe("a lukewarm or hedged answer", () => {
  it("gets a neutral acknowledgement, not warmth", () => {
    const shrugs = [
      "Mostly fine, I guess. Some days are better than others",
      "Some days are better than others.",
      "Fine I guess.",
      "Ok.",
      "Not bad.",
      "Could be worse.",
      "It's okay I suppose.",
      "Not too bad, I suppose.",
    ];
    for (const pillar of ["morale", "burnout_risks"] as const) {
      for (const answer of shrugs) {
        const reply = replyTo(answer, pillar);
        expect(reply.reaction, answer).toBe("neutral");
        expect(reflectionOf(reply), answer).not.toMatch(ENTHUSIASM);
      }
    }
  });

  it("keeps real good news warm, and a hedge keeps it mild", () => {
    expect(reflectionOf(replyTo("Great week, we closed two big deals and I feel good."))).toMatch(ENTHUSIASM);
    expect(replyTo("Fine, and we just closed the Acme deal!").reaction).toBe("positive");
    expect(reflectionOf(replyTo("Pretty good, I guess."))).not.toMatch(/love hearing|great to hear|really good news/i);
  });
});

describe("a contrastive answer (good, but…)", () => {
  it("acknowledges the concern too, not just 'Good to hear'", () => {
    for (const pillar of ["morale", "team_dynamics"] as const) {
      const reply = replyTo("My manager is supportive, but the team feels a bit divided since the reorg", pillar);
      const reflection = reflectionOf(reply);
      expect(reply.reaction).toBe("mixed");
      expect(reflection).toMatch(/though|but/);
      expect(reflection).toMatch(/team/);
    }
    // A "but" whose other side names nothing is said softly, never as a rough patch.
    const soft = replyTo("Good week overall, but the reorg changed a few things.");
    expect(soft.reaction).toBe("mixed");
    expect(reflectionOf(soft)).not.toMatch(/rough patch/);
  });

  it("does not ask about the team again right after a mixed answer that covered it", () => {
    const progress = emptyPillarProgress();
    for (const pillar of PILLARS) {
      progress[pillar].explored = true;
      progress[pillar].questionsAsked = pillar === "team_dynamics" ? 0 : 2;
    }
    const lastAsked = [
      { content: "How has your week been going?", theme: "mood" },
      { content: "What is getting in the way of you selling as much as you could?", theme: "obstacles" },
    ];
    const nextAfter = (firstAnswer: string) =>
      planReply({
        ...earlyRequest({ pillarProgress: progress, lastAsked, questionsAsked: 3, elapsedMs: 200_000 }),
        messages: [
          { role: "assistant", content: "Hi Casey! How has your week been going?" },
          { role: "user", content: firstAnswer },
          { role: "assistant", content: "Thanks. What is getting in the way of you selling as much as you could?" },
          { role: "user", content: "Nothing much, honestly." },
        ],
        currentPillar: "blockers",
      });
    // Without a word about the team, the team is what comes next…
    expect(nextAfter("It was a normal week.").theme).toBe("teammates");
    // …but not when the answer before last already said how the team is.
    const reply = nextAfter("My manager is supportive, but the team feels a bit divided since the reorg");
    expect(reply.theme).not.toBe("teammates");
    expect(reply.theme).not.toBe("manager");
  });
});

describe("a confidence given as a number", () => {
  const confidenceQuestion = "How confident are you feeling about hitting your number this quarter?";
  function afterConfidence(answer: string, questionsAsked = 4): InterviewRequest {
    const progress = emptyPillarProgress();
    progress.morale.explored = true;
    progress.quota_confidence.explored = true;
    progress.burnout_risks.explored = true;
    const lastAsked = [
      { content: "How has your week been going?", theme: "mood" },
      { content: confidenceQuestion, theme: "quota" },
    ];
    return {
      ...earlyRequest({ pillarProgress: progress, lastAsked }),
      messages: [
        { role: "assistant", content: "Hi Casey! How has your week been going?" },
        { role: "user", content: "Busy but ok." },
        { role: "assistant", content: `Got it. ${confidenceQuestion}` },
        { role: "user", content: answer },
      ],
      currentPillar: "quota_confidence",
      context: aiContextFor({
        elapsedMs: 240_000,
        targetMs: 600_000,
        questionsAsked,
        pillarProgress: progress,
        lastAsked,
      }),
      ratings: { asked: ["burnout"], lastWasRating: false },
    };
  }

  it("is not followed by the one-tap confidence rating", () => {
    for (const answer of ["Maybe 40 percent", "About 70%.", "I'd say 6/10."]) {
      const reply = planReply(afterConfidence(answer));
      expect(reply.rating, answer).toBeUndefined();
      expect(reply.text, answer).not.toContain(SELF_RATINGS.confidence.question);
      // Nor asked later in the chat: the number is already said.
      expect(ratingDue(afterConfidence(answer, 9)), answer).toBeNull();
    }
  });

  it("still gets the rating after an answer without a number", () => {
    expect(planReply(afterConfidence("Not sure, honestly.")).rating).toBe("confidence");
  });
});

describe("an answer about the person's own skill", () => {
  it("is not reflected as a blocker such as slow approvals", () => {
    for (const pillar of ["blockers", "morale", "sales_strength"] as const) {
      for (const answer of [
        "I struggle with negotiation on pricing",
        "I'm not great at negotiating discounts with procurement.",
      ]) {
        const reflection = reflectionOf(replyTo(answer, pillar));
        expect(reflection, `${answer} (${pillar})`).not.toMatch(APPROVALS);
        expect(reflection.length).toBeGreaterThan(0);
      }
    }
    // Wanting to get better at something is not good news either.
    const growth = reflectionOf(replyTo("I need to get better at prospecting.", "sales_strength"));
    expect(growth).not.toMatch(ENTHUSIASM);
    expect(growth).toMatch(/better at|skill/);
    // An external blocker is still heard as one, beside a skill too.
    expect(reflectionOf(replyTo("Pricing approvals take forever and deals stall.", "blockers"))).toMatch(APPROVALS);
    // (A bare "approvals" is "Internal processes" since the blocker themes need their sense.)
    expect(reflectionOf(replyTo("I struggle with negotiation, and the approvals take forever.", "blockers"))).toMatch(
      /approv|internal overhead/i,
    );
    // A pricing approval (pricing with an approval: the topic's `both` rule) is heard as one too.
    expect(
      reflectionOf(replyTo("I struggle with negotiation, and the discount approvals take forever.", "blockers")),
    ).toMatch(APPROVALS);
  });
});
