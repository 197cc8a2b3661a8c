/**
 * Issue 26 §1–2 in `npm run bench` (or alone: `node tests/bench/d1-bytes.ts` for the first,
 * `node tests/bench/scale-store.ts` for the rest):
 *
 * - `d1_bytes_per_check_in`: the D1 bytes a completed check-in adds, measured on a copy of a
 *   run's D1 after the app stopped: SQLite's own page accounting (dbstat: each b-tree's bytes
 *   in use, i.e. page size − free bytes, tables and indexes) with the completions in, minus the
 *   same with their writes taken out (each such check-in back to pending, its scores, blockers,
 *   alerts and rollup contribution deleted), divided by their number. The check-in row itself
 *   (created when it is sent, kept for an expired one too) is reported apart.
 * - `insights_10k_p95_ms`, `person_10k_p95_ms`, `team_10k_p95_ms`, `console_10k_p95_ms`: one
 *   organization of 10,000 salespeople × 52 weekly check-ins, seeded ONCE into a persisted local
 *   D1 (tests/.artifacts/scale-10k/, reused while its marker is under 7 days old; delete the
 *   folder to seed again), then the requests of the Admin's Overview, a person's page, the Team
 *   page and the console's overview over HTTP against the built app, with the D1 rows each read
 *   (a page that makes several requests at once counts its slowest, and their rows summed).
 *
 * Over 300 lines? No: seeding (seed-10k.ts) is apart.
 */
import { copyFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { base32SecretOf, totpCode } from "../fixtures/totp.ts";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { signIn } from "../tools/insights-timing.ts";
import { withoutLocalTraces } from "./bench-runtime.ts";
import { BENCH_SHARD, d1File } from "./check-ins.ts";
import type { Row } from "./report.ts";
import { ensureSeeded10k, SCALE_ADMIN, SCALE_OPERATOR, SCALE_STATE_NAME } from "./seed-10k.ts";
import { type Percentiles, summarize } from "./stats.ts";

/** Bytes in use in every b-tree of the database (tables and indexes), by SQLite's own accounting. */
function bytesInUse(db: DatabaseSync): number {
  const row = db.prepare("select sum(pgsize - unused) as used from dbstat").get() as { used: number };
  return row.used;
}

/** The same, per table and index. */
function bytesByName(db: DatabaseSync): Map<string, number> {
  const rows = db.prepare("select name, sum(pgsize - unused) as used from dbstat group by name").all() as {
    name: string;
    used: number;
  }[];
  return new Map(rows.map((row) => [row.name, row.used]));
}

export type BytesPerCheckIn = {
  completion: number;
  check_in_row: number;
  check_ins: number;
  /** The completion's bytes by table and index (over 10 B each), largest first. */
  by_name: Record<string, number>;
  /** The same by table, its indexes included, largest first. */
  by_table: Record<string, number>;
};

/**
 * D1 bytes per completed check-in over the completed check-ins `ids` of a stopped run's D1
 * (measured on a copy; the run's own file is untouched), in the shard that holds them
 * (`BENCH_SHARD`: the bench's organization lives there, as a new organization does).
 */
export function d1BytesPerCheckIn(stateDir: string, ids: readonly string[], scratch: string): BytesPerCheckIn {
  const copy = join(scratch, "d1-bytes.sqlite");
  const file = d1File(stateDir, BENCH_SHARD);
  copyFileSync(file, copy);
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(`${file}${suffix}`)) copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
  }
  const db = new DatabaseSync(copy);
  try {
    db.exec("vacuum");
    const placeholders = ids.map(() => "?").join(",");
    const completed = db
      .prepare(`select id from check_ins where status = 'completed' and id in (${placeholders})`)
      .all(...ids) as { id: string }[];
    const done = completed.map((row) => row.id);
    const marks = done.map(() => "?").join(",");
    const withCompletions = bytesInUse(db);
    const namesBefore = bytesByName(db);
    db.exec("begin");
    // The rollup contribution of each: the rebuild from the remaining rows (same statements as the command).
    db.prepare(`delete from sentiment_scores where check_in_id in (${marks})`).run(...done);
    db.prepare(`delete from user_challenges where check_in_id in (${marks})`).run(...done);
    db.prepare(`delete from risk_alerts where check_in_id in (${marks})`).run(...done);
    db.prepare(`delete from real_time_sentiment where check_in_id in (${marks})`).run(...done);
    db.prepare(`delete from check_in_messages where check_in_id in (${marks})`).run(...done);
    db.prepare(`delete from score_corrections where check_in_id in (${marks})`).run(...done);
    db.prepare(
      `update check_ins set status = 'pending', started_at = null, completed_at = null, conversation_state = null,
         needs_review = 0 where id in (${marks})`,
    ).run(...done);
    db.exec("commit");
    db.exec("vacuum");
    const pending = bytesInUse(db);
    const namesAfter = bytesByName(db);
    db.prepare(`delete from check_ins where id in (${marks})`).run(...done);
    db.exec("vacuum");
    const none = bytesInUse(db);
    const tableOf = new Map(
      (db.prepare("select name, tbl_name from sqlite_master").all() as { name: string; tbl_name: string }[]).map(
        (row) => [row.name, row.tbl_name],
      ),
    );
    const per = (bytes: number) => Math.round(bytes / Math.max(1, done.length));
    const byName = [...namesBefore]
      .map(([name, used]) => [name, per(used - (namesAfter.get(name) ?? 0))] as const)
      .filter(([, bytes]) => Math.abs(bytes) > 10)
      .sort((a, b) => b[1] - a[1]);
    const byTable = new Map<string, number>();
    for (const [name, used] of namesBefore) {
      const table = tableOf.get(name) ?? name;
      byTable.set(table, (byTable.get(table) ?? 0) + used - (namesAfter.get(name) ?? 0));
    }
    return {
      completion: per(withCompletions - pending),
      check_in_row: per(pending - none),
      check_ins: done.length,
      by_name: Object.fromEntries(byName),
      by_table: Object.fromEntries(
        [...byTable]
          .map(([table, bytes]) => [table, per(bytes)] as const)
          .filter(([, bytes]) => Math.abs(bytes) > 10)
          .sort((a, b) => b[1] - a[1]),
      ),
    };
  } finally {
    db.close();
  }
}

