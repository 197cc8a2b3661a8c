/**
 * `node tests/bench/d1-bytes.ts [check-ins]`: `d1_bytes_per_check_in` alone (issue 26 §1), the
 * way `npm run bench` measures it, without the rest of the run. The resilience run's check-ins
 * (22 by default, no kills, no restart) are driven to completion against the built app (run
 * `vite build` first) with the OpenAI stand-in, beside issue 5's fixture as in the bench; the app
 * is stopped and `d1BytesPerCheckIn` reads a copy of its D1. Prints the figure and its breakdown
 * by table and index.
 */
import { resolve } from "node:path";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config.ts";
import { startOpenAiStandIn } from "../fixtures/servers/openai-stand-in.ts";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { loadInsightsFixture } from "../tools/insights-timing.ts";
import { withoutLocalTraces } from "./bench-runtime.ts";
import { newBenchCheckIns, seedBenchCheckIns } from "./check-ins.ts";
import { runResilience } from "./resilience.ts";
import { d1BytesPerCheckIn } from "./scale-store.ts";

withoutLocalTraces();

const count = Number(process.argv[2] ?? 22);
const log = (line: string) => process.stderr.write(`[d1-bytes] ${line}\n`);
const standIn = await startOpenAiStandIn({ firstTokenDelayMs: 0, tokenDelayMs: 0 });
const checkIns = newBenchCheckIns(count, "resilience");
const port = await freePort();
log(`starting the built app, ${count} check-ins`);
const app = await startBuiltApp({
  name: "bench-d1-bytes",
  port,
  vars: {
    APP_ENV: "production",
    BETTER_AUTH_SECRET: `d1-bytes-secret-${crypto.randomUUID()}`,
    BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
    OPENAI_API_KEY: "sk-d1-bytes",
    OPENAI_BASE_URL: standIn.baseURL,
    OPENAI_MODEL: "d1-bytes-model",
    STRIPE_SECRET_KEY: "",
    EMAIL_API_KEY: "",
  },
  prepare: async (stateDir) => {
    seedBenchCheckIns(stateDir, checkIns);
    await loadInsightsFixture(stateDir);
  },
});
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
  if (run.failures.length > 0) log(`failures: ${run.failures.join("; ")}`);
} finally {
  await app.stop();
  await standIn.close();
}
const bytes = d1BytesPerCheckIn(
  app.stateDir,
  checkIns.map((c) => c.id),
  resolve(import.meta.dirname, "../.artifacts"),
);
console.log(JSON.stringify({ d1_bytes_per_check_in: bytes.completion, d1_bytes_per_check_in_detail: bytes }, null, 2));
