import type { Database } from "../db/client";
import { getGlobalSettings } from "../db/global-settings";
import {
  type InsightRange,
  type InsightsResponse,
  type MemberInsightsResponse,
  type PersonRow,
  type PillarCard,
  RANGE_WEEKS,
  type ScoreSnapshot,
} from "../shared/insights";
import { PILLAR_READS, type ScoreDimension } from "../shared/pillars";
import { WEEK_MS } from "../shared/time";
import { type CoachingTotals, coachingActions, coachingForPerson } from "./coaching";
import {
  type BucketScores,
  buildPillarCards,
  buildTrend,
  currentWindow,
  overallIndex,
  participationFrom,
  personRisk,
  type WindowAggregate,
} from "./compute";
import type { PeopleCounts } from "./people";
import { memberAggregates, teamAggregates } from "./queries";

const windowAt = (scores: readonly BucketScores[], bucket: number | null) =>
  bucket === null ? null : (scores.find((row) => row.bucket === bucket) ?? null);

/** What the coaching rules know of the whole team beyond the people they were given (people.ts). */
const totalsOf = (counts: PeopleCounts, hasData: boolean): CoachingTotals => ({
  highStress: counts.high_stress,
  lowConfidence: counts.low_confidence,
  developing: counts.developing,
  hasData,
});

/** GET /api/insights: everything the Overview page shows, for the session's organization. */
export async function teamInsights(
  db: Database,
  organizationId: string,
  range: InsightRange,
  options: { now?: number; aiCoachingAvailable?: boolean } = {},
): Promise<InsightsResponse> {
  const now = options.now ?? Date.now();
  const weeks = RANGE_WEEKS[range];
  const [aggregates, settings] = await Promise.all([
    teamAggregates(db, organizationId, now, weeks),
    getGlobalSettings(db),
  ]);

  const current = currentWindow(aggregates.scores, weeks);
  const blockerCount = (bucket: number | null) =>
    bucket === null ? 0 : (aggregates.blockers.find((row) => row.bucket === bucket)?.count ?? 0);
  const cardsBucket = current ?? 0;
  const pillars = buildPillarCards(windowAt(aggregates.scores, current), windowAt(aggregates.scores, cardsBucket + 1), {
    current: blockerCount(cardsBucket),
    previous: blockerCount(cardsBucket + 1),
  });

  const { counts } = aggregates;
  const participation = participationFrom(aggregates.checkIns, counts.this_week, counts.active);

  return {
    generatedAt: new Date(now).toISOString(),
    range,
    team: { activeMembers: counts.active, totalMembers: counts.members, anyCheckInSent: aggregates.anyCheckIn },
    hasData: aggregates.hasData,
    current: {
      weeksAgo: current,
      responses: windowAt(aggregates.scores, current)?.responses ?? 0,
    },
    pillars,
    overall: {
      value: overallIndex(windowAt(aggregates.scores, current), settings.pillarWeights),
      previous: overallIndex(windowAt(aggregates.scores, cardsBucket + 1), settings.pillarWeights),
      weights: settings.pillarWeights,
    },
    participation,
    trend: buildTrend(now, weeks, aggregates.scores, aggregates.blockers, aggregates.checkIns),
    blockers: aggregates.themes,
    alerts: { open: aggregates.openAlertTotal, items: aggregates.openAlerts },
    people: aggregates.people,
    riskCounts: { high: counts.high, watch: counts.watch, ok: counts.ok, unknown: counts.unknown },
    salesStrength: aggregates.salesStrength,
    coaching: coachingActions({
      rangeWeeks: weeks,
      pillars,
      people: aggregates.coachingPeople,
      blockers: aggregates.themes,
      alerts: aggregates.openAlerts,
      participation,
      totals: totalsOf(counts, aggregates.hasData),
    }),
    aiCoachingAvailable: options.aiCoachingAvailable ?? false,
  };
}