type Timed = Percentiles & { rows_read: number | null };

/** Sequential requests after 3 warm-ups: wall time at the client, and the D1 rows each read (X-D1-Rows-Read, D1's meta). */
async function timeGet(origin: string, cookie: string, path: string, requests: number): Promise<Timed> {
  for (let i = 0; i < 3; i++) await fetch(`${origin}${path}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const samples: number[] = [];
  let rowsRead: number | null = null;
  for (let i = 0; i < requests; i++) {
    const at = performance.now();
    const response = await fetch(`${origin}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    samples.push(performance.now() - at);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const header = response.headers.get("x-d1-rows-read");
    if (header !== null) rowsRead = Math.max(rowsRead ?? 0, Number(header));
  }
  return { ...summarize(samples), rows_read: rowsRead };
}

export async function operatorCookie(origin: string): Promise<string> {
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .join("; ");
  const first = await post("/api/auth/sign-in/email", {
    email: SCALE_OPERATOR.email,
    password: SCALE_OPERATOR.password,
  });
  if (!first.ok) throw new Error(`operator sign-in: ${first.status}`);
  const body = (await first.json()) as { twoFactorRedirect?: boolean };
  let secret = SCALE_OPERATOR.totpSecret();
  if (!body.twoFactorRedirect) {
    // First run on this state: the operator sets up an authenticator, as the console requires.
    const enabled = await post("/api/auth/two-factor/enable", { password: SCALE_OPERATOR.password }, cookieOf(first));
    if (!enabled.ok) throw new Error(`two-factor enable: ${enabled.status} ${await enabled.text()}`);
    secret = base32SecretOf(((await enabled.json()) as { totpURI: string }).totpURI);
    const confirmed = await post("/api/auth/two-factor/verify-totp", { code: await totpCode(secret) }, cookieOf(first));
    if (!confirmed.ok) throw new Error(`two-factor confirm: ${confirmed.status}`);
    SCALE_OPERATOR.saveTotpSecret(secret);
    return cookieOf(confirmed);
  }
  if (!secret)
    throw new Error("the seeded operator has two factors but no stored secret: delete tests/.artifacts/scale-10k");
  const verified = await post("/api/auth/two-factor/verify-totp", { code: await totpCode(secret) }, cookieOf(first));
  if (!verified.ok) throw new Error(`operator code: ${verified.status}`);
  return cookieOf(verified);
}

type PageTimed = Timed & { requests: Record<string, Timed> };

export type Scale10kResult = {
  insights: Timed;
  person: PageTimed;
  team: PageTimed;
  console: PageTimed;
  seed: { reused: boolean; seed_ms: number; counts: Record<string, number> };
};

