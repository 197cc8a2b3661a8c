import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { REBUILD_ROLLUPS_SQL } from "../../worker/insights/rollups-sql";
import { MIGRATION_FILES, migrate, migratedBefore } from "./migrations";

/**
 * drizzle/0019_keyed_by_check_in.sql (issue 26 §1): sentiment_scores and user_challenges are
 * rebuilt keyed by their check-in, without an id of their own. Every row from before is kept
 * (all but its id), the summaries their triggers kept stay as they were, and the triggers work
 * on the new tables as before: the summaries then equal a rebuild from the rows.
 */
const MIGRATION = "0019_keyed_by_check_in.sql";
const HOUR = 3_600_000;
const SUMMARIES = [
  "score_rollups",
  "member_scores",
  "member_counts",
  "member_latest_hours",
  "theme_rollups",
  "theme_reporters",
  "theme_reporter_hours",
];

const at = Date.UTC(2026, 10, 2, 9);

/** A database at 0018 with two members' check-ins, scores and blockers, written as the app wrote them then. */
function databaseBefore0019(): DatabaseSync {
  const db = migratedBefore("0019");
  db.exec(`
    insert into organizations (id, name) values ('org', 'Org');
    insert into team_members (id, organization_id, first_name, last_name, email) values
      ('ana', 'org', 'Ana', 'A', 'ana@x.test'), ('ben', 'org', 'Ben', 'B', 'ben@x.test');
  `);
  const checkIn = db.prepare(
    "insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, completed_at, created_at) values (?, 'org', ?, 'h', 'completed', ?, ?, ?)",
  );
  const score = db.prepare(
    `insert into sentiment_scores (id, organization_id, check_in_id, team_member_id, morale, confidence, stress,
       sales_strength, blockers, conversation_quality_score, recorded_at, morale_evidence, uncertain, corrected)
     values (?, 'org', ?, ?, ?, 60, ?, 70, 50, 80, ?, ?, ?, '[]')`,
  );
  const blocker = db.prepare(
    "insert into user_challenges (id, organization_id, check_in_id, team_member_id, theme, description, created_at) values (?, 'org', ?, ?, ?, ?, ?)",
  );
  const rows = [
    ["ana", "s0-11111111-1111-4111-8111-111111111111", 0, 40, 75],
    ["ana", "s0-22222222-2222-4222-8222-222222222222", 2, 55, 50],
    ["ben", "s0-33333333-3333-4333-8333-333333333333", 1, 30, 80],
  ] as const;
  for (const [member, id, hours, morale, stress] of rows) {
    const time = at + hours * HOUR;
    checkIn.run(id, member, time + 72 * HOUR, time, time - HOUR);
    score.run(`${id}-score`, id, member, morale, stress, time, hours, hours === 1 ? '["stress"]' : null);
    blocker.run(`${id}-blocker-crm`, id, member, "CRM admin", "The CRM eats my mornings", time);
    if (hours === 0) blocker.run(`${id}-blocker-pricing`, id, member, "Pricing", "Slow approvals", time);
  }
  return db;
}

const all = (db: DatabaseSync, sql: string) => db.prepare(sql).all();
/** Each summary's rows (an hour whose rows all went stays in score_rollups at zero, as the triggers leave it). */
const summaries = (db: DatabaseSync) =>
  Object.fromEntries(
    SUMMARIES.map((table) => [
      table,
      all(
        db,
        `select * from ${table} ${table === "score_rollups" ? "where responses > 0 or blockers > 0" : ""} order by 1, 2, 3`,
      ),
    ]),
  );
const columnsOf = (db: DatabaseSync, table: string) =>
  (db.prepare(`pragma table_info(${table})`).all() as { name: string; pk: number }[]).map((c) => [c.name, c.pk]);

