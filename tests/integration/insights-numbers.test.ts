import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { chunkedInserts, runBatch } from "../../worker/db/batch";
import { createDb } from "../../worker/db/client";
import {
  checkIns,
  organizations,
  riskAlerts,
  sentimentScores,
  teamMembers,
  userChallenges,
} from "../../worker/db/schema";
import { memberInsights, teamInsights } from "../../worker/insights/service";
import { trendText } from "../../worker/shared/insights";
import { DAY_MS, HOUR_MS } from "../../worker/shared/time";

/**
 * The dashboard's numbers against a small, hand-computed fixture inserted straight into D1.
 * Every expected figure below is worked out in the comments, not produced by the code.
 *
 * now = 2026-11-18 12:00 UTC. Week buckets: 0 = the last 7 days, 1 = the 7 days before, …
 *
 * Over 300 lines: the fixture and the hand-worked expected figures must sit together.
 */
const now = Date.parse("2026-11-18T12:00:00Z");
const daysAgo = (days: number) => new Date(now - days * DAY_MS);
const db = createDb(env.DB);

const ORG = "numbers-org";
const OTHER = "numbers-other-org";

type Score = [morale: number, confidence: number, stress: number, salesStrength: number, blockers: number];

beforeAll(async () => {
  const members = [
    { id: "ana", organizationId: ORG, firstName: "Ana", lastName: "Lopez", email: "ana@a.test", status: "active" },
    { id: "ben", organizationId: ORG, firstName: "Ben", lastName: "Okafor", email: "ben@a.test", status: "active" },
    { id: "cy", organizationId: ORG, firstName: "Cy", lastName: "Park", email: "cy@a.test", status: "active" },
    { id: "dee", organizationId: ORG, firstName: "Dee", lastName: "Ng", email: "dee@a.test", status: "inactive" },
    { id: "zed", organizationId: OTHER, firstName: "Zed", lastName: "Other", email: "zed@b.test", status: "active" },
  ] as const;

  const checkInRows: (typeof checkIns.$inferInsert)[] = [];
  const scoreRows: (typeof sentimentScores.$inferInsert)[] = [];
  const challengeRows: (typeof userChallenges.$inferInsert)[] = [];
  const completed = (id: string, member: string, days: number, score: Score, themes: string[] = [], org = ORG) => {
    const at = daysAgo(days);
    checkInRows.push({
      id,
      organizationId: org,
      teamMemberId: member,
      tokenHash: `hash-${id}`,
      status: "completed",
      expiresAt: new Date(at.getTime() + 3 * DAY_MS),
      createdAt: new Date(at.getTime() - HOUR_MS),
      completedAt: at,
    });
    const [morale, confidence, stress, salesStrength, blockers] = score;
    scoreRows.push({
      organizationId: org,
      checkInId: id,
      teamMemberId: member,
      morale,
      confidence,
      stress,
      salesStrength,
      blockers,
      conversationQualityScore: 70,
      recordedAt: at,
    });
    for (const theme of themes) {
      challengeRows.push({
        organizationId: org,
        checkInId: id,
        teamMemberId: member,
        theme,
        ownDescription: theme,
        createdAt: at,
      });
    }
  };

  // Bucket 0 (last 7 days): Ana 70/60/40/80, Ben 50/40/72/55 → morale 60, confidence 50, stress 56, strength 67.5.
  completed("ana-0", "ana", 1, [70, 60, 40, 80, 70], ["CRM admin"]);
  completed("ben-0", "ben", 2, [50, 40, 72, 55, 30], ["CRM admin", "Pricing approvals"]);
  // Bucket 1: Ana 60/50/30/80, Ben 60/60/50/55, Cy 45/55/44/70 → morale 55, confidence 55, stress 41.33, strength 68.33.
  completed("ana-1", "ana", 8, [60, 50, 30, 80, 70]);
  completed("ben-1", "ben", 9, [60, 60, 50, 55, 60]);
  completed("cy-1", "cy", 10, [45, 55, 44, 70, 50], ["CRM admin"]);
  // Bucket 2: Cy alone.
  completed("cy-2", "cy", 16, [40, 40, 60, 60, 40]);
  // Bucket 3: a blocker without anything else in it.
  completed("ana-3", "ana", 22, [62, 62, 35, 78, 70], ["Lead quality"]);
  // Bucket 5: outside 4 weeks, inside 12.
  completed("ana-5", "ana", 38, [90, 90, 20, 90, 90]);
  // Another organization, the same week: must never move org A's numbers.
  completed("zed-0", "zed", 1, [10, 10, 95, 45, 15], ["Competition"], OTHER);

  const open = (
    id: string,
    member: string,
    createdDaysAgo: number,
    expiresInDays: number,
    status: "pending" | "expired",
  ) =>
    checkInRows.push({
      id,
      organizationId: ORG,
      teamMemberId: member,
      tokenHash: `hash-${id}`,
      status,
      createdAt: daysAgo(createdDaysAgo),
      expiresAt: new Date(now + expiresInDays * DAY_MS),
    });
  open("cy-0-expired", "cy", 5, -2, "expired");
  open("dee-0-pending", "dee", 1, 2, "pending");
  // Still "pending" but past its expiry (the cron has not run yet): counts as expired.
  open("ben-3-lapsed", "ben", 24, -21, "pending");

  await runBatch(db, [
    db.insert(organizations).values([
      { id: ORG, name: "Numbers Inc" },
      { id: OTHER, name: "Other Co" },
    ]),
    db.insert(teamMembers).values([...members]),
    ...chunkedInserts(db, checkIns, checkInRows),
    ...chunkedInserts(db, sentimentScores, scoreRows),
    ...chunkedInserts(db, userChallenges, challengeRows),
    // Alerts as written before drizzle/0021: a stored id, message, type and priority.
    db.insert(riskAlerts).values([
      {
        legacyId: "alert-ben-burnout",
        organizationId: ORG,
        teamMemberId: "ben",
        checkInId: "ben-0",
        legacyAlertType: "retention",
        legacyPriority: "urgent",
        category: "burnout",
        message: "Ben Okafor shows burnout risk in their latest check-in (stress 72/100).",
        createdAt: daysAgo(2),
      },
      {
        legacyId: "alert-ana-reach-out",
        organizationId: ORG,
        teamMemberId: "ana",
        checkInId: "ana-0",
        legacyAlertType: "other",
        legacyPriority: "medium",
        category: "reach_out",
        message: "Ana Lopez asked for their manager to reach out after their check-in.",
        status: "read",
        createdAt: daysAgo(1),
      },
      {
        legacyId: "alert-cy-resolved",
        organizationId: ORG,
        teamMemberId: "cy",
        checkInId: "cy-2",
        legacyAlertType: "performance",
        legacyPriority: "high",
        category: "low_confidence",
        message: "Cy Park has low quota confidence (40/100).",
        status: "resolved",
        resolvedAt: daysAgo(12),
        createdAt: daysAgo(16),
      },
      {
        legacyId: "alert-zed",
        organizationId: OTHER,
        teamMemberId: "zed",
        checkInId: "zed-0",
        legacyAlertType: "retention",
        legacyPriority: "urgent",
        category: "burnout",
        message: "Zed Other shows burnout risk.",
        createdAt: daysAgo(1),
      },
    ]),
  ]);
});

