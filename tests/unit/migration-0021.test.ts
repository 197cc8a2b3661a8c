import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migrate, migratedBefore } from "./migrations";

/**
 * drizzle/0021_alert_facts.sql (issue 26 §1): risk_alerts is rebuilt so a new alert stores no id,
 * message, type or priority. Every alert from before is kept with its id, message, type and
 * priority exactly (a type or priority its category would not give is kept in `legacy_*`), the
 * member summaries its triggers keep stay as they were, and the triggers work on the new table.
 */
const MIGRATION = "0021_alert_facts.sql";

const COLUMNS =
  "id, organization_id, team_member_id, check_in_id, alert_type, priority, category, message, status, resolved_at, resolved_by, created_at";

function databaseBefore0021(): DatabaseSync {
  const db = migratedBefore(MIGRATION);
  db.exec(`
    insert into organizations (id, name) values ('org', 'Org');
    insert into team_members (id, organization_id, first_name, last_name, email) values ('ana', 'org', 'Ana', 'A', 'ana@x.test');
    insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, created_at)
      values ('s0-ci1', 'org', 'ana', 'h', 'completed', 9, 1), ('s0-ci2', 'org', 'ana', 'h2', 'completed', 9, 2);
    insert into risk_alerts (${COLUMNS}) values
      ('Abc_-123456789xy', 'org', 'ana', 's0-ci1', 'retention', 'urgent', 'burnout', 'Ana A shows burnout risk in their latest check-in (stress 80/100).', 'unread', null, null, 10),
      ('s0-ci1-alert-low_confidence', 'org', 'ana', 's0-ci1', 'performance', 'high', 'low_confidence', 'Ana A has low quota confidence (30/100).', 'read', null, null, 11),
      ('legacy-odd', 'org', null, null, 'other', 'low', 'custom', 'An odd one.', 'resolved', 20, 'admin', 12);
  `);
  return db;
}

describe("drizzle/0021: alerts store their facts", () => {
  it("keeps every alert from before as every reader saw it, and the member's counts", () => {
    const db = databaseBefore0021();
    const rowsBefore = db.prepare(`select ${COLUMNS} from risk_alerts order by created_at`).all();
    const countsBefore = db.prepare("select open_alerts, open_high_alerts from member_scores").all();
    expect(countsBefore).toEqual([{ open_alerts: 2, open_high_alerts: 1 }]);
    migrate(db, [MIGRATION]);
    expect(db.prepare(`select ${COLUMNS} from risk_alerts order by created_at`).all()).toEqual(rowsBefore);
    // Only the odd one keeps a priority of its own: the others' are their category's.
    expect(
      db.prepare("select id, legacy_alert_type, legacy_priority, facts from risk_alerts order by created_at").all(),
    ).toEqual([
      { id: "Abc_-123456789xy", legacy_alert_type: null, legacy_priority: null, facts: null },
      { id: "s0-ci1-alert-low_confidence", legacy_alert_type: null, legacy_priority: null, facts: null },
      { id: "legacy-odd", legacy_alert_type: null, legacy_priority: "low", facts: null },
    ]);
    expect(db.prepare("select open_alerts, open_high_alerts from member_scores").all()).toEqual(countsBefore);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
  });

  it("computes a new alert's type and priority from its category, and its triggers still count it", () => {
    const db = databaseBefore0021();
    migrate(db, [MIGRATION]);
    db.exec(`insert into risk_alerts (organization_id, team_member_id, check_in_id, category, facts, created_at) values
      ('org', 'ana', 's0-ci2', 'burnout', '75', 30), ('org', 'ana', 's0-ci2', 'low_morale', '20', 30),
      ('org', 'ana', 's0-ci2', 'low_confidence', '30', 30), ('org', 'ana', 's0-ci2', 'blockers', '20,r', 30),
      ('org', 'ana', 's0-ci2', 'reach_out', '0', 30)`);
    expect(
      db
        .prepare(
          "select category, alert_type, priority, id, message from risk_alerts where check_in_id = 's0-ci2' order by rowid",
        )
        .all(),
    ).toEqual([
      { category: "burnout", alert_type: "retention", priority: "urgent", id: null, message: null },
      { category: "low_morale", alert_type: "retention", priority: "urgent", id: null, message: null },
      { category: "low_confidence", alert_type: "performance", priority: "high", id: null, message: null },
      { category: "blockers", alert_type: "other", priority: "medium", id: null, message: null },
      { category: "reach_out", alert_type: "other", priority: "medium", id: null, message: null },
    ]);
    expect(db.prepare("select open_alerts, open_high_alerts from member_scores").all()).toEqual([
      { open_alerts: 7, open_high_alerts: 4 },
    ]);
    // One per check-in and category still, and an old id stays unique.
    expect(() =>
      db.exec("insert into risk_alerts (organization_id, check_in_id, category) values ('org', 's0-ci2', 'burnout')"),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db.exec("insert into risk_alerts (id, organization_id, category) values ('legacy-odd', 'org', 'x')"),
    ).toThrow(/UNIQUE/);
    expect(() =>
      db.exec("insert into risk_alerts (organization_id, category, priority) values ('org', 'x', 'low')"),
    ).toThrow(/generated column/);
    db.exec("update risk_alerts set status = 'resolved' where check_in_id = 's0-ci2' and category = 'burnout'");
    expect(db.prepare("select open_alerts, open_high_alerts from member_scores").all()).toEqual([
      { open_alerts: 6, open_high_alerts: 3 },
    ]);
  });
});
