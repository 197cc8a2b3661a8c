import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { MIGRATION_FILES, migrate, migratedBefore } from "./migrations";

/**
 * drizzle/0008_nomail.sql makes team_members.email nullable on a database that already has
 * members and check-ins. D1 enforces foreign keys in every migration, as here
 * (PRAGMA foreign_keys = ON, each file in one transaction), so the migration must not
 * delete a team_members row: check_ins and everything under it would cascade away.
 */

/** The database as it was before 0008: a member with an email and a check-in of theirs. */
function databaseBefore0008(): DatabaseSync {
  const db = migratedBefore("0008");
  db.exec(`
    insert into organizations (id, name) values ('org', 'Acme');
    insert into team_members (id, organization_id, first_name, last_name, email, job_title)
      values ('tm', 'org', 'Maya', 'Chen', 'maya@acme.example', 'AE');
    insert into check_ins (id, organization_id, team_member_id, token_hash, expires_at)
      values ('ci', 'org', 'tm', 'hash', 4102444800000);
  `);
  return db;
}

const count = (db: DatabaseSync, sql: string) => Number((db.prepare(sql).get() as { n: number }).n);

describe("migration 0008: team_members.email nullable", () => {
  it("keeps every member and check-in, the foreign keys and the unique index; nulls do not collide", () => {
    expect(MIGRATION_FILES).toContain("0008_nomail.sql");
    const db = databaseBefore0008();
    migrate(db, ["0008_nomail.sql"]);

    expect(db.prepare("select id, email, job_title from team_members").all()).toEqual([
      { id: "tm", email: "maya@acme.example", job_title: "AE" },
    ]);
    expect(count(db, "select count(*) as n from check_ins")).toBe(1);
    const email = (db.prepare("pragma table_info(team_members)").all() as { name: string; notnull: number }[]).find(
      (column) => column.name === "email",
    );
    expect(email?.notnull).toBe(0);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);

    db.exec(`insert into team_members (id, organization_id, first_name, last_name, email) values
      ('a', 'org', 'No', 'One', null), ('b', 'org', 'No', 'Two', null)`);
    expect(() =>
      db.exec(
        "insert into team_members (id, organization_id, first_name, last_name, email) values ('c', 'org', 'Dup', 'E', 'maya@acme.example')",
      ),
    ).toThrow(/UNIQUE constraint failed: team_members.organization_id, team_members.email/);

    // The check-in still belongs to its member: removing the member still removes it.
    db.exec("delete from team_members where id = 'tm'");
    expect(count(db, "select count(*) as n from check_ins")).toBe(0);
  });

  it("(why not drizzle-kit's rebuild) inside D1's transaction, DROP TABLE cascades into check_ins", () => {
    // What `drizzle-kit generate` writes for this change, with D1's advice added: foreign_keys=OFF
    // is a no-op inside a transaction, and defer_foreign_keys defers checks, not ON DELETE CASCADE.
    const db = databaseBefore0008();
    db.exec("BEGIN");
    db.exec("PRAGMA foreign_keys = OFF");
    db.exec("PRAGMA defer_foreign_keys = ON");
    db.exec("create table __new_team_members as select * from team_members");
    db.exec("drop table team_members");
    db.exec("alter table __new_team_members rename to team_members");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("COMMIT");
    expect(count(db, "select count(*) as n from check_ins")).toBe(0);
  });
});