describe("GET /api/insights numbers (4 weeks)", () => {
  it("computes the six pillar cards and their week-over-week change", async () => {
    const insights = await teamInsights(db, ORG, "4w", { now });
    const cards = Object.fromEntries(insights.pillars.map((card) => [card.pillar, card]));
    expect(insights.current).toEqual({ weeksAgo: 0, responses: 2 });
    // morale 60 vs 55: +9.09 % → 9.
    expect(cards.morale).toMatchObject({ value: 60, previous: 55, change: 9 });
    // confidence 50 vs 55: −9.09 % → −9.
    expect(cards.quota_confidence).toMatchObject({ value: 50, previous: 55, change: -9 });
    // stress 56 vs 41.33: +35.48 % → 35; lower is better.
    expect(cards.burnout_risks).toMatchObject({ value: 56, previous: 41, change: 35, lowerIsBetter: true });
    // team dynamics (60 + 50) / 2 = 55 vs (55 + 55) / 2 = 55: no change.
    expect(cards.team_dynamics).toMatchObject({ value: 55, previous: 55, change: 0 });
    // strength 67.5 → 68 vs 68.33 → 68: −1.22 % → −1.
    expect(cards.sales_strength).toMatchObject({ value: 68, previous: 68, change: -1 });
    // blockers: 3 this week (Ana CRM, Ben CRM + pricing) vs 1 (Cy CRM).
    expect(cards.blockers).toMatchObject({ value: 3, previous: 1, change: 2, changeUnit: "count" });
  });

  it("counts participation, the team and the trend", async () => {
    const insights = await teamInsights(db, ORG, "4w", { now });
    // 7 answered (Ana ×3, Ben ×2, Cy ×2); Cy's expired + Ben's lapsed = 2 expired;
    // Dee's pending excluded → 7 / 9 = 77.8 % → 78.
    expect(insights.participation).toEqual({
      rate: 78,
      completed: 7,
      expired: 2,
      pending: 1,
      membersThisWeek: 2,
      activeMembers: 3,
    });
    expect(insights.team).toEqual({ activeMembers: 3, totalMembers: 4, anyCheckInSent: true });
    expect(insights.hasData).toBe(true);
    expect(insights.trend).toHaveLength(4);
    const [w3, w2, w1, w0] = insights.trend;
    expect(w0).toMatchObject({ responses: 2, morale: 60, confidence: 50, stress: 56, teamDynamics: 55, blockers: 3 });
    // Bucket 0 sent: Ana, Ben, Cy (expired), Dee (pending) → 2 answered of 3 closed = 67 %.
    expect(w0).toMatchObject({ sent: 4, participation: 67 });
    expect(w1).toMatchObject({ responses: 3, morale: 55, stress: 41, blockers: 1, participation: 100 });
    expect(w2).toMatchObject({ responses: 1, morale: 40, confidence: 40, teamDynamics: 40, salesStrength: 60 });
    expect(w3).toMatchObject({ responses: 1, morale: 62, blockers: 1, sent: 2, participation: 50 });
  });

  it("groups blocker themes with counts, people and this week against last", async () => {
    const insights = await teamInsights(db, ORG, "4w", { now });
    expect(insights.blockers.map(({ lastReportedAt: _, ...theme }) => theme)).toEqual([
      { theme: "CRM admin", count: 3, people: 3, thisWeek: 2, lastWeek: 1 },
      { theme: "Pricing approvals", count: 1, people: 1, thisWeek: 1, lastWeek: 0 },
      { theme: "Lead quality", count: 1, people: 1, thisWeek: 0, lastWeek: 0 },
    ]);
  });

  it("lists open alerts most urgent first, and people by risk", async () => {
    const insights = await teamInsights(db, ORG, "4w", { now });
    expect(insights.alerts.open).toBe(2);
    expect(insights.alerts.items.map((alert) => alert.id)).toEqual(["alert-ben-burnout", "alert-ana-reach-out"]);
    expect(insights.alerts.items[0]?.teamMember).toEqual({ id: "ben", firstName: "Ben", lastName: "Okafor" });
    expect(insights.people.map((p) => [p.id, p.risk, p.openAlerts])).toEqual([
      ["ben", "high", 1], // stress 72 and an open burnout alert
      ["ana", "high", 1], // asked for a reach-out
      ["cy", "watch", 0], // latest morale 45 < 50
      ["dee", "unknown", 0],
    ]);
    const ben = insights.people[0];
    expect(ben?.latest).toMatchObject({ morale: 50, confidence: 40, stress: 72, salesStrength: 55, blockers: 30 });
    expect(ben?.previousStress).toBe(50);
    expect(ben).toMatchObject({ sentInRange: 3, completedInRange: 2 });
  });

  it("profiles sales strength and derives the coaching actions", async () => {
    const insights = await teamInsights(db, ORG, "4w", { now });
    // Latest: Ana 80 (strong), Cy 70 (solid), Ben 55 (developing) → mean 68.33 → 68.
    expect(insights.salesStrength).toMatchObject({ average: 68, bands: { strong: 1, solid: 1, developing: 1 } });
    expect(insights.salesStrength.people.map((p) => [p.id, p.value])).toEqual([
      ["ana", 80],
      ["cy", 70],
      ["ben", 55],
    ]);
    expect(insights.coaching.map((action) => action.id)).toEqual([
      "reach-out:ana",
      "burnout:ben",
      "blocker:CRM admin", // 3 reports from 3 people, rising → high
      "team:stress", // +35 % week over week
      "pipeline:team", // index 50 < 55
      "pairing:ben", // Ben 55 with Ana 80
    ]);
    expect(insights.coaching[1]?.detail).toContain("Stress 72/100, up from 50.");
  });

  it("never lets another organization's rows in", async () => {
    const insights = await teamInsights(db, ORG, "4w", { now });
    const text = JSON.stringify(insights);
    expect(text).not.toContain("zed");
    expect(text).not.toContain("Zed");
    expect(text).not.toContain("Competition");
    const other = await teamInsights(db, OTHER, "4w", { now });
    expect(other.pillars.find((card) => card.pillar === "morale")?.value).toBe(10);
    expect(other.people.map((p) => p.id)).toEqual(["zed"]);
  });
});

