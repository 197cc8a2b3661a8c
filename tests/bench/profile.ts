/**
 * `node tests/bench/profile.ts [slots] [seconds]`: the 50-check-in app load of the benchmark
 * with a CPU profile of the Worker (Chrome DevTools protocol through wrangler's inspector),
 * summarised as self time per function. Writes tests/.artifacts/bench-profile/app.cpuprofile,
 * which Chrome DevTools opens. How the ack figures in README were explained.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startOpenAiStandIn } from "../fixtures/servers/openai-stand-in.ts";
import { freePort, startBuiltApp, startWranglerDev } from "../tools/app-server.ts";
import { benchStateRoot, withoutLocalTraces } from "./bench-runtime.ts";
import { newBenchCheckIns, seedBenchCheckIns, wsUrlFor } from "./check-ins.ts";
import { cpuSeconds, descendants } from "./cpu.ts";
import { startProfile } from "./inspector.ts";
import { conversationsPerSlot, runLoad } from "./load.ts";
import { summarize } from "./stats.ts";
import { lateAfterOpens, tokenOverheads } from "./streaming.ts";
import { clock } from "./ws-client.ts";

withoutLocalTraces();
const STATE = benchStateRoot();

const slots = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 30);
const messagesPer = Number(process.env.MSGS ?? 10);
const perSlot = conversationsPerSlot(seconds * 1000, 2000, messagesPer);
const standIn = await startOpenAiStandIn({ firstTokenDelayMs: 300, tokenDelayMs: 30 });
const checkIns = newBenchCheckIns(slots * perSlot, "profile");
const port = await freePort();
const inspectorPort = await freePort();
const app = await startBuiltApp({
  name: "bench-profile",
  port,
  inspectorPort,
  vars: {
    APP_ENV: "production",
    BETTER_AUTH_SECRET: "profile-secret-0123456789abcdef0123456789",
    BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
    OPENAI_API_KEY: process.env.PROFILE_EMBEDDED ? "" : "sk-profile",
    OPENAI_BASE_URL: standIn.baseURL,
    OPENAI_MODEL: "profile-model",
  },
  stateRoot: STATE.root,
  prepare: (stateDir) => seedBenchCheckIns(stateDir, checkIns),
});

const floorInspector = await freePort();
// FLOOR=1: the same load against the bare floor Durable Object instead of the app;
// FLOOR=relay: the floor also relays the stand-in's streamed reply (the cost of streaming alone).
const floor = process.env.FLOOR
  ? await startWranglerDev({
      config: "tests/bench/floor.wrangler.jsonc",
      port: await freePort(),
      stateDir: resolve(STATE.root, "bench-profile/floor-state"),
      healthPath: "/health",
      inspectorPort: floorInspector,
    })
  : null;
const profiling = !process.env.NO_PROFILE;
// The measured side's isolate (the app's, or the floor's with FLOOR set), sampled every 500 µs.
const profiler = profiling ? await startProfile(process.env.FLOOR ? floorInspector : inspectorPort) : null;
const slotsUrls = Array.from({ length: slots }, (_, s) =>
  floor
    ? Array.from(
        { length: perSlot },
        (_, c) =>
          `${floor.origin.replace(/^http/, "ws")}/ws/p-${s}-${c}${process.env.FLOOR === "relay" ? `?relay=${encodeURIComponent(standIn.baseURL)}` : ""}`,
      )
    : checkIns.slice(s * perSlot, (s + 1) * perSlot).map((c) => wsUrlFor(app.origin, c)),
);
const measured = floor ?? app;
const started = clock();
const cpuBefore = cpuSeconds(measured.pid, /workerd/);
// With STRACE=1: count the runtime's fsync and write calls over the load (storage commits per message).
const runtimePid = descendants(measured.pid, /^workerd$/);
const tracer = process.env.STRACE
  ? spawn(
      "strace",
      [
        "-f",
        // STRACE=files: every call with the file it went to (the fsyncs per file are summed below).
        ...(process.env.STRACE === "files"
          ? ["-y", "-e", "trace=fsync,fdatasync"]
          : ["-c", "-e", "trace=fsync,fdatasync,pwrite64"]),
        ...runtimePid.flatMap((p) => ["-p", String(p)]),
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    )
  : null;
let traced = "";
tracer?.stderr?.on("data", (chunk: Buffer) => {
  traced += chunk.toString();
});
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const result = await runLoad(
  { label: "profile", slots: slotsUrls },
  {
    windows: [{ start: clock() + 2000, end: clock() + 2000 + seconds * 1000 }],
    intervalMs: 2000,
    messagesPerConversation: messagesPer,
    // OPENINGS=after-send: each next conversation opens just after a send (the bench's load before stop 41).
    openings: process.env.OPENINGS === "spread" ? "spread" : "after-send",
  },
);
const wall = clock() - started;
loopDelay.disable();
const tokens = tokenOverheads(result.replies, standIn.streams);
console.log(
  `token gap overhead ${JSON.stringify(summarize(tokens.gapMs))} (${tokens.matched} replies matched, ${tokens.unmatched} not); first token ${JSON.stringify(summarize(tokens.firstTokenMs))}`,
);
const lateness = lateAfterOpens(tokens, result.openedAt);
console.log(
  `late deltas (gap overhead > 4 ms): ${lateness.late}; of them ${(lateness.nearOpen * 100).toFixed(0)} % within 10 ms after a conversation opened (of evenly spread moments: ${(lateness.evenNearOpen * 100).toFixed(0)} %)`,
);
console.log(
  `this process's event-loop delay p50/p95/p99 ms: ${[50, 95, 99].map((p) => (loopDelay.percentile(p) / 1e6).toFixed(1)).join(" / ")}`,
);
if (tracer) {
  if (tracer.exitCode === null) {
    const exited = new Promise((r) => tracer.once("exit", r));
    tracer.kill("SIGINT");
    await exited;
  }
  if (process.env.STRACE === "files") {
    const perFile = new Map<string, number>();
    for (const match of traced.matchAll(/(fsync|fdatasync)\(\d+<([^>]*)>/g)) {
      const file = (match[2] ?? "?").replace(/[0-9a-f]{64}/g, "<object>");
      perFile.set(file, (perFile.get(file) ?? 0) + 1);
    }
    for (const [file, n] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(`${String(n).padStart(7)} ${file}`);
  } else {
    console.log(
      traced
        .split("\n")
        .filter((l) => /fsync|pwrite|total|calls/.test(l))
        .join("\n") || traced,
    );
  }
}
const cpu = cpuSeconds(measured.pid, /workerd/) - cpuBefore;
console.log(
  `workerd CPU: ${cpu.toFixed(2)} s for ${result.sent} messages = ${((cpu / result.sent) * 1000).toFixed(1)} ms per message and reply`,
);
const t0 = Math.min(...result.ackSentAt);
const slow = result.ackMs.flatMap((ms, i) =>
  ms > 100 ? [`${(((result.ackSentAt[i] ?? 0) - t0) / 1000).toFixed(1)}s:${ms.toFixed(0)}`] : [],
);
console.log(`slow acks (sent at: ms): ${slow.join(" ")}`);
if (!profiler) {
  console.log(
    `ack ${JSON.stringify(summarize(result.ackMs))}; ${result.sent} sent; wall ${(wall / 1000).toFixed(1)} s`,
  );
  await Promise.all([app.stop(), floor?.stop()]);
  await standIn.close();
  process.exit(0);
}
const { profile, summary } = await profiler.stop(40);
writeFileSync(resolve("tests/.artifacts/bench-profile/app.cpuprofile"), JSON.stringify(profile));
console.log(`ack ${JSON.stringify(summarize(result.ackMs))}; ${result.sent} sent; wall ${(wall / 1000).toFixed(1)} s`);
console.log(
  `profiled ${(summary.totalMs / 1000).toFixed(1)} s, busy ${(summary.busyMs / 1000).toFixed(1)} s (${((summary.busyMs / summary.totalMs) * 100).toFixed(0)} %); gaps between samples left out: ${(summary.gapMs / 1000).toFixed(1)} s (inspector.ts)`,
);
for (const { ms, where } of summary.top) console.log(`${ms.toFixed(0).padStart(7)} ms  ${where}`);
await app.stop();
await standIn.close();
