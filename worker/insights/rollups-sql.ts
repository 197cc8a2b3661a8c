/**
 * The rebuild's statements, in a file that imports nothing: `npm run rollups:rebuild`
 * (tests/tools/rollups-rebuild.ts, plain Node) and the bench's seed read them as the Worker does.
 */
const HOUR_MS = 3_600_000;
const hourOf = (column: string) => `(${column} / ${HOUR_MS}) * ${HOUR_MS}`;

/**
 * Every summary the dashboards read, recomputed from the rows (`npm run rollups:rebuild`,
 * and what drizzle/0015 and 0016 did with the rows already there): after a restore, a
 * deletion that bypassed the triggers, or a doubt. One batch, so readers never see half of it.
 * The triggers (drizzle/0015_rollups.sql, 0016_summaries.sql) keep the same figures row by row.
 */
export const REBUILD_ROLLUPS_SQL = [
  // score_rollups: per organization and hour, the four scores' sums, how many discussed each, the blockers.
  "delete from score_rollups",
  `insert into score_rollups (organization_id, hour, responses, morale_sum, confidence_sum, stress_sum,
     sales_strength_sum, morale_discussed, confidence_discussed, stress_discussed, sales_strength_discussed,
     blockers_discussed)
   select organization_id, ${hourOf("recorded_at")}, count(*), sum(morale), sum(confidence), sum(stress),
     sum(coalesce(sales_strength, 75)), sum(coalesce(morale_evidence, 1) > 0), sum(coalesce(confidence_evidence, 1) > 0),
     sum(coalesce(stress_evidence, 1) > 0), sum(coalesce(sales_strength_evidence, 1) > 0),
     sum(coalesce(blockers_evidence, 1) > 0)
   from sentiment_scores group by 1, 2`,
  `insert into score_rollups (organization_id, hour, blockers)
   select organization_id, ${hourOf("created_at")}, count(*) from user_challenges where true group by 1, 2
   on conflict (organization_id, hour) do update set blockers = excluded.blockers`,
  // check_in_rollups: per organization and hour of sending, sent, completed and expired.
  "delete from check_in_rollups",
  `insert into check_in_rollups (organization_id, hour, sent, completed, expired)
   select organization_id, ${hourOf("created_at")}, count(*), sum(status = 'completed'), sum(status = 'expired')
   from check_ins group by 1, 2`,
  // theme_rollups, theme_reporters and (by its triggers) theme_reporter_hours: the blocker themes per hour,
  // who reported each and when last, and how many reporters' last report fell in each hour.
  "delete from theme_rollups",
  `insert into theme_rollups (organization_id, hour, theme, reports, last_at)
   select organization_id, ${hourOf("created_at")}, theme, count(*), max(created_at) from user_challenges group by 1, 2, 3`,
  "delete from theme_reporters",
  "delete from theme_reporter_hours",
  `insert into theme_reporters (organization_id, theme, team_member_id, last_at)
   select organization_id, theme, team_member_id, max(created_at) from user_challenges group by 1, 2, 3`,
  // member_scores and (by its triggers) member_counts and member_latest_hours: every member with their latest check-in's
  // scores, the stress of the one before and their open alerts.
  "delete from member_scores",
  "delete from member_counts",
  "delete from member_latest_hours",
  `insert into member_scores (organization_id, team_member_id, first_name, last_name, status, recorded_at, morale,
     confidence, stress, sales_strength, blockers, uncertain, corrected, previous_stress, open_alerts, open_high_alerts)
   select tm.organization_id, tm.id, tm.first_name, tm.last_name, tm.status, l.recorded_at, l.morale, l.confidence,
     l.stress, l.sales_strength, l.blockers, l.uncertain, l.corrected,
     (select p.stress from sentiment_scores p where p.team_member_id = tm.id order by p.recorded_at desc limit 1 offset 1),
     (select count(*) from risk_alerts a where a.team_member_id = tm.id and a.organization_id = tm.organization_id
       and a.status in ('unread', 'read')),
     (select count(*) from risk_alerts a where a.team_member_id = tm.id and a.organization_id = tm.organization_id
       and a.status in ('unread', 'read') and a.category in ('burnout', 'low_morale', 'reach_out'))
   from team_members tm
   left join sentiment_scores l on l.check_in_id = (select s.check_in_id from sentiment_scores s where s.team_member_id = tm.id
     order by s.recorded_at desc limit 1)`,
] as const;
