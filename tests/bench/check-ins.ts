import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { localD1File } from "../../build-tools/d1-databases.ts";
import { runWrangler } from "../tools/app-server.ts";

/**
 * Check-ins for the benchmark, inserted straight into the app's local D1 before the Worker
 * starts (as tests/integration/checkin-helpers.ts#createCheckIn does in workerd): the link
 * token is random, only its SHA-256 hex is stored. Load check-ins get the longest duration
 * the object accepts (120 minutes), so the closing alarm never fires during a run.
 */
export type BenchCheckIn = { id: string; token: string; teamMemberId: string; firstName: string };

/** Not the insights fixture's organization ("bench-org"): the load must not change its figures. */
export const BENCH_ORGANIZATION_ID = "bench-load-org";

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

export function newBenchCheckIns(count: number, prefix: string): BenchCheckIn[] {
  return Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    token: randomBytes(32).toString("base64url"),
    teamMemberId: `${prefix}-member-${index}`,
    firstName: `Rep${index}`,
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
      `insert into team_members (id, organization_id, first_name, last_name, email) values (${quote(c.teamMemberId)}, ${quote(BENCH_ORGANIZATION_ID)}, ${quote(c.firstName)}, 'Bench', ${quote(`${c.teamMemberId}@bench.undertone.dev`)});`,
      `insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at) values (${quote(c.id)}, ${quote(BENCH_ORGANIZATION_ID)}, ${quote(c.teamMemberId)}, ${quote(tokenHash)}, 'pending', ${durationMinutes}, ${expiresAt});`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** Runs SQL against the local D1 of a (stopped) app state with `wrangler d1 execute --file`. */
export function executeSqlFile(stateDir: string, sql: string, name: string) {
  const file = resolve(stateDir, "..", `${name}.sql`);
  writeFileSync(file, sql);
  runWrangler(["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"]);
}

/** Reads rows from the local D1 of a stopped app with `wrangler d1 execute --json`. */
export function queryD1<Row>(stateDir: string, sql: string): Row[] {
  const out = runWrangler(["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql]);
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
