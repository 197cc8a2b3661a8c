/**
 * The check-in object's SQLite, all of it: every table is created and changed here and
 * nowhere else, by a numbered list of migrations. The object applies the missing ones when it
 * wakes up (its constructor, before any event reads a row), each once, in order, in one
 * transaction, and records the version reached in the one-row `schema_version` table. So a
 * deploy that changes the tables upgrades every chat in progress on its next event instead of
 * breaking it (tests/integration/checkin-storage.test.ts upgrades one from the version before).
 *
 * Rules for a new migration: append it (version = its position); never edit one that has
 * shipped; keep what a chat in progress stored readable (add a column with a default, or
 * copy then drop), and give the upgrade test its way back to the version before.
 *
 * A little over 300 lines on purpose: the migrations and FRESH_SCHEMA (the same tables at once)
 * stay side by side, so a new migration and the script it must change are edited together.
 */
export type Migration = { version: number; change: string; sql: string };

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    // `if not exists`: objects made before versioning hold exactly these tables and no version row.
    change: "The six tables: the session row, messages, the last questions, the schedule, the D1 outbox, the owner",
    sql: `
create table if not exists session (
  id integer primary key check (id = 1),
  check_in_id text not null,
  organization_id text not null,
  team_member_id text not null,
  first_name text not null,
  full_name text not null,
  target_ms integer not null,
  expires_at integer not null,
  status text not null default 'active',
  started_at integer,
  paused_at integer,
  paused_total_ms integer not null default 0,
  phase text not null default 'opening',
  questions_asked integer not null default 0,
  processed_seq integer not null default 0,
  fallback integer not null default 0,
  closing_at integer,
  completed_at integer,
  pillar_progress text not null,
  asked_bank_ids text not null default '[]',
  config text not null,
  bank text not null,
  pillar_weights text not null,
  judgement text
);
create table if not exists messages (
  seq integer primary key,
  id text not null unique,
  client_id text unique,
  sender text not null,
  content text not null,
  created_at integer not null,
  pillar text
);
-- No AUTOINCREMENT: only the oldest rows are deleted, so a plain rowid keeps growing, and a
-- new object creates no sqlite_sequence table nor updates it on every question.
create table if not exists asked_questions (
  seq integer primary key,
  content text not null,
  theme text
);
create table if not exists schedule (kind text primary key, run_at integer not null);
create table if not exists pending_writes (
  kind text primary key,
  attempts integer not null default 0,
  last_error text,
  created_at integer not null
);
create table if not exists owner (
  id integer primary key check (id = 1),
  device_hash text not null,
  kind text not null,
  opened_at integer not null,
  moved_at integer,
  claim_hash text,
  claim_expires_at integer,
  claims_sent integer not null default 0,
  claim_sent_at integer
);
`,
  },
  {
    version: 2,
    // The owner's claim columns of version 1 stay (unused since claims are per fresh link).
    change: "Claims by POST (issue 22): the fresh links asked for, one row each; the chat's model-call budget",
    sql: `
create table if not exists fresh_links (
  claim_hash text primary key,
  requested_by text not null,
  issued_at integer not null,
  expires_at integer not null,
  used_at integer
);
create index if not exists fresh_links_requester on fresh_links (requested_by, issued_at);
create table if not exists model_budget (
  id integer primary key check (id = 1),
  replies integer not null default 0,
  judged integer not null default 0,
  reserved integer not null default 0
);
insert into model_budget (id) values (1) on conflict do nothing;
`,
  },
  {
    version: 3,
    change:
      "Ratings and the closing summary (issue 24): which rating a question asks, when the summary was shown, the salesperson's corrections",
    sql: `
alter table messages add column rating text;
alter table session add column summary_at integer;
create table if not exists corrections (
  dimension text primary key,
  band text not null,
  corrected_at integer not null
);
`,
  },
  {
    version: 4,
    // Defaults keep a chat in progress as it was: everything visible, no move to answer.
    change:
      "A moved chat does not hand over the past (issue 22 item 3): what the owner's device may see, and each move with the old device's answer",
    sql: `
alter table owner add column visible_from_seq integer not null default 0;
alter table owner add column hidden_reply_id text;
create table if not exists moves (
  number integer primary key,
  moved_at integer not null,
  from_device_hash text not null,
  from_visible_from_seq integer not null,
  from_hidden_reply_id text,
  decision text,
  decided_at integer
);
`,
  },
  {
    version: 5,
    // Null in a summary shown before: it completes SUMMARY_WAIT_MS after summary_at, as it did.
    change: "Each correction restarts the closing summary's wait: when it completes by itself",
    sql: `
alter table session add column summary_due_at integer;
`,
  },
];

/** The version this code reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * A new object's tables as the migrations leave them, created at once: replaying every
 * migration (ALTER TABLE rereads and rewrites the schema) was a visible share of a check-in's
 * start in the CPU profile, and every check-in is a new object. Applied only to an object with
 * no tables; `checkin-storage.test.ts` fails unless it creates exactly what MIGRATIONS 1…N do,
 * so a new migration changes this script too.
 */
