import type { DatabaseSync } from "node:sqlite";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { BLOCKER_DESCRIPTION } from "../../worker/db/schema";
import { BLOCKER_THEMES } from "../../worker/language/themes";
import { migrate, migratedBefore, migrationSql } from "./migrations";

/**
 * drizzle/0022_blocker_descriptions.sql (issue 26 §1): user_challenges is rebuilt so a blocker
 * whose description is its theme's fixed one stores none; every blocker from before reads the same
 * description, the rollups its triggers keep stay as they were and still follow. The status index
 * of every organization's alerts becomes three partial indexes, one per status.
 */
const MIGRATION = "0022_blocker_descriptions.sql";

function databaseBefore0022(): DatabaseSync {
  const db = migratedBefore(MIGRATION);
  db.exec(`
    insert into organizations (id, name) values ('org', 'Org');
    insert into team_members (id, organization_id, first_name, last_name, email) values ('ana', 'org', 'Ana', 'A', 'ana@x.test');
    insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, created_at)
      values ('s0-ci1', 'org', 'ana', 'h', 'completed', 9, 1), ('s0-ci2', 'org', 'ana', 'h2', 'completed', 9, 2);
    insert into user_challenges (check_in_id, theme, organization_id, team_member_id, description, created_at) values
      ('s0-ci1', 'Pricing approvals', 'org', 'ana', 'Slow pricing, discount or deal-desk approvals', 3600000),
      ('s0-ci1', 'CRM admin', 'org', 'ana', 'My own words about the CRM', 3600001),
      ('s0-ci1', 'Lead quality', 'org', 'ana', 'Lead quality', 3600002),
      ('s0-ci2', 'Theme 0', 'org', 'ana', 'Something in the way', 7200000);
  `);
  return db;
}

const ROWS = "select check_in_id, theme, organization_id, team_member_id, description, created_at from user_challenges";
const ROLLUPS = [
  "select * from theme_rollups order by hour, theme",
  "select * from theme_reporters order by theme",
  "select * from score_rollups order by hour",
];

describe("drizzle/0022: a blocker's description is its theme's", () => {
  it("keeps every blocker from before as every reader saw it, storing none where it is the theme's", () => {
    const db = databaseBefore0022();
    const before = db.prepare(`${ROWS} order by created_at`).all();
    const rollupsBefore = ROLLUPS.map((q) => db.prepare(q).all());
    migrate(db, [MIGRATION]);
    expect(db.prepare(`${ROWS} order by created_at`).all()).toEqual(before);
    expect(db.prepare("select theme, own_description from user_challenges order by created_at").all()).toEqual([
      { theme: "Pricing approvals", own_description: null },
      { theme: "CRM admin", own_description: "My own words about the CRM" },
      { theme: "Lead quality", own_description: "Lead quality" },
      { theme: "Theme 0", own_description: "Something in the way" },
    ]);
    expect(ROLLUPS.map((q) => db.prepare(q).all())).toEqual(rollupsBefore);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
  });

  it("reads every theme's fixed description for a new row that stores none; its triggers still count it", () => {
    const db = databaseBefore0022();
    migrate(db, [MIGRATION]);
    const insert = db.prepare(
      "insert into user_challenges (check_in_id, theme, organization_id, team_member_id, created_at) values ('s0-ci2', ?, 'org', 'ana', 7200001)",
    );
    for (const b of BLOCKER_THEMES) insert.run(b.theme);
    const read = db.prepare("select description from user_challenges where check_in_id = 's0-ci2' and theme = ?");
    for (const b of BLOCKER_THEMES) expect(read.get(b.theme)).toEqual({ description: b.description });
    // A theme with no fixed description must store its own.
    expect(() => insert.run("Not a theme")).toThrow(/NOT NULL/);
    expect(() =>
      db.exec(
        "insert into user_challenges (check_in_id, theme, organization_id, team_member_id, description) values ('s0-ci1', 'Competition', 'org', 'ana', 'x')",
      ),
    ).toThrow(/generated column/);
    expect(db.prepare("select blockers from score_rollups where hour = 7200000").get()).toEqual({
      blockers: 1 + BLOCKER_THEMES.length,
    });
    db.exec("delete from user_challenges where check_in_id = 's0-ci2' and theme = 'CRM admin'");
    expect(db.prepare("select blockers from score_rollups where hour = 7200000").get()).toEqual({
      blockers: BLOCKER_THEMES.length,
    });
  });

  it("computes the description with the schema's own expression, and moves the alerts' status index", () => {
    const sql = migrationSql(MIGRATION);
    const expression = new SQLiteSyncDialect().sqlToQuery(BLOCKER_DESCRIPTION).sql;
    expect(sql).toContain(`GENERATED ALWAYS AS (coalesce("own_description", ${expression})) VIRTUAL`);
    const db = databaseBefore0022();
    migrate(db, [MIGRATION]);
    const indexes = db
      .prepare("select name from sqlite_master where type = 'index' and tbl_name = 'risk_alerts' order by name")
      .all()
      .map((row) => row.name);
    expect(indexes).toContain("risk_alerts_unread_idx");
    expect(indexes).toContain("risk_alerts_read_idx");
    expect(indexes).toContain("risk_alerts_resolved_time_idx");
    expect(indexes).not.toContain("risk_alerts_status_created_idx");
  });
});
