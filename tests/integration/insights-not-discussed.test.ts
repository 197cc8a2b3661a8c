import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { checkIns, sentimentScores } from "../../worker/db/schema";
import { insightsResponseSchema, memberInsightsResponseSchema } from "../../worker/shared/insights";
import type { Pillar } from "../../worker/shared/pillars";
import { teamMemberResponseSchema } from "../../worker/shared/team";
import { createAdmin, requestAs } from "./auth-helpers";

/**
 * Issue 14 §5 through the API the dashboard reads: a score nobody talked about is stored as
 * the spec's 50 with no evidence, and the person page and the team overview say "not
 * discussed" for it rather than showing a neutral 50 as a reading.
 */
describe("a pillar nobody talked about", () => {
  it("is marked notDiscussed on GET /api/insights/members/:id and GET /api/insights, the discussed ones are not", async () => {
    const admin = await createAdmin({ companyName: "Quiet Pillars Co" });
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Rae", lastName: "Quiet", email: `rae-${Date.now()}@quiet.example` }),
    });
    const member = teamMemberResponseSchema.parse(await added.json()).member;
    const at = new Date(Date.now() - 60 * 60 * 1000);
    const db = createDb(env.DB);
    await db.insert(checkIns).values({
      id: `quiet-${member.id}`,
      organizationId: admin.organizationId,
      teamMemberId: member.id,
      tokenHash: `hash-quiet-${member.id}`,
      status: "completed",
      expiresAt: new Date(at.getTime() + 3 * 24 * 60 * 60 * 1000),
      createdAt: new Date(at.getTime() - 60 * 60 * 1000),
      completedAt: at,
    });
    // Morale and stress were talked about; confidence, sales strength and blockers were not.
    await db.insert(sentimentScores).values({
      organizationId: admin.organizationId,
      checkInId: `quiet-${member.id}`,
      teamMemberId: member.id,
      morale: 35,
      confidence: 50,
      stress: 70,
      salesStrength: 50,
      blockers: 50,
      conversationQualityScore: 60,
      recordedAt: at,
      moraleEvidence: 2,
      confidenceEvidence: 0,
      stressEvidence: 3,
      salesStrengthEvidence: 0,
      blockersEvidence: 0,
    });

    const person = await requestAs(admin, `/api/insights/members/${member.id}?range=4w`);
    expect(person.status).toBe(200);
    const cards = memberInsightsResponseSchema.parse(await person.json()).pillars;
    const flagged = (list: { pillar: Pillar; notDiscussed?: boolean | undefined }[]) =>
      list.filter((card) => card.notDiscussed).map((card) => card.pillar);
    expect(flagged(cards).sort()).toEqual(["blockers", "quota_confidence", "sales_strength"]);
    expect(cards.find((card) => card.pillar === "morale")).toMatchObject({ value: 35 });

    const team = insightsResponseSchema.parse(await (await requestAs(admin, "/api/insights?range=4w")).json());
    expect(flagged(team.pillars).sort()).toEqual(["blockers", "quota_confidence", "sales_strength"]);
  });
});
