import { type AnyColumn, and, asc, count, countDistinct, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { maxOf } from "../db/aggregates";
import { openAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import { mergedPage, OrganizationNameCache, sumOf } from "../db/fan-out";
import { organizations, riskAlerts, sentimentScores, userChallenges } from "../db/schema";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import type { COMPARISON_SORTS, CompanySentiment } from "../shared/console/sentiment";
import { DAY_MS } from "../shared/time";
import { averagesOf, teamDynamics } from "./sentiment-means";
import { num, pageWindow } from "./sql";

type ComparisonSort = (typeof COMPARISON_SORTS)[number];

type ComparisonRow = {
  organizationId: string;
  organizationName: string;
  responses: number;
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  salesStrength: number | null;
  lastResponseAt: number | null;
  blockers: number;
  activeAlerts: number;
};

/** SQLite's order of two values: NULL first, then numbers, then text by its bytes (`binary`). */
function sqliteOrder(a: number | string | null, b: number | string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
/** `collate nocase`: ASCII letters folded, nothing else. */
const nocase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** Each sort of the comparison, in the shards' SQL and for the merge in the same order; the id breaks ties. */
function comparisonOrders(columns: {
  responses: SQL.Aliased<number>;
  morale: SQL.Aliased<number | null>;
  confidence: SQL.Aliased<number | null>;
  stress: SQL.Aliased<number | null>;
  name: SQL.Aliased<string>;
}) {
  const byName = sql`${columns.name}`;
  const byId = sentimentScores.organizationId;
  const sqlOrders = {
    responses: [desc(columns.responses), byName, byId],
    morale: [asc(columns.morale), byName, byId],
    confidence: [asc(columns.confidence), byName, byId],
    stress: [desc(columns.stress), byName, byId],
    name: [sql`${columns.name} collate nocase`, byId],
  } satisfies Record<ComparisonSort, (SQL | AnyColumn)[]>;
  const then = (...steps: number[]) => steps.find((step) => step !== 0) ?? 0;
  const names = (a: ComparisonRow, b: ComparisonRow) => sqliteOrder(a.organizationName, b.organizationName);
  const ids = (a: ComparisonRow, b: ComparisonRow) => sqliteOrder(a.organizationId, b.organizationId);
  const mergeOrders: Record<ComparisonSort, (a: ComparisonRow, b: ComparisonRow) => number> = {
    responses: (a, b) => then(sqliteOrder(b.responses, a.responses), names(a, b), ids(a, b)),
    morale: (a, b) => then(sqliteOrder(a.morale, b.morale), names(a, b), ids(a, b)),
    confidence: (a, b) => then(sqliteOrder(a.confidence, b.confidence), names(a, b), ids(a, b)),
    stress: (a, b) => then(sqliteOrder(b.stress, a.stress), names(a, b), ids(a, b)),
    name: (a, b) => then(sqliteOrder(nocase(a.organizationName), nocase(b.organizationName)), ids(a, b)),
  };
  return { sqlOrders, mergeOrders };
}

/**
 * The cross-company comparison (the spec marks it coming soon): per organization with
 * responses in the window, the averages, blockers and active alerts, side by side. An
 * organization's rows are in one shard, so each shard answers whole rows for its own; every
 * shard's first offset + pageSize rows are merged in the same order (worker/db/fan-out.ts),
 * ordered by the shard's copy of the organization's name (it follows a rename) and shown with
 * the platform's.
 */
export async function companyComparison(
  db: Database,
  query: {
    days?: string | undefined;
    sort?: ComparisonSort | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
  now = Date.now(),
  shards: readonly Database[] = [db],
) {
  const days = Number(query.days ?? "30");
  const since = new Date(now - days * DAY_MS);
  const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
  const organization = sentimentScores.organizationId;
  const organizationName = sql<string>`${organizations.name}`.as("organization_name");
  const responses = count().as("responses");
  const averages = averagesOf(sentimentScores);
  const { sqlOrders, mergeOrders } = comparisonOrders({ responses, ...averages, name: organizationName });
  const sort = query.sort ?? "responses";
  const inWindow = gte(sentimentScores.recordedAt, since);
  const perShard = await Promise.all(
    shards.map((shard) =>
      shard.batch([
        shard
          .select({
            organizationId: organization,
            organizationName,
            responses,
            ...averages,
            lastResponseAt: maxOf(sentimentScores.recordedAt).as("last_response_at"),
            blockers: shard
              .$count(
                userChallenges,
                and(eq(userChallenges.organizationId, organization), gte(userChallenges.createdAt, since)),
              )
              .as("blockers"),
            activeAlerts: shard
              .$count(riskAlerts, and(eq(riskAlerts.organizationId, organization), openAlert))
              .as("active_alerts"),
          })
          .from(sentimentScores)
          .innerJoin(organizations, eq(organizations.id, organization))
          .where(inWindow)
          .groupBy(organization)
          .orderBy(...sqlOrders[sort])
          .limit(offset + pageSize),
        shard
          .select({ n: countDistinct(organization) })
          .from(sentimentScores)
          .where(inWindow),
      ]),
    ),
  );
  const rows = mergedPage(
    perShard.map(([shardRows]) => shardRows),
    mergeOrders[sort],
    offset,
    pageSize,
  );
  const names = await new OrganizationNameCache(db).load(rows.map((r) => r.organizationId));
  const items: CompanySentiment[] = rows.map((r) => ({
    organizationId: r.organizationId,
    organizationName: names.get(r.organizationId) ?? r.organizationName,
    responses: num(r.responses),
    morale: Math.round(num(r.morale)),
    confidence: Math.round(num(r.confidence)),
    stress: Math.round(num(r.stress)),
    salesStrength: Math.round(num(r.salesStrength)),
    teamDynamics: Math.round(teamDynamics(r)),
    blockers: num(r.blockers),
    activeAlerts: num(r.activeAlerts),
    lastResponseAt: num(r.lastResponseAt),
  }));
  return { items, page, pageSize, total: sumOf(perShard, ([, [counted]]) => num(counted?.n)) };
}