describe("ranges", () => {
  it("12 weeks include the older week and trend has 12 points", async () => {
    const insights = await teamInsights(db, ORG, "12w", { now });
    expect(insights.trend).toHaveLength(12);
    // Ana's check-in 38 days ago falls in bucket 5 → the 7th point from the end.
    expect(insights.trend[12 - 1 - 5]).toMatchObject({ responses: 1, morale: 90 });
    expect(insights.participation.completed).toBe(8);
  });

  it("falls back to the latest answered week when the last 7 days are quiet", async () => {
    // A week later nothing is new: bucket 0 is empty, the cards describe last week's answers.
    const later = now + 7 * DAY_MS;
    const insights = await teamInsights(db, ORG, "4w", { now: later });
    expect(insights.current).toEqual({ weeksAgo: 1, responses: 2 });
    expect(insights.pillars.find((card) => card.pillar === "morale")).toMatchObject({ value: 60, change: 9 });
  });

  it("an organization with nothing yet gets empty, well-formed insights", async () => {
    await db.insert(organizations).values({ id: "empty-org", name: "Empty" });
    const insights = await teamInsights(db, "empty-org", "4w", { now });
    expect(insights.hasData).toBe(false);
    expect(insights.team).toEqual({ activeMembers: 0, totalMembers: 0, anyCheckInSent: false });
    expect(insights.current.weeksAgo).toBeNull();
    expect(insights.participation.rate).toBeNull();
    expect(insights.coaching).toEqual([]);
    expect(insights.trend.every((point) => point.morale === null)).toBe(true);
  });
});

