import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { coachingResponseSchema, insightsResponseSchema } from "../../worker/shared/insights";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";

/**
 * With an LLM configured (the OpenAI-compatible stand-in), coaching actions are rephrased by
 * the model through the real openai client; when the model fails the rule-based ones stand.
 */
async function seedTeam(admin: TestAdmin, theme: string) {
  const member = crypto.randomUUID();
  const checkIn = crypto.randomUUID();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email) values (?, ?, 'Jordan', 'Ellis', ?)",
    ).bind(member, admin.organizationId, `${member}@coach.example`),
    env.DB.prepare(
      "insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, completed_at, created_at) values (?, ?, ?, 'h', 'completed', ?, ?, ?)",
    ).bind(checkIn, admin.organizationId, member, now + 1000, now - 1000, now - 2000),
    env.DB.prepare(
      "insert into sentiment_scores (id, organization_id, check_in_id, team_member_id, morale, confidence, stress, sales_strength, blockers, conversation_quality_score, recorded_at) values (?, ?, ?, ?, 30, 35, 82, 60, 30, 70, ?)",
    ).bind(crypto.randomUUID(), admin.organizationId, checkIn, member, now - 1000),
    ...[1, 2].map((n) =>
      env.DB.prepare(
        "insert into user_challenges (id, organization_id, check_in_id, team_member_id, theme, description, created_at) values (?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        `${checkIn}-${n}`,
        admin.organizationId,
        checkIn,
        member,
        `${theme} ${n === 1 ? "" : "(again)"}`.trim(),
        theme,
        now - 1000,
      ),
    ),
  ]);
  return member;
}

describe("AI-enriched coaching actions", () => {
  it("rephrases the rule-based actions, keeping ids, priorities and people", async () => {
    const admin = await createAdmin({ companyName: "Coach Co" });
    const member = await seedTeam(admin, "Pricing approvals");
    const insights = insightsResponseSchema.parse(await (await requestAs(admin, "/api/insights")).json());
    expect(insights.aiCoachingAvailable).toBe(true);
    expect(insights.coaching.every((action) => action.source === "rules")).toBe(true);

    const response = await requestAs(admin, "/api/insights/coaching");
    expect(response.status).toBe(200);
    const body = coachingResponseSchema.parse(await response.json());
    expect(body.source).toBe("ai");
    expect(body.coaching.map((a) => [a.id, a.priority, a.teamMemberIds])).toEqual(
      insights.coaching.map((a) => [a.id, a.priority, a.teamMemberIds]),
    );
    const burnout = body.coaching.find((action) => action.id === `burnout:${member}`);
    expect(burnout).toMatchObject({
      source: "ai",
      title: "Book a 1:1 with Jordan Ellis about workload (coach's version)",
    });
  });

  it("falls back to the rules when the model fails", async () => {
    const admin = await createAdmin({ companyName: "Fallback Co" });
    await seedTeam(admin, "[[fail]]");
    const body = coachingResponseSchema.parse(await (await requestAs(admin, "/api/insights/coaching")).json());
    expect(body.source).toBe("rules");
    expect(body.coaching.length).toBeGreaterThan(0);
    expect(body.coaching.every((action) => action.source === "rules")).toBe(true);
  });
});
