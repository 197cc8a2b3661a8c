import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "../../build-tools/d1-databases.ts";
import { compactId } from "../../worker/db/compact-id.ts";
import { runWrangler } from "../tools/app-server.ts";

/**
 * Check-ins for the benchmark, inserted straight into the app's local D1 before the Worker
 * starts (as tests/integration/checkin-helpers.ts#createCheckIn does in workerd): the link
 * token is random, only its SHA-256 hex is stored. Load check-ins get the longest duration
 * the object accepts (120 minutes), so the closing alarm never fires during a run. Their
 * organization lives in a shard (`BENCH_SHARD`), as every new organization does
 * (worker/db/shards.ts): its row and map entry in the platform database, the rest in the shard,
 * and each check-in's id names the shard (`s0-…`), its random part a compact id as the app
 * draws it (worker/db/shards.ts#newCheckInId).
 */
export type BenchCheckIn = { id: string; token: string; teamMemberId: string; firstName: string; email: string };

/**
 * Not the insights fixture's organization ("bench-org"): the load must not change its figures.
 * 16 characters, as long as the compact id the app gives a new organization (worker/db/compact-id.ts),
 * so the bytes a check-in's rows take are what the app's would (issue 26 §1).
 */
export const BENCH_ORGANIZATION_ID = "benchLoadOrg0001";

/** The shard the bench's organizations live in. */
export const BENCH_SHARD = "DB_SHARD_0";
/** A check-in id in that shard: the link route and the object find the shard from it. */
export const inBenchShard = (id: string) => `s${BENCH_SHARD.slice(9)}-${id}`;

/** A new check-in's id in that shard, spelled as the app spells one it creates there. */
export const newBenchCheckInId = () => inBenchShard(compactId());

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

export function newBenchCheckIns(count: number, prefix: string): BenchCheckIn[] {
  return Array.from({ length: count }, (_, index) => ({
    id: newBenchCheckInId(),
    token: randomBytes(32).toString("base64url"),
    // A compact id, as the app gives a new member: the row holds what the app's would.
    teamMemberId: compactId(),
    firstName: `Rep${index}`,
    email: `${prefix}-member-${index}@bench.undertone.dev`,
  }));
}

export function checkInsSql(checkIns: readonly BenchCheckIn[], durationMinutes = 120): string {
  const now = Date.now();
  const expiresAt = now + 7 * 24 * 60 * 60 * 1000;
  const lines = [
    `insert or ignore into organizations (id, name) values (${quote(BENCH_ORGANIZATION_ID)}, 'Bench Sales');`,
  ];
  for (const c of checkIns) {
    const tokenHash = createHash("sha256").update(c.token).digest("hex");
    lines.push(
      `insert into team_members (id, organization_id, first_name, last_name, email) values (${quote(c.teamMemberId)}, ${quote(BENCH_ORGANIZATION_ID)}, ${quote(c.firstName)}, 'Bench', ${quote(c.email)});`,
      `insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at) values (${quote(c.id)}, ${quote(BENCH_ORGANIZATION_ID)}, ${quote(c.teamMemberId)}, ${quote(tokenHash)}, 'pending', ${durationMinutes}, ${expiresAt});`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * An organization as the app places it: in the platform database its row and its shard in the
 * map; in the shard a copy of its row (what its rows' foreign keys point at; its trial, made by
 * the insert trigger, is the platform's). Its own rows then go into `shard`.
 */
export function placeInShard(platform: DatabaseSync, shard: DatabaseSync, id: string, name: string) {
  platform.prepare("insert or ignore into organizations (id, name) values (?, ?)").run(id, name);
  platform
    .prepare("insert or ignore into organization_shards (organization_id, shard) values (?, ?)")
    .run(id, BENCH_SHARD);
  shard.prepare("insert or ignore into organizations (id, name) values (?, ?)").run(id, name);
  shard.prepare("delete from trials where organization_id = ?").run(id);
}

/**
 * Writes the check-ins, their members and organization into a stopped app's D1 files with
 * node:sqlite (one transaction per database; `wrangler d1 execute` takes ten seconds and more
 * per database on this machine).
 */
export function seedBenchCheckIns(stateDir: string, checkIns: readonly BenchCheckIn[], durationMinutes = 120) {
  const platform = new DatabaseSync(d1File(stateDir, "DB"));
  const shard = new DatabaseSync(d1File(stateDir, BENCH_SHARD));
  try {
    platform.exec("begin");
    shard.exec("begin");
    placeInShard(platform, shard, BENCH_ORGANIZATION_ID, "Bench Sales");
    shard.exec(checkInsSql(checkIns, durationMinutes));
    shard.exec("commit");
    platform.exec("commit");
  } finally {
    shard.close();
    platform.close();
  }
}

/** Reads rows from one local D1 (default the platform's) of a stopped app with `wrangler d1 execute --json`. */
export function queryD1<Row>(stateDir: string, sql: string, binding = "DB"): Row[] {
  const out = runWrangler(["d1", "execute", binding, "--local", "--persist-to", stateDir, "--json", "--command", sql]);
  const parsed = JSON.parse(out) as { results: Row[] }[];
  return parsed.flatMap((batch) => batch.results);
}

export function wsUrlFor(origin: string, checkIn: BenchCheckIn): string {
  return `${origin.replace(/^http/, "ws")}/api/check-in/${checkIn.id}/ws?token=${encodeURIComponent(checkIn.token)}`;
}

/**
 * The SQLite file behind one database's local D1 in a `--persist-to` state (to seed it while
 * the app is stopped): the platform database (`DB`) or a shard (`DB_SHARD_n`, worker/db/shards.ts).
 */
export function d1File(stateDir: string, binding = "DB"): string {
  const file = localD1File(stateDir, binding);
  if (!existsSync(file)) throw new Error(`no local D1 database ${binding} at ${file}`);
  return file;
}