describe("migration 0019: scores and blockers keyed by their check-in", () => {
  it("keeps every row (all but its id) and every summary, with no id column or index left", () => {
    expect(MIGRATION_FILES).toContain(MIGRATION);
    const db = databaseBefore0019();
    const scoreColumns = (columnsOf(db, "sentiment_scores") as [string, number][])
      .map(([name]) => name)
      .filter((name) => name !== "id");
    const scoresBefore = all(db, `select ${scoreColumns.join(", ")} from sentiment_scores order by check_in_id`);
    const blockersSql =
      "select check_in_id, theme, organization_id, team_member_id, description, created_at from user_challenges order by 1, 2";
    const blockersBefore = all(db, blockersSql);
    const summariesBefore = summaries(db);
    expect(scoresBefore).toHaveLength(3);
    expect(blockersBefore).toHaveLength(4);

    migrate(db, [MIGRATION]);

    expect(all(db, `select ${scoreColumns.join(", ")} from sentiment_scores order by check_in_id`)).toEqual(
      scoresBefore,
    );
    expect(all(db, blockersSql)).toEqual(blockersBefore);
    expect(summaries(db)).toEqual(summariesBefore);
    expect(columnsOf(db, "sentiment_scores")).toContainEqual(["check_in_id", 1]);
    expect(columnsOf(db, "sentiment_scores").map(([name]) => name)).not.toContain("id");
    expect(columnsOf(db, "user_challenges").filter(([, pk]) => Number(pk) > 0)).toEqual([
      ["check_in_id", 1],
      ["theme", 2],
    ]);
    expect(columnsOf(db, "user_challenges").map(([name]) => name)).not.toContain("id");
    const indexes = (table: string) =>
      (
        all(db, `select name from sqlite_master where type = 'index' and tbl_name = '${table}' order by name`) as {
          name: string;
        }[]
      ).map((row) => row.name);
    expect(indexes("sentiment_scores")).toEqual([
      "sentiment_scores_member_recorded_idx",
      "sentiment_scores_org_recorded_idx",
      "sentiment_scores_recorded_idx",
      "sqlite_autoindex_sentiment_scores_1",
    ]);
    expect(indexes("user_challenges")).toEqual([
      "sqlite_autoindex_user_challenges_1",
      "user_challenges_created_idx",
      "user_challenges_org_created_idx",
    ]);
    expect(all(db, "pragma foreign_key_check")).toEqual([]);
    expect(all(db, "pragma integrity_check")).toEqual([{ integrity_check: "ok" }]);
  });

  it("keeps the summaries true through the triggers on the new tables, and one row per key", () => {
    const db = databaseBefore0019();
    migrate(db, [MIGRATION]);
    const ben = "s0-44444444-4444-4444-8444-444444444444";
    const later = at + 5 * HOUR;
    db.exec(`
      insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, completed_at, created_at)
        values ('${ben}', 'org', 'ben', 'h', 'completed', ${later + 72 * HOUR}, ${later}, ${later - HOUR});
      insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress,
          sales_strength, blockers, conversation_quality_score, recorded_at)
        values ('org', '${ben}', 'ben', 20, 30, 90, 40, 20, 70, ${later});
      insert into user_challenges (organization_id, check_in_id, team_member_id, theme, description, created_at)
        values ('org', '${ben}', 'ben', 'Pricing', 'Discounts need three sign-offs', ${later});
      delete from user_challenges where theme = 'CRM admin' and team_member_id = 'ana' and created_at = ${at};
      delete from sentiment_scores where check_in_id = 's0-22222222-2222-4222-8222-222222222222';
    `);
    // The retried completion's rows meet the stored ones on their keys.
    expect(() =>
      db.exec(`insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress,
          sales_strength, blockers, conversation_quality_score, recorded_at)
        values ('org', '${ben}', 'ben', 99, 99, 1, 99, 99, 99, ${later})`),
    ).toThrow(/UNIQUE constraint failed: sentiment_scores.check_in_id/);
    expect(() =>
      db.exec(`insert into user_challenges (organization_id, check_in_id, team_member_id, theme, description, created_at)
        values ('org', '${ben}', 'ben', 'Pricing', 'again', ${later})`),
    ).toThrow(/UNIQUE constraint failed: user_challenges.check_in_id, user_challenges.theme/);
    expect(all(db, "select stress, previous_stress from member_scores where team_member_id = 'ben'")).toEqual([
      { stress: 90, previous_stress: 80 },
    ]);
    // What the triggers kept equals the rebuild from every row.
    const kept = summaries(db);
    db.exec("BEGIN");
    for (const statement of REBUILD_ROLLUPS_SQL) db.exec(statement);
    db.exec("COMMIT");
    expect(kept).toEqual(summaries(db));
    // A check-in's removal takes its score and blockers with it (and out of the summaries).
    db.exec(`delete from check_ins where id = '${ben}'`);
    expect(all(db, `select count(*) as n from sentiment_scores where check_in_id = '${ben}'`)).toEqual([{ n: 0 }]);
    expect(all(db, `select count(*) as n from user_challenges where check_in_id = '${ben}'`)).toEqual([{ n: 0 }]);
    const afterDelete = summaries(db);
    db.exec("BEGIN");
    for (const statement of REBUILD_ROLLUPS_SQL) db.exec(statement);
    db.exec("COMMIT");
    expect(afterDelete).toEqual(summaries(db));
  });
});
