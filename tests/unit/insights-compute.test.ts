// The dashboard's pure computations and coaching rules. Over 300 lines: one describe per
// computed figure, each with its hand-worked fixture.
import { describe, expect, it } from "vitest";
import { BLOCKER_PLAYBOOK, coachingActions, coachingForPerson, listNames } from "../../worker/insights/coaching";
import {
  buildPillarCards,
  buildTrend,
  currentWindow,
  participationFrom,
  percentChange,
  personRisk,
  roundHalfAway,
} from "../../worker/insights/compute";
import type { PersonRow, PillarCard, ScoreSnapshot } from "../../worker/shared/insights";
import { trendText, trendTone } from "../../worker/shared/insights";
import { WEEK_MS } from "../../worker/shared/time";

const byPillar = (cards: PillarCard[]) => Object.fromEntries(cards.map((card) => [card.pillar, card]));

describe("pillar cards (spec 2 §7)", () => {
  it("computes values, team dynamics and week-over-week percent from unrounded means", () => {
    const cards = byPillar(
      buildPillarCards(
        { responses: 2, morale: 70, confidence: 61, stress: 55, sales_strength: 80 },
        { responses: 2, morale: 64, confidence: 66, stress: 44, sales_strength: 80 },
        { current: 5, previous: 2 },
      ),
    );
    expect(cards.morale).toMatchObject({ value: 70, previous: 64, change: 9 }); // 6/64 = 9.375 %
    expect(cards.quota_confidence).toMatchObject({ value: 61, previous: 66, change: -8 }); // -5/66 = -7.58 %
    // (70 + 61) / 2 = 65.5 → 66; before (64 + 66) / 2 = 65; 0.5/65 = 0.77 % → 1.
    expect(cards.team_dynamics).toMatchObject({ value: 66, previous: 65, change: 1 });
    expect(cards.burnout_risks).toMatchObject({ value: 55, change: 25, lowerIsBetter: true });
    expect(cards.sales_strength).toMatchObject({ value: 80, change: 0 });
    expect(cards.blockers).toMatchObject({
      value: 5,
      previous: 2,
      change: 3,
      changeUnit: "count",
      lowerIsBetter: true,
    });
  });

  it("defaults sales strength to 75 when missing and has no change without last week", () => {
    const cards = byPillar(
      buildPillarCards({ responses: 1, morale: 50, confidence: 50, stress: 50, sales_strength: null }, null, {
        current: 0,
        previous: 0,
      }),
    );
    expect(cards.sales_strength).toMatchObject({ value: 75, change: null });
    expect(cards.morale).toMatchObject({ value: 50, previous: null, change: null });
    expect(cards.blockers).toMatchObject({ value: 0, previous: null, change: null });
  });

  it("blockers compare with nothing when nobody answered the week (or check-in) before, as the scores do", () => {
    const now = { responses: 1, morale: 60, confidence: 60, stress: 40, sales_strength: 70 };
    // The walkthrough's single check-in: 2 blockers, no week before.
    const first = byPillar(buildPillarCards(now, null, { current: 2, previous: 0 }));
    expect(first.blockers).toMatchObject({ value: 2, previous: null, change: null });
    expect(trendText(first.blockers as PillarCard)).toBe("No check-ins the week before");
    expect(trendText(first.blockers as PillarCard, "previous check-in")).toBe("First check-in");
    expect(trendText(first.morale as PillarCard)).toBe(trendText(first.blockers as PillarCard));
    // A window before with no responses is no week before either.
    const empty = byPillar(buildPillarCards(now, { responses: 0 }, { current: 2, previous: 0 }));
    expect(empty.blockers?.change).toBeNull();
    // With a week before, the count difference as before, 0 blockers then included.
    const second = byPillar(buildPillarCards(now, now, { current: 2, previous: 0 }));
    expect(second.blockers).toMatchObject({ value: 2, previous: 0, change: 2 });
    expect(trendText(second.blockers as PillarCard)).toBe("+2 from last week");
  });

  it("says 'not discussed' for a pillar nobody in the window talked about, keeping the stored value", () => {
    const window = { responses: 3, morale: 62, confidence: 50, stress: 50, sales_strength: 50 };
    const discussed = { morale: 3, confidence: 0, stress: 2, sales_strength: 0, blockers: 0 };
    const cards = byPillar(buildPillarCards({ ...window, discussed }, null, { current: 0, previous: 0 }));
    expect(cards.quota_confidence).toMatchObject({ value: 50, notDiscussed: true });
    expect(cards.sales_strength?.notDiscussed).toBe(true);
    expect(cards.blockers?.notDiscussed).toBe(true);
    expect(cards.morale?.notDiscussed).toBeUndefined();
    expect(cards.burnout_risks?.notDiscussed).toBeUndefined();
    // Team dynamics is morale and confidence: discussed when either was.
    expect(cards.team_dynamics?.notDiscussed).toBeUndefined();
    // A blocker reported is a discussion of blockers; rows from before evidence was kept say nothing.
    expect(
      byPillar(buildPillarCards({ ...window, discussed }, null, { current: 1, previous: 0 })).blockers?.notDiscussed,
    ).toBeUndefined();
    expect(
      byPillar(buildPillarCards(window, null, { current: 0, previous: 0 })).sales_strength?.notDiscussed,
    ).toBeUndefined();
  });

  it("leaves every score empty when nobody answered", () => {
    const cards = buildPillarCards(null, null, { current: 0, previous: 0 });
    expect(cards.filter((card) => card.pillar !== "blockers").every((card) => card.value === null)).toBe(true);
  });

  it("rounds half away from zero", () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(percentChange(41, 40)).toBe(3); // 2.5 % → 3
    expect(percentChange(39, 40)).toBe(-3);
    expect(percentChange(10, 0)).toBeNull();
  });
});