/** GET /api/insights/members/:id — null when the member is not in this organization (→ 404). */
export async function memberInsights(
  db: Database,
  organizationId: string,
  memberId: string,
  range: InsightRange,
  options: { now?: number } = {},
): Promise<MemberInsightsResponse | null> {
  const now = options.now ?? Date.now();
  const weeks = RANGE_WEEKS[range];
  const mine = await memberAggregates(db, organizationId, memberId, now, weeks);
  if (!mine.person) return null;
  const { email, previous, latestDiscussed, previousDiscussed, ...base } = mine.person;
  const openCategories = mine.alerts.filter((alert) => alert.status !== "resolved").map((alert) => alert.category);
  const risk = personRisk(base.latest, openCategories);
  const person: PersonRow = { ...base, openAlerts: openCategories.length, risk };

  // A person answers once a period: their cards compare their latest check-in with the one before.
  const asWindow = (snapshot: PersonRow["latest"], discussed: WindowAggregate["discussed"]): WindowAggregate | null =>
    snapshot
      ? {
          responses: 1,
          morale: snapshot.morale,
          confidence: snapshot.confidence,
          stress: snapshot.stress,
          sales_strength: snapshot.salesStrength,
          ...(discussed ? { discussed } : {}),
        }
      : null;
  const blockersIn = (snapshot: PersonRow["latest"]) => {
    if (!snapshot) return 0;
    const bucket = Math.floor((now - Date.parse(snapshot.recordedAt)) / WEEK_MS);
    return mine.blockers.find((row) => row.bucket === bucket)?.count ?? 0;
  };
  const pillars = buildPillarCards(asWindow(base.latest, latestDiscussed), asWindow(previous, previousDiscussed), {
    current: blockersIn(base.latest),
    previous: previous ? blockersIn(previous) : 0,
  });
  const participation = participationFrom(mine.checkIns, 0, 0);

  return {
    generatedAt: new Date(now).toISOString(),
    range,
    member: {
      id: base.id,
      firstName: base.firstName,
      lastName: base.lastName,
      email,
      jobTitle: base.jobTitle,
      region: base.region,
      status: base.status,
    },
    pillars: withReadingFlags(pillars, base.latest),
    latest: base.latest,
    trend: buildTrend(now, weeks, mine.scores, mine.blockers, mine.checkIns),
    blockers: mine.themes,
    alerts: mine.alerts,
    participation: {
      completed: participation.completed,
      expired: participation.expired,
      pending: participation.pending,
      rate: participation.rate,
    },
    risk,
    // The team's rules over the people they can name (this person always among them), with their own alerts.
    coaching: coachingForPerson(
      {
        rangeWeeks: weeks,
        pillars: [],
        people: mine.coachingPeople.map((p) => (p.id === person.id ? person : p)),
        blockers: [],
        alerts: mine.alerts,
        participation: { rate: null, completed: 0, expired: 0 },
        totals: totalsOf(mine.counts, base.latest !== null),
      },
      person,
      mine.themes,
    ),
  };
}

/**
 * A person's cards say how far their latest reading holds (issue 24): uncertain (weak or
 * conflicting evidence, or the LLM judge and the reader disagreed), their own correction.
 * A pillar that is the mean of others (team dynamics) takes its parts' flags.
 */
function withReadingFlags(cards: PillarCard[], latest: ScoreSnapshot | null): PillarCard[] {
  if (!latest) return cards;
  const disputed = new Set((latest.disputed ?? []).map((d) => d.dimension));
  const any = (list: Iterable<ScoreDimension>, pillar: PillarCard["pillar"]) => {
    const set = new Set(list);
    return PILLAR_READS[pillar].some((d) => set.has(d));
  };
  return cards.map((card) => {
    const flags = {
      uncertain: any(latest.uncertain ?? [], card.pillar),
      corrected: any(latest.corrected ?? [], card.pillar),
      disputed: any(disputed, card.pillar),
    };
    return {
      ...card,
      ...(flags.uncertain || flags.disputed ? { uncertain: true } : {}),
      ...(flags.corrected ? { corrected: true } : {}),
      ...(flags.disputed ? { disputed: true } : {}),
    };
  });
}
