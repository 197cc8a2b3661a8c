/**
 * `node tests/bench/profile-10k.ts [requests]`: the 10,000-member organization's pages
 * (seeded once by seed-10k.ts) one by one against the built app, each with its wall time, the
 * workerd CPU per request (the work, whatever else the machine does) and the D1 rows it read;
 * PROFILE=1 adds a V8 CPU profile of the Worker over all of them, as self time per function
 * (tests/.artifacts/bench-profile/10k.cpuprofile opens in Chrome DevTools). What `npm run bench`
 * measures, taken apart (README → Performance: "Dashboards at 10,000").
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { signIn } from "../tools/insights-timing.ts";
import { withoutLocalTraces } from "./bench-runtime.ts";
import { cpuSeconds } from "./cpu.ts";
import { startProfile } from "./inspector.ts";
import { operatorCookie } from "./scale-store.ts";
import { ensureSeeded10k, SCALE_ADMIN, SCALE_OPERATOR, SCALE_STATE_NAME } from "./seed-10k.ts";
import { summarize } from "./stats.ts";

withoutLocalTraces();

const requests = Number(process.argv[2] ?? 30);
const log = (line: string) => process.stderr.write(`[profile-10k] ${line}\n`);
const seed = await ensureSeeded10k(log);
const inspectorPort = await freePort();
const app = await startBuiltApp({
  name: SCALE_STATE_NAME,
  port: await freePort(),
  keepState: true,
  inspectorPort,
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
  const pages: [string, string, string][] = [
    // The cost of any signed-in request (session, routing, the runtime), for comparison.
    ["baseline (/api/me)", admin, "/api/me"],
    ["insights", admin, "/api/insights"],
    ["person", admin, `/api/insights/members/${seed.memberId}`],
    ["console.stats", operator, "/api/admin/stats"],
    ["console.activity", operator, "/api/admin/stats/activity"],
    ["console.organizations", operator, "/api/admin/organizations?page=1&pageSize=5"],
  ];
  const profiler = process.env.PROFILE ? await startProfile(inspectorPort, 200) : null;
  for (const [name, cookie, path] of pages.filter(([name]) => !process.env.ONLY || name.startsWith(process.env.ONLY))) {
    for (let i = 0; i < 3; i++)
      await fetch(`${app.origin}${path}`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    const samples: number[] = [];
    let rows = 0;
    let bytes = 0;
    const cpuBefore = cpuSeconds(app.pid, /workerd/);
    for (let i = 0; i < requests; i++) {
      const at = performance.now();
      const response = await fetch(`${app.origin}${path}`, { headers: { cookie } });
      bytes = (await response.arrayBuffer()).byteLength;
      samples.push(performance.now() - at);
      rows = Number(response.headers.get("x-d1-rows-read") ?? 0);
    }
    const cpuMs = ((cpuSeconds(app.pid, /workerd/) - cpuBefore) * 1000) / requests;
    const s = summarize(samples);
    console.log(
      `${name.padEnd(22)} wall p50 ${s.p50} p95 ${s.p95} ms · workerd CPU ${cpuMs.toFixed(1)} ms/request · ${rows} rows read · ${bytes} bytes`,
    );
  }
  if (profiler) {
    const { profile, summary } = await profiler.stop(30);
    mkdirSync(resolve("tests/.artifacts/bench-profile"), { recursive: true });
    writeFileSync(resolve("tests/.artifacts/bench-profile/10k.cpuprofile"), JSON.stringify(profile));
    for (const { ms, where } of summary.top) console.log(`${ms.toFixed(0).padStart(7)} ms  ${where}`);
  }
} finally {
  await app.stop();
}