describe("display rules", () => {
  const card = (change: number | null, lowerIsBetter: boolean, changeUnit: "percent" | "count" = "percent") => ({
    change,
    lowerIsBetter,
    changeUnit,
  });
  it("inverts colour and arrow for stress and blockers", () => {
    expect(trendTone(card(5, false))).toBe("better");
    expect(trendTone(card(-5, false))).toBe("worse");
    expect(trendTone(card(5, true))).toBe("worse");
    expect(trendTone(card(-5, true))).toBe("better");
    expect(trendTone(card(0, true))).toBe("flat");
    expect(trendTone(card(null, true))).toBe("none");
  });
  it("uses the spec's wording", () => {
    expect(trendText(card(0, false))).toBe("No change from last week");
    expect(trendText(card(12, false))).toBe("+12% from last week");
    expect(trendText(card(-4, false))).toBe("-4% from last week");
    expect(trendText(card(3, true, "count"))).toBe("+3 from last week");
    expect(trendText(card(-2, true, "count"))).toBe("-2 from last week");
  });
});

describe("trend and current window", () => {
  const now = Date.parse("2026-11-18T12:00:00Z");
  it("returns one point per week, oldest first, with empty weeks", () => {
    const trend = buildTrend(
      now,
      4,
      [{ bucket: 0, responses: 2, morale: 60, confidence: 70, stress: 40, sales_strength: 70 }],
      [
        { bucket: 0, count: 1 },
        { bucket: 2, count: 3 },
      ],
      [{ bucket: 0, sent: 4, completed: 2, expired: 1, pending: 1 }],
    );
    expect(trend).toHaveLength(4);
    expect(trend[3]).toMatchObject({
      end: new Date(now).toISOString(),
      start: new Date(now - WEEK_MS).toISOString(),
      morale: 60,
      teamDynamics: 65,
      blockers: 1,
      sent: 4,
      participation: 67,
    });
    expect(trend[1]).toMatchObject({ morale: null, blockers: 3, participation: null, sent: 0 });
  });

  it("describes the last 7 days, or the latest week with answers", () => {
    const row = (bucket: number) => ({ bucket, responses: 1, morale: 1, confidence: 1, stress: 1, sales_strength: 1 });
    expect(currentWindow([row(0), row(1)], 4)).toBe(0);
    expect(currentWindow([row(2), row(3)], 4)).toBe(2);
    expect(currentWindow([], 4)).toBeNull();
  });

  it("participation counts answered over answered plus expired", () => {
    expect(
      participationFrom(
        [
          { bucket: 0, sent: 3, completed: 1, expired: 1, pending: 1 },
          { bucket: 1, sent: 2, completed: 2, expired: 0, pending: 0 },
        ],
        2,
        5,
      ),
    ).toEqual({ rate: 75, completed: 3, expired: 1, pending: 1, membersThisWeek: 2, activeMembers: 5 });
    expect(participationFrom([], 0, 0).rate).toBeNull();
  });
});

