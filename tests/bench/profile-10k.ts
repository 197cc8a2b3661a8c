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
import WebSocket from "ws";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { signIn } from "../tools/insights-timing.ts";
import { cpuSeconds } from "./cpu.ts";
import { operatorCookie } from "./scale-store.ts";
import { ensureSeeded10k, SCALE_ADMIN, SCALE_OPERATOR, SCALE_STATE_NAME } from "./seed-10k.ts";
import { summarize } from "./stats.ts";

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
type Call = (method: string, params?: Record<string, unknown>) => Promise<unknown>;
let call: Call | null = null;
let devtools: WebSocket | null = null;
if (process.env.PROFILE) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl?: string;
  }[];
  const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error("no inspector target");
  const socket = new WebSocket(url);
  devtools = socket;
  await new Promise((r) => socket.once("open", r));
  let nextId = 1;
  const pending = new Map<number, (value: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (message.id) pending.get(message.id)?.(message.result);
  });
  call = (method, params = {}) =>
    new Promise((resolveCall) => {
      const id = nextId++;
      pending.set(id, resolveCall);
      socket.send(JSON.stringify({ id, method, params }));
    });
}
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
  if (call) {
    await call("Profiler.enable");
    await call("Profiler.setSamplingInterval", { interval: 200 });
    await call("Profiler.start");
  }
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
  if (call) {
    const { profile } = (await call("Profiler.stop")) as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
    mkdirSync(resolve("tests/.artifacts/bench-profile"), { recursive: true });
    writeFileSync(resolve("tests/.artifacts/bench-profile/10k.cpuprofile"), JSON.stringify(profile));
    const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const frame = byNode.get(id)?.callFrame;
      const key = frame
        ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`
        : "?";
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
    }
  }
} finally {
  devtools?.close();
  await app.stop();
}
