/**
 * GET /api/insights on the large fixture (200 salespeople × 52 weekly check-ins), through
 * HTTP, against the built app in workerd (wrangler dev) — the figure the benchmark reports
 * as `insights_ms`. `npx vite build` first, then:
 *
 *   npx node tests/tools/insights-timing.ts [--requests 60]
 *
 * Prints p50/p95/p99 per range and exits. The benchmark can reuse `loadInsightsFixture` as
 * the `prepare` step of startBuiltApp and `timeInsights` with a signed-in cookie.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { hashPassword } from "../../worker/auth/password.ts";
import { cpuSeconds } from "../bench/cpu.ts";
import { fixtureSql, generateInsightsFixture, type InsightsFixture } from "../fixtures/worker/insights-fixture.ts";
import { d1Execute, startBuiltApp } from "./app-server.ts";

export const INSIGHTS_ADMIN = { email: "bench-admin@undertone.dev", password: "bench-admin-password" };

/** Writes the fixture as SQL next to the state and executes it (run as startBuiltApp's `prepare`). */
export async function loadInsightsFixture(stateDir: string, now = Date.now()): Promise<InsightsFixture> {
  const fixture = generateInsightsFixture({
    now,
    adminEmail: INSIGHTS_ADMIN.email,
    adminPasswordHash: await hashPassword(INSIGHTS_ADMIN.password),
  });
  const file = resolve(stateDir, "..", "insights-fixture.sql");
  mkdirSync(resolve(stateDir, ".."), { recursive: true });
  writeFileSync(file, fixtureSql(fixture).join("\n"));
  d1Execute(stateDir, file);
  return fixture;
}

export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .join("; ");
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Sequential requests (one client), after a few warm-ups; milliseconds, wall clock at the client. */
export async function timeInsights(origin: string, cookie: string, path: string, requests: number) {
  for (let i = 0; i < 5; i++) await fetch(`${origin}${path}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  }
  samples.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
  };
}

if (import.meta.main) {
  const index = process.argv.indexOf("--requests");
  const requests = index > 0 ? Number(process.argv[index + 1]) : 60;
  let fixture: InsightsFixture | undefined;
  const app = await startBuiltApp({
    name: "insights-timing",
    vars: { APP_ENV: "production", BETTER_AUTH_SECRET: "insights-timing-secret-0123456789abcdef0123456789" },
    prepare: async (stateDir) => {
      const started = performance.now();
      fixture = await loadInsightsFixture(stateDir);
      console.log(`fixture loaded in ${Math.round(performance.now() - started)} ms: ${JSON.stringify(fixture.counts)}`);
    },
  });
  try {
    const cookie = await signIn(app.origin, INSIGHTS_ADMIN.email, INSIGHTS_ADMIN.password);
    const results: Record<string, unknown> = {};
    // Wall time at the client, and the workerd CPU per request: the work, whatever else the machine does.
    const timed = async (path: string) => {
      const before = cpuSeconds(app.pid, /workerd/);
      const wall = await timeInsights(app.origin, cookie, path, requests);
      const cpuMs = Math.round(((cpuSeconds(app.pid, /workerd/) - before) * 10_000) / (requests + 5)) / 10;
      return { ...wall, cpu_ms: cpuMs };
    };
    for (const range of ["4w", "12w", "52w"]) {
      results[range] = await timed(`/api/insights?range=${range}`);
      console.log(`GET /api/insights?range=${range}: ${JSON.stringify(results[range])} ms`);
    }
    const member = `${fixture?.organizationId ?? "bench-org"}-tm-7`;
    results.member = await timed(`/api/insights/members/${member}?range=52w`);
    console.log(`GET /api/insights/members/:id?range=52w: ${JSON.stringify(results.member)} ms`);
    writeFileSync(resolve(import.meta.dirname, "../.artifacts/insights-timing.json"), JSON.stringify(results, null, 2));
  } finally {
    await app.stop();
  }
}
