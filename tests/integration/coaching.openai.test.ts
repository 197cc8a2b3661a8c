import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { COACHING_LLM_DAILY_CAP } from "../../worker/insights/coaching-cache";
import { DAILY_CAP_MESSAGES } from "../../worker/lib/daily-caps";
import { coachingResponseSchema, insightsResponseSchema } from "../../worker/shared/insights";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { dailyCapAudits } from "./cap-audit";

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
      "insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress, sales_strength, blockers, conversation_quality_score, recorded_at) values (?, ?, ?, 30, 35, 82, 60, 30, 70, ?)",
    ).bind(admin.organizationId, checkIn, member, now - 1000),
    ...[1, 2].map((n) =>
      env.DB.prepare(
        "insert into user_challenges (organization_id, check_in_id, team_member_id, theme, own_description, created_at) values (?, ?, ?, ?, ?, ?)",
      ).bind(admin.organizationId, checkIn, member, `${theme} ${n === 1 ? "" : "(again)"}`.trim(), theme, now - 1000),
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

describe("coaching costs (issue 12 item 4)", () => {
  const standInRequests = async (marker: string) => {
    const stats = (await (await fetch(`${new URL(env.OPENAI_BASE_URL).origin}/__stats`)).json()) as {
      requests: { body: string }[];
    };
    return stats.requests.filter((r) => JSON.stringify(r.body).includes(marker)).length;
  };

  it("asks the model once per organization, week and range, however often the dashboard asks", async () => {
    const admin = await createAdmin({ companyName: "Cached Co" });
    const marker = `Cache theme ${crypto.randomUUID().slice(0, 8)}`;
    await seedTeam(admin, marker);
    for (let i = 0; i < 4; i++) {
      const body = coachingResponseSchema.parse(await (await requestAs(admin, "/api/insights/coaching")).json());
      expect(body.source).toBe("ai");
    }
    expect(await standInRequests(marker)).toBe(1);
    await requestAs(admin, "/api/insights/coaching?range=4w");
    await requestAs(admin, "/api/insights/coaching?range=4w");
    expect(await standInRequests(marker)).toBe(2);
    // Another organization has its own cache.
    const other = await createAdmin({ companyName: "Other Cached Co" });
    await seedTeam(other, marker);
    await requestAs(other, "/api/insights/coaching");
    expect(await standInRequests(marker)).toBe(3);
  });

  it("caps model calls per organization and day with a clear 429, keeps serving the cache, and tells the operator", async () => {
    const admin = await createAdmin({ companyName: "Capped Co" });
    await seedTeam(admin, `Cap theme ${crypto.randomUUID().slice(0, 8)}`);
    expect((await requestAs(admin, "/api/insights/coaching")).status).toBe(200);
    // The call counted in coaching's share and in the organization's model calls of the day.
    const day = new Date().toISOString().slice(0, 10);
    const counted = (kind: string) =>
      env.DB.prepare("select count from rate_limits where key = ?")
        .bind(`cap:${kind}:${admin.organizationId}:${day}`)
        .first<number>("count");
    expect([await counted("coaching"), await counted("llm")]).toEqual([1, 1]);
    // The rest of today's allowance used up (as by many ranges and weeks of misses).
    await env.DB.prepare("update rate_limits set count = ? where key = ?")
      .bind(COACHING_LLM_DAILY_CAP, `cap:coaching:${admin.organizationId}:${day}`)
      .run();

    const capped = await requestAs(admin, "/api/insights/coaching?range=52w");
    expect(capped.status).toBe(429);
    expect(await capped.json()).toMatchObject({
      error: { code: "daily_limit_reached", message: DAILY_CAP_MESSAGES.coaching(COACHING_LLM_DAILY_CAP) },
    });
    // What is cached still comes back, at no cost.
    expect((await requestAs(admin, "/api/insights/coaching")).status).toBe(200);

    expect(await dailyCapAudits()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetId: admin.organizationId,
          details: expect.objectContaining({ kind: "coaching", limit: COACHING_LLM_DAILY_CAP }),
        }),
      ]),
    );
  });
});