const snap = (values: Partial<ScoreSnapshot> = {}): ScoreSnapshot => ({
  morale: 65,
  confidence: 65,
  stress: 40,
  salesStrength: 70,
  blockers: 70,
  recordedAt: "2026-11-17T10:00:00.000Z",
  ...values,
});

const person = (id: string, latest: ScoreSnapshot | null, extra: Partial<PersonRow> = {}): PersonRow => ({
  id,
  firstName: id[0]?.toUpperCase() + id.slice(1),
  lastName: "Doe",
  jobTitle: null,
  region: null,
  status: "active",
  latest,
  previousStress: null,
  completedInRange: 1,
  sentInRange: 1,
  openAlerts: 0,
  risk: personRisk(latest, []),
  ...extra,
});

describe("risk levels", () => {
  it("follows the documented lines", () => {
    expect(personRisk(null, [])).toBe("unknown");
    expect(personRisk(snap(), [])).toBe("ok");
    expect(personRisk(snap({ stress: 70 }), [])).toBe("high");
    expect(personRisk(snap({ morale: 34 }), [])).toBe("high");
    expect(personRisk(snap({ stress: 60 }), [])).toBe("watch");
    expect(personRisk(snap({ confidence: 49 }), [])).toBe("watch");
    expect(personRisk(snap(), ["low_confidence"])).toBe("watch");
    expect(personRisk(snap(), ["reach_out"])).toBe("high");
    expect(personRisk(null, ["burnout"])).toBe("high");
  });
});

