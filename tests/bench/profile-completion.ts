/**
 * `node tests/bench/profile-completion.ts [check-ins]`: the bench's completion figure taken
 * apart (issue 26 §6). The resilience run's check-ins (22 by default, no kills, no restart) are
 * driven to their closing statement against the built app with the OpenAI stand-in, and each
 * completion is split into: closing + 4 s (due) → the summary frame (the object's alarm, the
 * judgement), and the summary → `completed` (the confirmation's round trip, the D1 batch). A V8
 * CPU profile of the Worker over the run prints self time per function
 * (tests/.artifacts/bench-profile/completion.cpuprofile).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config.ts";
import { startOpenAiStandIn } from "../fixtures/servers/openai-stand-in.ts";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { withoutLocalTraces } from "./bench-runtime.ts";
import { newBenchCheckIns, seedBenchCheckIns } from "./check-ins.ts";
import { startProfile } from "./inspector.ts";
import { runResilience } from "./resilience.ts";
import { summarize } from "./stats.ts";

withoutLocalTraces();

const count = Number(process.argv[2] ?? 22);
const standIn = await startOpenAiStandIn({ firstTokenDelayMs: 300, tokenDelayMs: 30 });
const checkIns = newBenchCheckIns(count, "completion");
const port = await freePort();
const inspectorPort = await freePort();
const app = await startBuiltApp({
  name: "bench-completion",
  port,
  inspectorPort,
  vars: {
    APP_ENV: "production",
    BETTER_AUTH_SECRET: "completion-secret-0123456789abcdef0123456789",
    BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
    OPENAI_API_KEY: process.env.EMBEDDED ? "" : "sk-completion",
    OPENAI_BASE_URL: standIn.baseURL,
    OPENAI_MODEL: "completion-model",
  },
  prepare: (stateDir) => seedBenchCheckIns(stateDir, checkIns),
});
const profiler = process.env.NO_PROFILE ? null : await startProfile(inspectorPort, 200);
try {
  const run = await runResilience({
    origin: app.origin,
    checkIns,
    killsPerCheckIn: 0,
    messagesPerCheckIn: 12,
    closingStatement: DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement,
    restartAfterAcked: Number.POSITIVE_INFINITY,
    restart: async () => {},
  });
  if (run.failures.length > 0) console.log(`failures: ${run.failures.join("; ")}`);
  const due = (closing: number | null) => (closing === null ? null : closing + 4000);
  const parts = run.chats.flatMap(({ chat, closingCreatedAt }) => {
    const at = due(closingCreatedAt);
    const { summaryAt, completedAt } = chat.stats;
    return at !== null && summaryAt !== null && completedAt !== null
      ? [{ total: completedAt - at, toSummary: summaryAt - at, toCompleted: completedAt - summaryAt }]
      : [];
  });
  console.log(`completion_persist_ms (due → completed): ${JSON.stringify(summarize(parts.map((p) => p.total)))}`);
  console.log(`  due → summary frame:                   ${JSON.stringify(summarize(parts.map((p) => p.toSummary)))}`);
  console.log(`  summary → completed (confirm, D1):     ${JSON.stringify(summarize(parts.map((p) => p.toCompleted)))}`);
  if (profiler) {
    const { profile, summary } = await profiler.stop(30);
    mkdirSync(resolve("tests/.artifacts/bench-profile"), { recursive: true });
    writeFileSync(resolve("tests/.artifacts/bench-profile/completion.cpuprofile"), JSON.stringify(profile));
    for (const { ms, where } of summary.top) console.log(`${ms.toFixed(0).padStart(7)} ms  ${where}`);
  }
} finally {
  await app.stop();
  await standIn.close();
}