describe("GET /api/insights/members/:id numbers", () => {
  it("compares a person's latest check-in with the one before", async () => {
    const ben = await memberInsights(db, ORG, "ben", "4w", { now });
    expect(ben).not.toBeNull();
    const cards = Object.fromEntries((ben?.pillars ?? []).map((card) => [card.pillar, card]));
    // 50 vs 60 → −16.67 % → −17; 40 vs 60 → −33; stress 72 vs 50 → +44; dynamics 45 vs 60 → −25.
    expect(cards.morale).toMatchObject({ value: 50, previous: 60, change: -17 });
    expect(cards.quota_confidence).toMatchObject({ value: 40, change: -33 });
    expect(cards.burnout_risks).toMatchObject({ value: 72, change: 44 });
    expect(cards.team_dynamics).toMatchObject({ value: 45, change: -25 });
    expect(cards.sales_strength).toMatchObject({ value: 55, change: 0 });
    expect(cards.blockers).toMatchObject({ value: 2, previous: 0, change: 2 });
    expect(ben?.risk).toBe("high");
    expect(ben?.blockers.map((theme) => [theme.theme, theme.count])).toEqual([
      ["CRM admin", 1],
      ["Pricing approvals", 1],
    ]);
    expect(ben?.alerts.map((alert) => alert.id)).toEqual(["alert-ben-burnout"]);
    // 2 answered, the lapsed one expired → 67 %.
    expect(ben?.participation).toEqual({ completed: 2, expired: 1, pending: 0, rate: 67 });
    expect(ben?.coaching.map((action) => action.id)).toEqual(["burnout:ben", "blocker:ben:CRM admin", "pairing:ben"]);
    expect(ben?.trend.at(-1)).toMatchObject({ morale: 50, stress: 72, blockers: 2 });
  });

  it("shows resolved alerts in the range too, after the open ones", async () => {
    const cy = await memberInsights(db, ORG, "cy", "4w", { now });
    expect(cy?.alerts.map((alert) => [alert.id, alert.status])).toEqual([["alert-cy-resolved", "resolved"]]);
    expect(cy?.latest).toMatchObject({ morale: 45 });
  });

  it("is null for a member of another organization", async () => {
    expect(await memberInsights(db, ORG, "zed", "4w", { now })).toBeNull();
    expect(await memberInsights(db, OTHER, "ben", "4w", { now })).toBeNull();
  });
});