describe("coaching actions", () => {
  const pillars = buildPillarCards(
    { responses: 3, morale: 52, confidence: 58, stress: 63, sales_strength: 66 },
    { responses: 3, morale: 60, confidence: 60, stress: 55, sales_strength: 66 },
    { current: 4, previous: 1 },
  );
  const people = [
    person("jordan", snap({ stress: 79, morale: 31, confidence: 44 }), { previousStress: 61 }),
    person("marcus", snap({ confidence: 33, salesStrength: 55 })),
    person("maya", snap({ salesStrength: 84 })),
  ];
  const input = {
    rangeWeeks: 4,
    pillars,
    people,
    blockers: [
      {
        theme: "Pricing approvals",
        count: 4,
        people: 3,
        thisWeek: 3,
        lastWeek: 1,
        lastReportedAt: "2026-11-17T00:00:00.000Z",
      },
    ],
    alerts: [],
    participation: { rate: 50, completed: 3, expired: 3 },
  };

  it("names people and figures, most urgent first", () => {
    const actions = coachingActions(input, 20);
    const ids = actions.map((a) => a.id);
    expect(actions[0]).toMatchObject({
      id: "burnout:jordan",
      priority: "high",
      title: "Book a 1:1 with Jordan Doe about workload",
      teamMemberIds: ["jordan"],
    });
    expect(actions[0]?.detail).toContain("Stress 79/100, up from 61.");
    // Jordan is covered by the burnout action; the morale rule does not repeat them.
    expect(ids).not.toContain("morale:jordan");
    const blocker = actions.find((a) => a.id === "blocker:Pricing approvals");
    expect(blocker).toMatchObject({ priority: "high", title: "Remove the top blocker: Pricing approvals" });
    expect(blocker?.detail).toContain("4 reports from 3 people in the last 4 weeks, more this week than last.");
    expect(blocker?.detail).toContain(BLOCKER_PLAYBOOK["Pricing approvals"]);
    expect(ids).toContain("team:stress"); // 63 ≥ 60
    expect(ids).toContain("team:morale"); // 52 vs 60 = −13 %
    const pipeline = actions.find((a) => a.id === "pipeline:people");
    expect(pipeline?.title).toBe("Review pipeline with Marcus");
    expect(pipeline?.teamMemberIds).toEqual(["marcus"]);
    expect(ids).toContain("participation");
    const pairing = actions.find((a) => a.id === "pairing:marcus");
    expect(pairing?.title).toBe("Pair Marcus with Maya for call reviews");
    expect(actions.map((a) => a.priority)).toEqual([...actions.map((a) => a.priority)].sort(byPriority));
  });

  it("keeps to the limit", () => {
    expect(coachingActions(input)).toHaveLength(6);
  });

  it("raises a reach-out request first", () => {
    const actions = coachingActions({
      ...input,
      alerts: [
        {
          id: "a1",
          teamMember: { id: "maya", firstName: "Maya", lastName: "Doe" },
          category: "reach_out",
          alertType: "other",
          priority: "medium",
          message: "",
          status: "unread",
          createdAt: "2026-11-17T00:00:00.000Z",
          resolvedAt: null,
        },
      ],
    });
    expect(actions[0]?.id).toBe("reach-out:maya");
  });

  it("says so when all is well, and nothing without data", () => {
    const calm = {
      ...input,
      people: [person("ana", snap())],
      blockers: [],
      participation: { rate: 100, completed: 4, expired: 0 },
    };
    const steady = buildPillarCards(
      { responses: 1, morale: 65, confidence: 65, stress: 40, sales_strength: 70 },
      { responses: 1, morale: 65, confidence: 65, stress: 40, sales_strength: 70 },
      { current: 0, previous: 0 },
    );
    expect(coachingActions({ ...calm, pillars: steady }).map((a) => a.id)).toEqual(["rhythm"]);
    expect(coachingActions({ ...calm, pillars: steady, people: [person("ana", null)] })).toEqual([]);
  });

  it("gives a person their own actions and their top blocker", () => {
    const marcus = people[1] as PersonRow;
    const actions = coachingForPerson(input, marcus, [
      { theme: "Lead quality", count: 2, people: 1, thisWeek: 1, lastWeek: 1, lastReportedAt: "2026-11-17T00:00:00Z" },
    ]);
    expect(actions.map((a) => a.id)).toEqual(["pipeline:people", "blocker:marcus:Lead quality", "pairing:marcus"]);
    expect(actions[1]?.detail).toContain("Marcus raised it 2 times in the last 4 weeks.");
  });

  it("lists names readably", () => {
    expect(listNames(["Ana"])).toBe("Ana");
    expect(listNames(["Ana", "Ben"])).toBe("Ana and Ben");
    expect(listNames(["Ana", "Ben", "Cy", "Dee"])).toBe("Ana, Ben and 2 others");
    // The first of more people than were read (issue 26): named, and the rest counted.
    expect(listNames(["Ana", "Ben", "Cy"], 2, 40)).toBe("Ana, Ben and 38 others");
    expect(listNames(["Ana", "Ben"], 2, 3)).toBe("Ana, Ben and 1 other");
  });

  it("counts everyone a rule is about when it was given only the first of them (issue 26)", () => {
    const hot = ["ana", "ben", "cy", "dee", "eve"].map((id, i) => person(id, snap({ stress: 90 - i, confidence: 30 })));
    const given = { ...input, people: hot, alerts: [] };
    const whole = coachingActions(given, Number.POSITIVE_INFINITY);
    expect(whole.find((a) => a.id === "burnout:more")?.title).toBe("2 more people show burnout risk");
    const counted = coachingActions(
      { ...given, totals: { highStress: 40, lowConfidence: 120, developing: 0, hasData: true } },
      Number.POSITIVE_INFINITY,
    );
    const more = counted.find((a) => a.id === "burnout:more");
    expect(more?.title).toBe("37 more people show burnout risk");
    expect(more?.detail).toContain("Dee Doe, Eve Doe and 35 others also report high stress");
    expect(more?.teamMemberIds).toEqual(["dee", "eve"]);
    expect(counted.find((a) => a.id === "pipeline:people")?.title).toBe("Review pipeline with Ana, Ben and 118 others");
  });
});

const rank = { high: 0, medium: 1, low: 2 } as const;
function byPriority(a: keyof typeof rank, b: keyof typeof rank) {
  return rank[a] - rank[b];
}
