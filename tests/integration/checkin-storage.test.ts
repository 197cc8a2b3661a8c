import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  FRESH_SCHEMA,
  MIGRATIONS,
  type Migration,
  migrateStorage,
  SCHEMA_VERSION,
  SESSION_COLUMNS,
} from "../../worker/checkin/storage";
import { SUMMARY_WAIT_MS } from "../../worker/shared/check-in-summary";
import { chatOpener, createCheckIn, d1Count, objectMessages, sessionStub, travel } from "./checkin-helpers";

/**
 * Issue 23 §4: the check-in object's tables are versioned. The object migrates its storage
 * when it wakes up, so a chat in progress when a deploy changes the tables carries on.
 */

/**
 * How the latest migration is undone, to make an object at the version before it. Version 0
 * is every object made before versioning: the same six tables and no version row. A new
 * migration needs its entry here (the first test says so).
 */
const BACK_TO_PREVIOUS: Record<number, (sql: SqlStorage) => void> = {
  1: (sql) => sql.exec("drop table schema_version"),
  2: (sql) => {
    sql.exec("drop table fresh_links");
    sql.exec("drop table model_budget");
    sql.exec("update schema_version set version = 1");
  },
  3: (sql) => {
    sql.exec("alter table messages drop column rating");
    sql.exec("alter table session drop column summary_at");
    sql.exec("drop table corrections");
    sql.exec("update schema_version set version = 2");
  },
  4: (sql) => {
    sql.exec("drop table moves");
    sql.exec("alter table owner drop column visible_from_seq");
    sql.exec("alter table owner drop column hidden_reply_id");
    sql.exec("update schema_version set version = 3");
  },
  5: (sql) => {
    sql.exec("alter table session drop column summary_due_at");
    sql.exec("update schema_version set version = 4");
  },
};

const versionOf = (sql: SqlStorage) =>
  sql.exec<{ version: number }>("select version from schema_version").toArray()[0]?.version ?? 0;
const hasVersionTable = (sql: SqlStorage) =>
  sql.exec("select name from sqlite_master where name = 'schema_version'").toArray().length > 0;

const open = chatOpener();

