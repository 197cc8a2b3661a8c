import { DatabaseSync } from "node:sqlite";
import { BENCH_ORGANIZATION_ID, type BenchCheckIn, checkInsSql, d1File } from "./check-ins.ts";

/** The scale phase's data (tests/bench/scale.ts), written before its app starts. */
export const MONDAY_MEMBERS = 10_000;
const ORG = "bench-monday-org";
const DAY_MS = 86_400_000;
/** Where both organizations live, as a new organization would (worker/db/shards.ts): a shard, not the platform database. */
const SHARD = "DB_SHARD_0";
/** A check-in id in that shard (`s0-…`): the link route and the object find the shard from it. */
export const inShard = (id: string) => `s${SHARD.slice(9)}-${id}`;

/**
 * An organization as the app places it: in the platform database its row and its shard in the
 * map; in the shard a copy of its row (what its rows' foreign keys point at; its trial, made by
 * the insert trigger, is the platform's) and every row of its own.
 */
function placeInShard(platform: DatabaseSync, shard: DatabaseSync, id: string, name: string) {
  platform.prepare("insert or ignore into organizations (id, name) values (?, ?)").run(id, name);
  platform.prepare("insert or ignore into organization_shards (organization_id, shard) values (?, ?)").run(id, SHARD);
  shard.prepare("insert or ignore into organizations (id, name) values (?, ?)").run(id, name);
  shard.prepare("delete from trials where organization_id = ?").run(id);
}

/**
 * The cost run's check-ins and the Monday's organization, written straight into the stopped
 * app's D1 files (node:sqlite, one transaction per database: about a second, where `wrangler d1
 * execute` of 10,000 INSERTs took two minutes), both organizations in a shard (`SHARD`): 10,000
 * active salespeople with an email, each with last week's completed check-in, so every one is
 * due and the create walk's "last check-in" reads a real row.
 */
export function seedScale(stateDir: string, now: number, costCheckIns: BenchCheckIn[]) {
  const platform = new DatabaseSync(d1File(stateDir, "DB"));
  const db = new DatabaseSync(d1File(stateDir, SHARD));
  try {
    platform.exec("begin");
    db.exec("begin");
    placeInShard(platform, db, BENCH_ORGANIZATION_ID, "Bench Sales");
    placeInShard(platform, db, ORG, "Monday Sales");
    db.exec(checkInsSql(costCheckIns));
    db.prepare(
      "insert into organization_settings (organization_id, frequency, scheduling_enabled) values (?, 'weekly', 1)",
    ).run(ORG);
    const member = db.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email) values (?, ?, ?, 'Monday', ?)",
    );
    const lastWeek = db.prepare(
      `insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at,
         invited_at, completed_at, created_at) values (?, ?, ?, ?, 'completed', 10, ?, ?, ?, ?)`,
    );
    const sentAt = now - 8 * DAY_MS;
    for (let i = 0; i < MONDAY_MEMBERS; i++) {
      member.run(`monday-${i}`, ORG, `Rep${i}`, `monday-${i}@bench.undertone.dev`);
      lastWeek.run(
        inShard(`monday-last-${i}`),
        ORG,
        `monday-${i}`,
        `hash-${i}`,
        sentAt + 3 * DAY_MS,
        sentAt,
        sentAt + DAY_MS,
        sentAt,
      );
    }
    db.exec("commit");
    platform.exec("commit");
  } finally {
    db.close();
    platform.close();
  }
}
