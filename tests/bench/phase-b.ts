/**
 * `node tests/bench/phase-b.ts [seconds]`: the benchmark's phase B alone (50 check-ins on the
 * app, the bare floor and the relay floor, taking turns in 10 s slices, `seconds` each, 60 by
 * default) and its same-run ratios: CPU per message ÷ relay, ack p50/p99 ÷ floor. What
 * `npm run bench` measures for issue 26 §7, in ~4 minutes instead of ~7, so a change to the
 * message path can be compared on a shared machine (run it twice; read the ratios).
 * `BASELINE=<a checkout with its own vite build>` adds that build of the app as a fourth side,
 * in its own slices, and prints this build ÷ that one: a change measured against the code before
 * it in the same run (README → Performance).
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { startOpenAiStandIn } from "../fixtures/servers/openai-stand-in.ts";
import { freePort, startBuiltApp, startWranglerDev } from "../tools/app-server.ts";
import { benchStateRoot, withoutLocalTraces } from "./bench-runtime.ts";
import { newBenchCheckIns, seedBenchCheckIns, wsUrlFor } from "./check-ins.ts";
import { cpuSeconds } from "./cpu.ts";
import { acksByPosition, conversationsPerSlot, runLoad } from "./load.ts";
import { slowAcksNearOpenings } from "./openings.ts";
import { summarize } from "./stats.ts";
import { BenchSocket, clock } from "./ws-client.ts";

withoutLocalTraces();
const STATE = benchStateRoot();

const SLICE_MS = 10_000;
const SLICE_GAP_MS = 1_000;
// SLOTS=2: the bench's phase A load, in the same alternating slices.
const SLOTS = Number(process.env.SLOTS ?? 50);
const durationMs = Number(process.argv[2] ?? 60) * 1000;
// OPENINGS=after-send: each next conversation opens just after a send (the bench's load before stop 41).
const LOAD = {
  intervalMs: 2_000,
  messagesPerConversation: 10,
  openings: process.env.OPENINGS === "after-send" ? ("after-send" as const) : ("spread" as const),
};
const perSlot = conversationsPerSlot(durationMs, LOAD.intervalMs, LOAD.messagesPerConversation);

const standIn = await startOpenAiStandIn({ firstTokenDelayMs: 300, tokenDelayMs: 30 });
const relayStandIn = await startOpenAiStandIn({ firstTokenDelayMs: 300, tokenDelayMs: 30 });
const checkIns = newBenchCheckIns(SLOTS * perSlot + 1, "phase-b");
const baselineCheckIns = newBenchCheckIns(SLOTS * perSlot + 1, "phase-b-base");
const baselineDir = process.env.BASELINE ? resolve(process.env.BASELINE) : null;
const port = await freePort();
const basePort = await freePort();
const appVars = (origin: string) => ({
  APP_ENV: "production",
  BETTER_AUTH_SECRET: "phase-b-secret-0123456789abcdef0123456789",
  BETTER_AUTH_URL: origin,
  OPENAI_API_KEY: "sk-phase-b",
  OPENAI_BASE_URL: standIn.baseURL,
  OPENAI_MODEL: "phase-b-model",
});
const baseline = baselineDir
  ? await startBuiltApp({
      name: "bench-phase-b-baseline",
      port: basePort,
      config: resolve(baselineDir, "dist/undertone/wrangler.json"),
      vars: appVars(`http://127.0.0.1:${basePort}`),
      stateRoot: STATE.root,
      prepare: (stateDir) => seedBenchCheckIns(stateDir, baselineCheckIns),
    })
  : null;
const [app, floor, relay] = await Promise.all([
  startBuiltApp({
    name: "bench-phase-b",
    port,
    vars: appVars(`http://127.0.0.1:${port}`),
    stateRoot: STATE.root,
    prepare: (stateDir) => seedBenchCheckIns(stateDir, checkIns),
  }),
  ...["floor", "relay"].map(async (name) =>
    startWranglerDev({
      config: "tests/bench/floor.wrangler.jsonc",
      port: await freePort(),
      stateDir: resolve(STATE.root, `bench-phase-b-${name}/state`),
      healthPath: "/health",
    }),
  ),
]);
if (!floor || !relay) throw new Error("the floors did not start");
const floorWs = floor.origin.replace(/^http/, "ws");
const relayWs = relay.origin.replace(/^http/, "ws");
try {
  // Warm-up, as the bench's: the first messages compile code.
  for (const [server, list] of [
    [app, checkIns],
    [baseline, baselineCheckIns],
  ] as const) {
    const warm = list[SLOTS * perSlot];
    if (!server || !warm) continue;
    const socket = await BenchSocket.open(wsUrlFor(server.origin, warm));
    for (let i = 0; i < 3; i++) {
      socket.send({ type: "message", clientId: `warm-${i}-xxxxxxxx`, content: `Warm-up ${i}` });
      await socket.next((f) => f.type === "assistant.done");
    }
    socket.close();
  }
  const cpu = () => ({
    base: baseline ? cpuSeconds(baseline.pid, /workerd/) : 0,
    app: cpuSeconds(app.pid, /workerd/),
    floor: cpuSeconds(floor.pid, /workerd/),
    relay: cpuSeconds(relay.pid, /workerd/),
  });
  const floorUrls = (ws: string, label: string, query = "") =>
    Array.from({ length: SLOTS }, (_, s) =>
      Array.from({ length: perSlot }, (_, c) => `${ws}/ws/${label}-${s}-${c}${query}`),
    );
  const start = clock() + 2500;
  // The app's slice (and the baseline's) is followed by a pause, so its last replies stream out alone.
  const round = (baseline ? 4 : 3) * SLICE_MS + (baseline ? 3 : 2) * SLICE_GAP_MS;
  const appWindows = Array.from({ length: durationMs / SLICE_MS }, (_, i) => ({
    start: start + i * round,
    end: start + i * round + SLICE_MS,
  }));
  const after = (w: { end: number }, gap: number) => ({ start: w.end + gap, end: w.end + gap + SLICE_MS });
  const baseWindows = appWindows.map((w) => after(w, SLICE_GAP_MS));
  const floorWindows = (baseline ? baseWindows : appWindows).map((w) => after(w, SLICE_GAP_MS));
  const relayWindows = floorWindows.map((w) => after(w, 0));
  const before = cpu();
  const load = loadavg()[0] ?? 0;
  const slotsOf = (server: { origin: string }, list: typeof checkIns) =>
    Array.from({ length: SLOTS }, (_, s) =>
      list.slice(s * perSlot, (s + 1) * perSlot).map((c) => wsUrlFor(server.origin, c)),
    );
  const base50 = baseline
    ? runLoad({ label: "base50", slots: slotsOf(baseline, baselineCheckIns) }, { ...LOAD, windows: baseWindows })
    : null;
  const [app50, floor50, relay50] = await Promise.all([
    runLoad({ label: "app50", slots: slotsOf(app, checkIns) }, { ...LOAD, windows: appWindows }),
    runLoad({ label: "floor50", slots: floorUrls(floorWs, "floor50") }, { ...LOAD, windows: floorWindows }),
    runLoad(
      {
        label: "relay50",
        slots: floorUrls(relayWs, "relay50", `?relay=${encodeURIComponent(relayStandIn.baseURL)}`),
      },
      { ...LOAD, windows: relayWindows },
    ),
  ]);
  const baseRun = await base50;
  const end = cpu();
  const perMessage = (side: "base" | "app" | "floor" | "relay", sent: number) =>
    ((end[side] - before[side]) * 1000) / sent;
  const appMs = perMessage("app", app50.sent);
  const floorMs = perMessage("floor", floor50.sent);
  const relayMs = perMessage("relay", relay50.sent);
  const ack = summarize(app50.ackMs);
  const ackFloor = summarize(floor50.ackMs);
  if (baseRun) {
    const baseMs = perMessage("base", baseRun.sent);
    const baseAck = summarize(baseRun.ackMs);
    console.log(
      `baseline (${baselineDir}): CPU ms per message ${baseMs.toFixed(1)}, ÷ relay ${(baseMs / relayMs).toFixed(2)}×; this build ÷ baseline ${(appMs / baseMs).toFixed(3)}×; baseline ack p50/p95/p99 ${baseAck.p50}/${baseAck.p95}/${baseAck.p99}, p99 ÷ floor ${(baseAck.p99 / ackFloor.p99).toFixed(2)}×`,
    );
  }
  for (const run of [app50, floor50, relay50, ...(baseRun ? [baseRun] : [])]) {
    console.log(`${run.label}: ${run.sent} sent, ${run.acked} acked, ${run.errors.length} errors`);
  }
  console.log(
    `load average at the start ${load.toFixed(2)}, at the end ${(loadavg()[0] ?? 0).toFixed(2)}; state ${STATE.where}${process.env.X_LOCAL_OBSERVABILITY === "false" ? "" : ", local traces on"}`,
  );
  console.log(
    `CPU ms per message: app ${appMs.toFixed(1)}, relay ${relayMs.toFixed(1)}, floor ${floorMs.toFixed(1)}; app ÷ relay ${(appMs / relayMs).toFixed(2)}×`,
  );
  for (const run of [app50, floor50, relay50, ...(baseRun ? [baseRun] : [])]) {
    const { first_message: first, others: rest } = acksByPosition(run);
    console.log(
      `${run.label} ack p50/p95/p99: a check-in's first message ${first.p50}/${first.p95}/${first.p99} (n=${first.count}), the others ${rest.p50}/${rest.p95}/${rest.p99}`,
    );
    const { slow, nearOpening } = slowAcksNearOpenings(run, 6, 20);
    console.log(`${run.label}: ${slow} acks over 6 ms, ${nearOpening} of them with a conversation opening nearby`);
  }
  const ackRelay = summarize(relay50.ackMs);
  console.log(
    `ack ms p50/p95/p99: app ${ack.p50}/${ack.p95}/${ack.p99}, floor ${ackFloor.p50}/${ackFloor.p95}/${ackFloor.p99}, relay ${ackRelay.p50}/${ackRelay.p95}/${ackRelay.p99}; ÷ floor p50 ${(ack.p50 / ackFloor.p50).toFixed(2)}×, p99 ${(ack.p99 / ackFloor.p99).toFixed(2)}× (the relay's p99 ÷ floor ${(ackRelay.p99 / ackFloor.p99).toFixed(2)}×)`,
  );
} finally {
  await Promise.allSettled([
    app.stop(),
    baseline?.stop(),
    floor.stop(),
    relay.stop(),
    standIn.close(),
    relayStandIn.close(),
  ]);
}