describe("the check-in object's storage", () => {
  it("numbers its migrations 1…N, and the upgrade test knows the way back from the latest", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
    expect(BACK_TO_PREVIOUS[SCHEMA_VERSION], `add BACK_TO_PREVIOUS[${SCHEMA_VERSION}] to this test`).toBeDefined();
  });

  it("creates a new object's tables at once exactly as the migrations one by one would", async () => {
    expect(FRESH_SCHEMA.version, "FRESH_SCHEMA must be the latest migration's tables").toBe(SCHEMA_VERSION);
    await runInDurableObject(sessionStub(crypto.randomUUID()), async (_instance, state) => {
      const sql = state.storage.sql;
      // Every table's columns (name, type, not null, default, key) and indexes, and the rows a migration writes.
      const structure = () => {
        const tables = sql
          .exec<{ name: string }>(
            "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' order by name",
          )
          .toArray()
          .map((row) => row.name);
        return tables.map((table) => ({
          table,
          columns: sql.exec(`pragma table_info(${table})`).toArray(),
          indexes: sql
            .exec<{ name: string; unique: number }>(`pragma index_list(${table})`)
            .toArray()
            .map((index) => ({
              unique: index.unique,
              columns: sql
                .exec<{ name: string }>(`pragma index_info(${index.name})`)
                .toArray()
                .map((c) => c.name),
            }))
            .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
          rows: table === "model_budget" ? sql.exec(`select * from ${table}`).toArray() : [],
        }));
      };
      await state.storage.deleteAll();
      expect(migrateStorage(state.storage, MIGRATIONS, null)).toBe(SCHEMA_VERSION);
      const stepByStep = structure();
      await state.storage.deleteAll();
      expect(migrateStorage(state.storage)).toBe(SCHEMA_VERSION);
      expect(structure()).toEqual(stepByStep);
      expect(stepByStep.map((t) => t.table)).toContain("session");
      // The script is what an empty object runs (and only an empty one).
      await state.storage.deleteAll();
      const marker: Migration = {
        version: SCHEMA_VERSION,
        change: "marker",
        sql: "create table only_fresh (x integer)",
      };
      expect(migrateStorage(state.storage, MIGRATIONS, marker)).toBe(SCHEMA_VERSION);
      expect(structure().map((t) => t.table)).toEqual(["only_fresh", "schema_version"]);
      await state.storage.deleteAll();
    });
  });

  it("creates the session row's declared columns, and records its version", async () => {
    await runInDurableObject(sessionStub(crypto.randomUUID()), (_instance, state) => {
      const sql = state.storage.sql;
      expect(versionOf(sql)).toBe(SCHEMA_VERSION);
      const columns = sql
        .exec<{ name: string; type: string; notnull: number; dflt_value: string | null }>("pragma table_info(session)")
        .toArray()
        .filter((column) => column.name !== "id")
        .map((column) => [
          column.name,
          `${column.type.toLowerCase()}${column.notnull ? " not null" : ""}${column.dflt_value === null ? "" : ` default ${column.dflt_value}`}`,
        ]);
      expect(Object.fromEntries(columns)).toEqual(SESSION_COLUMNS);
    });
  });

  it("upgrades a chat in progress from the version before, and the chat carries on to completion", async () => {
    const checkIn = await createCheckIn({ durationMinutes: 5 });
    const chat = await open(checkIn);
    await chat.say("Rough week, I'm exhausted and working every weekend.");
    await chat.say("Discount approvals take forever.");
    const before = (await open(checkIn)).latestSnapshot()?.messages.map((m) => m.content);
    expect(before).toHaveLength(5);
    const stub = sessionStub(checkIn.id);
    await runInDurableObject(stub, (_instance, state) => {
      const back = BACK_TO_PREVIOUS[SCHEMA_VERSION];
      if (!back) throw new Error("no way back from the latest migration");
      back(state.storage.sql);
      expect(hasVersionTable(state.storage.sql) ? versionOf(state.storage.sql) : 0).toBe(SCHEMA_VERSION - 1);
    });
    // The deploy: the object wakes up on the new code with the older storage.
    await evictDurableObject(stub, { webSockets: "close" });

    const after = await open(checkIn);
    expect(after.latestSnapshot()?.messages.map((m) => m.content)).toEqual(before);
    await runInDurableObject(stub, (_instance, state) => expect(versionOf(state.storage.sql)).toBe(SCHEMA_VERSION));
    const { done } = await after.say("My manager has my back though.");
    expect(done?.content.length).toBeGreaterThan(10);

    await travel(checkIn.id, 5 * 60_000);
    await travel(checkIn.id, 4000);
    await after.confirmSummary();
    expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(1);
    expect((await objectMessages(checkIn.id)).filter((m) => m.sender === "user")).toHaveLength(3);
    expect(await d1Count("sentiment_scores", "check_in_id = ?", checkIn.id)).toBe(1);
  });

  it("a summary shown before the deadline was stored (version 4) counts down from when it was shown", async () => {
    const checkIn = await createCheckIn();
    const chat = await open(checkIn);
    await chat.say("Rough week, I'm exhausted and working every weekend.");
    await travel(checkIn.id, 10 * 60_000);
    await travel(checkIn.id, 4000);
    const { summary } = await chat.waitFor<"summary">((f) => f.type === "summary");
    const stub = sessionStub(checkIn.id);
    const shownAt = await runInDurableObject(stub, (_instance, state) => {
      BACK_TO_PREVIOUS[5]?.(state.storage.sql);
      return state.storage.sql.exec<{ summary_at: number }>("select summary_at from session").one().summary_at;
    });
    await evictDurableObject(stub, { webSockets: "close" });
    const after = await open(checkIn);
    expect(after.latestSnapshot()?.summary?.completesAt).toBe(shownAt + SUMMARY_WAIT_MS);
    expect(summary.completesAt).toBe(shownAt + SUMMARY_WAIT_MS);
    after.close();
  });

  it("applies each missing migration once, in order, all or nothing, and never goes back", async () => {
    const steps: Migration[] = [
      { version: 1, change: "a", sql: "create table a (x integer)" },
      { version: 2, change: "b", sql: "create table b (y text); insert into a (x) values (2)" },
      { version: 3, change: "broken", sql: "create table c (z integer); insert into missing values (1)" },
    ];
    await runInDurableObject(sessionStub(crypto.randomUUID()), async (_instance, state) => {
      // A scratch object's storage, emptied: the synthetic list starts from version 0.
      await state.storage.deleteAll();
      const sql = state.storage.sql;
      const tables = () =>
        sql
          .exec<{ name: string }>("select name from sqlite_master where type = 'table' and name in ('a', 'b', 'c')")
          .toArray()
          .map((row) => row.name)
          .sort();
      expect(migrateStorage(state.storage, steps.slice(0, 1))).toBe(1);
      // Migration 1 has no `if not exists`: running it twice would throw.
      expect(migrateStorage(state.storage, steps.slice(0, 2))).toBe(2);
      expect(tables()).toEqual(["a", "b"]);
      expect(sql.exec("select x from a").toArray()).toEqual([{ x: 2 }]);
      // A failing migration leaves nothing of itself, and the version where it was.
      expect(() => migrateStorage(state.storage, steps)).toThrow();
      expect(tables()).toEqual(["a", "b"]);
      expect(versionOf(sql)).toBe(2);
      // Storage newer than the code (a deploy rolled back) is left as it is.
      expect(migrateStorage(state.storage, steps.slice(0, 1))).toBe(2);
      // A list with a gap is refused before anything runs.
      expect(() =>
        migrateStorage(state.storage, [steps[0] as Migration, { ...(steps[1] as Migration), version: 3 }]),
      ).toThrow(/numbered 3/);
      expect(versionOf(sql)).toBe(2);
      await state.storage.deleteAll();
    });
  });
});