describe("a new company's single check-in (the newcomer walkthrough)", () => {
  it("compares nothing, blockers included, and its participation reads 1 of 1 check-in, 1 of 2 people", async () => {
    // Two members; one check-in sent, to Nia, who answered it yesterday with two blockers.
    const org = "newcomer-org";
    const at = daysAgo(1);
    await runBatch(db, [
      db.insert(organizations).values({ id: org, name: "Newcomer" }),
      db.insert(teamMembers).values([
        { id: "nia", organizationId: org, firstName: "Nia", lastName: "Sol", email: "nia@n.test", status: "active" },
        { id: "oli", organizationId: org, firstName: "Oli", lastName: "Ray", email: "oli@n.test", status: "active" },
      ]),
      db.insert(checkIns).values({
        id: "nia-first",
        organizationId: org,
        teamMemberId: "nia",
        tokenHash: "hash-nia-first",
        status: "completed",
        expiresAt: new Date(at.getTime() + 3 * DAY_MS),
        createdAt: new Date(at.getTime() - HOUR_MS),
        completedAt: at,
      }),
      db.insert(sentimentScores).values({
        organizationId: org,
        checkInId: "nia-first",
        teamMemberId: "nia",
        morale: 60,
        confidence: 60,
        stress: 40,
        salesStrength: 70,
        blockers: 40,
        conversationQualityScore: 70,
        recordedAt: at,
      }),
      db.insert(userChallenges).values(
        ["CRM admin", "Lead quality"].map((theme) => ({
          organizationId: org,
          checkInId: "nia-first",
          teamMemberId: "nia",
          theme,
          ownDescription: theme,
          createdAt: at,
        })),
      ),
    ]);

    const team = await teamInsights(db, org, "12w", { now });
    const cards = Object.fromEntries(team.pillars.map((card) => [card.pillar, card]));
    expect(cards.blockers).toMatchObject({ value: 2, previous: null, change: null });
    expect(cards.blockers && trendText(cards.blockers)).toBe("No check-ins the week before");
    expect(cards.morale && trendText(cards.morale)).toBe("No check-ins the week before");
    expect(team.participation).toMatchObject({
      rate: 100,
      completed: 1,
      expired: 0,
      membersThisWeek: 1,
      activeMembers: 2,
    });

    const nia = await memberInsights(db, org, "nia", "12w", { now });
    const mine = Object.fromEntries((nia?.pillars ?? []).map((card) => [card.pillar, card]));
    expect(mine.blockers).toMatchObject({ value: 2, previous: null, change: null });
    expect(mine.blockers && trendText(mine.blockers, "previous check-in")).toBe("First check-in");
  });
});
