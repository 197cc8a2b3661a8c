/**
 * The rebuild's statements, in a file that imports nothing: `npm run rollups:rebuild`
 * (tests/tools/rollups-rebuild.ts, plain Node) reads them as the Worker does.
 */
const HOUR_MS = 3_600_000;

/**
 * Every rollup recomputed from the score and blocker rows (`npm run rollups:rebuild`, and the
 * rows already there when 0015 ran): after a restore, a deletion of a member's rows, or a
 * doubt. One batch, so readers never see half of it.
 */
export const REBUILD_ROLLUPS_SQL = [
  "delete from score_rollups",
  `insert into score_rollups (organization_id, hour, responses, morale_sum, confidence_sum, stress_sum,
     sales_strength_sum, morale_discussed, confidence_discussed, stress_discussed, sales_strength_discussed,
     blockers_discussed)
   select organization_id, (recorded_at / ${HOUR_MS}) * ${HOUR_MS}, count(*), sum(morale), sum(confidence), sum(stress),
     sum(coalesce(sales_strength, 75)), sum(coalesce(morale_evidence, 1) > 0), sum(coalesce(confidence_evidence, 1) > 0),
     sum(coalesce(stress_evidence, 1) > 0), sum(coalesce(sales_strength_evidence, 1) > 0),
     sum(coalesce(blockers_evidence, 1) > 0)
   from sentiment_scores group by 1, 2`,
  `insert into score_rollups (organization_id, hour, blockers)
   select organization_id, (created_at / ${HOUR_MS}) * ${HOUR_MS}, count(*) from user_challenges where true group by 1, 2
   on conflict (organization_id, hour) do update set blockers = excluded.blockers`,
] as const;