export const FRESH_SCHEMA: Migration = {
  version: 5,
  change: "Every table at the latest version",
  sql: `
create table session (
  id integer primary key check (id = 1),
  check_in_id text not null,
  organization_id text not null,
  team_member_id text not null,
  first_name text not null,
  full_name text not null,
  target_ms integer not null,
  expires_at integer not null,
  status text not null default 'active',
  started_at integer,
  paused_at integer,
  paused_total_ms integer not null default 0,
  phase text not null default 'opening',
  questions_asked integer not null default 0,
  processed_seq integer not null default 0,
  fallback integer not null default 0,
  closing_at integer,
  completed_at integer,
  pillar_progress text not null,
  asked_bank_ids text not null default '[]',
  config text not null,
  bank text not null,
  pillar_weights text not null,
  judgement text,
  summary_at integer,
  summary_due_at integer
);
create table messages (
  seq integer primary key,
  id text not null unique,
  client_id text unique,
  sender text not null,
  content text not null,
  created_at integer not null,
  pillar text,
  rating text
);
create table asked_questions (
  seq integer primary key,
  content text not null,
  theme text
);
create table schedule (kind text primary key, run_at integer not null);
create table pending_writes (
  kind text primary key,
  attempts integer not null default 0,
  last_error text,
  created_at integer not null
);
create table owner (
  id integer primary key check (id = 1),
  device_hash text not null,
  kind text not null,
  opened_at integer not null,
  moved_at integer,
  claim_hash text,
  claim_expires_at integer,
  claims_sent integer not null default 0,
  claim_sent_at integer,
  visible_from_seq integer not null default 0,
  hidden_reply_id text
);
create table fresh_links (
  claim_hash text primary key,
  requested_by text not null,
  issued_at integer not null,
  expires_at integer not null,
  used_at integer
);
create index fresh_links_requester on fresh_links (requested_by, issued_at);
create table model_budget (
  id integer primary key check (id = 1),
  replies integer not null default 0,
  judged integer not null default 0,
  reserved integer not null default 0
);
insert into model_budget (id) values (1);
create table corrections (
  dimension text primary key,
  band text not null,
  corrected_at integer not null
);
create table moves (
  number integer primary key,
  moved_at integer not null,
  from_device_hash text not null,
  from_visible_from_seq integer not null,
  from_hidden_reply_id text,
  decision text,
  decided_at integer
);
`,
};

/**
 * The session row's columns as the latest migration leaves them (store.ts derives its row
 * types from them; the storage test checks they match what the migrations create).
 */
export const SESSION_COLUMNS = {
  check_in_id: "text not null",
  organization_id: "text not null",
  team_member_id: "text not null",
  first_name: "text not null",
  full_name: "text not null",
  target_ms: "integer not null",
  expires_at: "integer not null",
  status: "text not null default 'active'",
  started_at: "integer",
  paused_at: "integer",
  paused_total_ms: "integer not null default 0",
  phase: "text not null default 'opening'",
  questions_asked: "integer not null default 0",
  processed_seq: "integer not null default 0",
  fallback: "integer not null default 0",
  closing_at: "integer",
  completed_at: "integer",
  pillar_progress: "text not null",
  asked_bank_ids: "text not null default '[]'",
  config: "text not null",
  bank: "text not null",
  pillar_weights: "text not null",
  judgement: "text",
  /** When the closing summary was first shown (null before): from then on the judgement is fixed. */
  summary_at: "integer",
  /** When the summary completes by itself (the `complete` alarm): SUMMARY_WAIT_MS after it was shown or last corrected. */
  summary_due_at: "integer",
} as const;

const VERSION_TABLE =
  "create table if not exists schema_version (id integer primary key check (id = 1), version integer not null)";

/**
 * Brings the object's storage to the latest version; returns the version it is at. Storage
 * newer than this code (a deploy rolled back) is left as it is: the migrations only add, so
 * the older code still reads what it knows, and nothing is undone.
 */
export function migrateStorage(
  storage: DurableObjectStorage,
  migrations: readonly Migration[] = MIGRATIONS,
  /** A new object's tables at once (FRESH_SCHEMA, with the real migrations only); null: always step by step. */
  fresh: Migration | null = migrations === MIGRATIONS ? FRESH_SCHEMA : null,
): number {
  return storage.transactionSync(() => {
    const sql = storage.sql;
    // One read says which object this is: new (neither table), made before versioning (no
    // version table: version 0), or versioned. A new object then runs a single script: every
    // statement is also a span in the runtime's trace, and every check-in is a new object.
    const tables = new Set(
      sql
        .exec<{ name: string }>(
          "select name from sqlite_master where type = 'table' and name in ('schema_version', 'session')",
        )
        .toArray()
        .map((row) => row.name),
    );
    const versioned = tables.has("schema_version");
    const from = versioned
      ? (sql.exec<{ version: number }>("select version from schema_version where id = 1").toArray()[0]?.version ?? 0)
      : 0;
    const pending = migrations.filter((migration) => migration.version > from);
    if (pending.length === 0) return from;
    migrations.forEach((migration, index) => {
      if (migration.version !== index + 1) throw new Error(`migration ${index + 1} is numbered ${migration.version}`);
    });
    const empty = from === 0 && !tables.has("session");
    const steps = empty && fresh?.version === migrations.length ? [fresh] : pending;
    const to = steps.at(-1)?.version ?? from;
    if (!Number.isInteger(to)) throw new Error(`migration version ${to} is not an integer`);
    // The version is this code's own number, so the record goes in the same script.
    const record = `insert into schema_version (id, version) values (1, ${to}) on conflict(id) do update set version = excluded.version;`;
    if (steps.length === 1 && steps[0]) {
      sql.exec(`${versioned ? "" : `${VERSION_TABLE};\n`}${steps[0].sql};\n${record}`);
    } else {
      if (!versioned) sql.exec(VERSION_TABLE);
      for (const migration of steps) sql.exec(migration.sql);
      sql.exec(record);
    }
    return to;
  });
}
