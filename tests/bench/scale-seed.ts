import { DatabaseSync } from "node:sqlite";
import {
  BENCH_ORGANIZATION_ID,
  BENCH_SHARD,
  type BenchCheckIn,
  checkInsSql,
  d1File,
  inBenchShard,
  placeInShard,
} from "./check-ins.ts";

/** The scale phase's data (tests/bench/scale.ts), written before its app starts. */
export const MONDAY_MEMBERS = 10_000;
const ORG = "bench-monday-org";
const DAY_MS = 86_400_000;

/**
 * The cost run's check-ins and the Monday's organization, written straight into the stopped
 * app's D1 files (node:sqlite, one transaction per database: about a second, where `wrangler d1
 * execute` of 10,000 INSERTs took two minutes), both organizations in the bench's shard
 * (`BENCH_SHARD`, as a new organization would be): 10,000 active salespeople with an email,
 * each with last week's completed check-in, so every one is due and the create walk's "last
 * check-in" reads a real row.
 */
export function seedScale(stateDir: string, now: number, costCheckIns: BenchCheckIn[]) {
  const platform = new DatabaseSync(d1File(stateDir, "DB"));
  const db = new DatabaseSync(d1File(stateDir, BENCH_SHARD));
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
        inBenchShard(`monday-last-${i}`),
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