/** Seeds (once), starts the built app on the seeded state, times the three pages, stops it. */
export async function runScale10k(log: (line: string) => void, requests = 40): Promise<Scale10kResult> {
  const seed = await ensureSeeded10k(log);
  const app = await startBuiltApp({
    name: SCALE_STATE_NAME,
    port: await freePort(),
    keepState: true,
    vars: {
      APP_ENV: "production",
      D1_METRICS: "1",
      BETTER_AUTH_SECRET: SCALE_OPERATOR.authSecret,
      SUPERADMIN_EMAILS: SCALE_OPERATOR.email,
      STRIPE_SECRET_KEY: "",
      EMAIL_API_KEY: "",
    },
  });
  try {
    const admin = await signIn(app.origin, SCALE_ADMIN.email, SCALE_ADMIN.password);
    const operator = await operatorCookie(app.origin);
    log("scale-10k: timing the Overview, a person's page, the Team page and the console's overview");
    // A page that asks for several at once: its time is the slowest of them, its rows their sum.
    const page = async (cookie: string, paths: Record<string, string>): Promise<PageTimed> => {
      const times: Record<string, Timed> = {};
      for (const [name, path] of Object.entries(paths)) times[name] = await timeGet(app.origin, cookie, path, requests);
      const worst = Object.values(times).reduce((a, b) => (b.p95 > a.p95 ? b : a));
      const rowsRead = Object.values(times).reduce((n, t) => n + (t.rows_read ?? 0), 0);
      return { ...worst, rows_read: rowsRead, requests: times };
    };
    const insights = await timeGet(app.origin, admin, "/api/insights", requests);
    const person = await page(admin, {
      insights: `/api/insights/members/${seed.memberId}`,
      member: `/api/team-members/${seed.memberId}`,
    });
    // Its rows are not counted: Drizzle's plain selects run through `raw()`, which answers no meta
    // (d1-metrics.ts); so it says so rather than print 0. (The person page's member request neither.)
    const team = {
      ...(await page(admin, { members: "/api/team-members", checkIns: "/api/check-ins?limit=20" })),
      rows_read: null,
    };
    const consoleOverview = await page(operator, {
      stats: "/api/admin/stats",
      activity: "/api/admin/stats/activity",
      organizations: "/api/admin/organizations?page=1&pageSize=5",
    });
    return {
      insights,
      person,
      team,
      console: consoleOverview,
      seed: { reused: seed.reused, seed_ms: seed.seedMs, counts: seed.counts },
    };
  } finally {
    await app.stop();
  }
}

/** bench-results.json's keys for issue 26 §1–2, and their lines in the table. */
export function scaleStoreResults(
  stateDir: string,
  completedCheckIns: readonly { id: string }[],
  scale: Scale10kResult,
  rows: Row[],
): Record<string, unknown> {
  const bytes = d1BytesPerCheckIn(
    stateDir,
    completedCheckIns.map((c) => c.id),
    resolve(import.meta.dirname, "../.artifacts"),
  );
  rows.push({
    metric: `d1_bytes_per_check_in (completion's writes, ${bytes.check_ins} check-ins)`,
    figure: `${bytes.completion} B  (+ ${bytes.check_in_row} B its check_ins row)`,
    budget: "≤ 1024 B",
    verdict: bytes.completion <= 1024 ? "pass" : "miss",
  });
  const timed = (
    metric: string,
    t: { p50: number; p95: number; p99: number; count: number; rows_read: number | null },
    budget: number,
  ) =>
    rows.push({
      metric,
      figure: `${t.p50} / ${t.p95} / ${t.p99}  (n=${t.count}, ${t.rows_read ?? "?"} rows read)`,
      budget: `≤ ${budget} ms (p95)`,
      verdict: t.p95 <= budget ? "pass" : "miss",
    });
  timed("insights_10k_ms (10,000 members × 52 weeks, Overview)", scale.insights, 50);
  timed("person_10k_ms (one person's page, slowest request)", scale.person, 50);
  timed("team_10k_ms (the Team page's first 100, slowest request)", scale.team, 50);
  timed("console_10k_ms (console overview, slowest request)", scale.console, 200);
  return {
    d1_bytes_per_check_in: bytes.completion,
    d1_bytes_per_check_in_detail: bytes,
    insights_10k_p95_ms: scale.insights.p95,
    person_10k_p95_ms: scale.person.p95,
    team_10k_p95_ms: scale.team.p95,
    console_10k_p95_ms: scale.console.p95,
    scale_10k: scale,
  };
}

if (import.meta.main) {
  withoutLocalTraces();
  const log = (line: string) => process.stderr.write(`[scale-store] ${line}\n`);
  const index = process.argv.indexOf("--requests");
  const result = await runScale10k(log, index > 0 ? Number(process.argv[index + 1]) : 40);
  console.log(JSON.stringify(result, null, 2));
  const state = resolve(import.meta.dirname, "../.artifacts", SCALE_STATE_NAME, "state");
  log(`state kept in ${state}`);
}
