import { describe, expect, it } from "vitest";
import { embeddedProvider } from "../../worker/ai/embedded";
import { coachingPrompt, fetchCoachingReply, mergeEnrichment } from "../../worker/insights/ai-coaching";
import type { CoachingAction, InsightsResponse } from "../../worker/shared/insights";

const action = (id: string): CoachingAction => ({
  id,
  priority: "high",
  pillar: "burnout_risks",
  title: `Rule title ${id}`,
  detail: `Rule detail for ${id}, with figures.`,
  teamMemberIds: ["p1"],
  source: "rules",
});

describe("AI coaching enrichment", () => {
  it("takes the model's wording for known ids and keeps everything else", () => {
    const merged = mergeEnrichment([action("a"), action("b")], {
      actions: [
        {
          id: "a",
          title: "Book a 30-minute 1:1 with Jordan on Tuesday",
          detail: "Open with what went well, then ask about workload.",
        },
        { id: "zzz", title: "An invented action", detail: "This id was never given, so it is ignored." },
      ],
    });
    expect(merged?.map((m) => [m.id, m.source, m.title])).toEqual([
      ["a", "ai", "Book a 30-minute 1:1 with Jordan on Tuesday"],
      ["b", "rules", "Rule title b"],
    ]);
    expect(merged?.[0]).toMatchObject({ priority: "high", teamMemberIds: ["p1"], pillar: "burnout_risks" });
  });

  it("refuses malformed answers, so the rules stand", () => {
    expect(mergeEnrichment([action("a")], { actions: [{ id: "a", title: "x", detail: "" }] })).toBeNull();
    expect(mergeEnrichment([action("a")], { morale: 40 })).toBeNull();
    expect(mergeEnrichment([action("a")], { actions: [] })).toBeNull();
  });

  it("tells the model aggregates only", () => {
    const insights = {
      team: { activeMembers: 4, totalMembers: 4, anyCheckInSent: true },
      participation: { rate: 80 },
      pillars: [{ pillar: "morale", value: 55, previous: 60, change: -8, changeUnit: "percent", lowerIsBetter: false }],
      blockers: [{ theme: "CRM admin", count: 3, people: 2, thisWeek: 1, lastWeek: 2, lastReportedAt: "" }],
      alerts: { open: 1, items: [{ category: "burnout" }] },
      coaching: [action("a")],
    } as unknown as InsightsResponse;
    const prompt = JSON.parse(coachingPrompt(insights));
    expect(prompt).toMatchObject({
      team: { activeMembers: 4, participationRate: 80 },
      pillars: "Morale: 55 (change -8%)",
      blockers: "CRM admin ×3 (2 people)",
      openAlerts: "burnout",
    });
    expect(prompt.actions).toEqual([
      { id: "a", priority: "high", title: "Rule title a", detail: "Rule detail for a, with figures." },
    ]);
  });

  it("asks the provider providerFor gives, and keeps the rules when it has no model (embedded)", async () => {
    const insights = {
      coaching: [action("a")],
      pillars: [],
      blockers: [],
      alerts: { items: [] },
    } as unknown as InsightsResponse;
    expect(await fetchCoachingReply(embeddedProvider, insights)).toBeNull();
  });
});
