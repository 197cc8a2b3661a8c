import * as z from "zod/mini";
import type { BlockerTheme } from "../shared/insights";
import { count, H, hourOf, inEdgeHour, notAnEdge, rowsOf, type Statement, W, type WeekWindow } from "./statements";

/**
 * An organization's blocker themes of a range (the eight most reported): how often, by how
 * many people, this week against last, and when last. Reports come from theme_rollups
 * (drizzle/0016_summaries.sql, per hour and theme) and the rows of the weeks' edge hours
 * (statements.ts); people from theme_reporters (who reported a theme, and when last), a count
 * of an index range per theme instead of a count(distinct) over every report.
 */
export const TOP_THEMES = 8;

/** ?1 nowHour, ?2 organization, ?3 weeks. Non-edge hours after nowHour − 1 week are in bucket 0, and so on. */
const ROLLUP = `select theme, sum(reports) as reports,
  sum(case when hour > ?1 - ${W} then reports else 0 end) as this_week,
  sum(case when hour > ?1 - ${2 * W} and hour < ?1 - ${W} then reports else 0 end) as last_week,
  max(last_at) as last_at
  from theme_rollups where organization_id = ?2 and ${notAnEdge("?1", "?3", "hour")}
  group by theme`;

/** ?1 weekAgo, ?2 organization, ?3 edges, ?4 rangeStart, ?5 now, ?6 twoWeeksAgo. */
const EDGES = `select u.theme as theme, count(*) as reports, sum(u.created_at > ?1) as this_week,
  sum(u.created_at > ?6 and u.created_at <= ?1) as last_week, max(u.created_at) as last_at
  from json_each(?3) as j cross join user_challenges u
  where u.organization_id = ?2 and ${inEdgeHour("u.created_at")} and u.created_at > ?4 and u.created_at <= ?5
  group by u.theme`;

/**
 * ?1 organization, ?2 rangeStart, ?3 now, ?4 the first whole hour after rangeStart, ?5 nowHour.
 * The people who reported a theme in the range are the reporters whose last report of it is in
 * the range: per whole hour from theme_reporter_hours, in the two partial hours from the
 * reporters' rows. One whose last report is after `now` (a view of the past) counts when an
 * earlier report of theirs is in the range (their check-ins by the member index).
 */
const PEOPLE = `select theme, sum(reporters) as people from theme_reporter_hours
    where organization_id = ?1 and hour >= ?4 and hour < ?5 group by theme
  union all select theme, count(*) from theme_reporters
    where organization_id = ?1 and last_at > ?2 and last_at < ?4 group by theme
  union all select theme, count(*) from theme_reporters
    where organization_id = ?1 and last_at >= max(?5, ?4) and last_at <= ?3 group by theme
  union all select r.theme, count(*) from theme_reporters r
    where r.organization_id = ?1 and r.last_at > ?3
      and exists (select 1 from check_ins c join user_challenges u on u.check_in_id = c.id and u.theme = r.theme
        where c.team_member_id = r.team_member_id and u.created_at > ?2 and u.created_at <= ?3)
    group by r.theme`;

export function themeStatements(organizationId: string, w: WeekWindow): Statement[] {
  return [
    { sql: ROLLUP, params: [w.nowHour, organizationId, w.weeks] },
    { sql: EDGES, params: [w.now - W, organizationId, w.edges, w.rangeStart, w.now, w.now - 2 * W] },
    { sql: PEOPLE, params: [organizationId, w.rangeStart, w.now, hourOf(w.rangeStart) + H, w.nowHour] },
  ];
}

const reportsRow = z.object({ theme: z.string(), reports: count, this_week: count, last_week: count, last_at: count });
const peopleRow = z.object({ theme: z.string(), people: count });

/** The range's eight most reported themes, as the dashboard ordered them: reports, then the latest, then the name. */
export function themesFrom(results: readonly (D1Result | undefined)[]): BlockerTheme[] {
  const [rollup, edges, people] = results;
  const byTheme = new Map<string, z.output<typeof reportsRow>>();
  for (const row of [...rowsOf(rollup, reportsRow), ...rowsOf(edges, reportsRow)]) {
    const into = byTheme.get(row.theme);
    if (!into) {
      byTheme.set(row.theme, { ...row });
      continue;
    }
    into.reports += row.reports;
    into.this_week += row.this_week;
    into.last_week += row.last_week;
    into.last_at = Math.max(into.last_at, row.last_at);
  }
  const peopleBy = new Map<string, number>();
  for (const row of rowsOf(people, peopleRow)) peopleBy.set(row.theme, (peopleBy.get(row.theme) ?? 0) + row.people);
  return [...byTheme.values()]
    .filter((row) => row.reports > 0)
    .sort(
      (a, b) => b.reports - a.reports || b.last_at - a.last_at || (a.theme < b.theme ? -1 : a.theme > b.theme ? 1 : 0),
    )
    .slice(0, TOP_THEMES)
    .map((row) => ({
      theme: row.theme,
      count: row.reports,
      people: peopleBy.get(row.theme) ?? 0,
      thisWeek: row.this_week,
      lastWeek: row.last_week,
      lastReportedAt: new Date(row.last_at).toISOString(),
    }));
}
