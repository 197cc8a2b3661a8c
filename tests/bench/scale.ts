/**
 * The bench's scale phase (issue 26 §3, §5): the built app behind the meter
 * (tests/bench/meter-entry.js), on its own D1 with a 10,000-salesperson organization.
 *
 * 1. The cron's Monday: the scheduled handler once (the meter's route); its CPU time (the
 *    workerd processes' CPU while the scheduled handler ran; the meter holds the jobs it puts
 *    on the schedule queue until it has returned, so no consumer runs meanwhile), then the
 *    time until the last of the 10,000 invitations is on the notifications queue, with the
 *    D1 rows and queue messages it took.
 * 2. The cost of a salesperson: a few check-ins driven through the app to completion, counted
 *    at the meter (D1 meta, Durable Object requests), the workerd CPU and the LLM stand-in's
 *    tokens; with the Monday's share per check-in, × 52/12 a month × tests/bench/prices.ts.
 */
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config.ts";
import type { OpenAiStandIn } from "../fixtures/servers/openai-stand-in.ts";
import { type AppServer, freePort, startBuiltApp } from "../tools/app-server.ts";
import { withoutLocalTraces } from "./bench-runtime.ts";
import { newBenchCheckIns } from "./check-ins.ts";
import { cpuSeconds } from "./cpu.ts";
import { startProfile } from "./inspector.ts";
import { CHECK_INS_PER_MONTH, PRICE_PER_SALESPERSON_MONTH_USD, PRICES } from "./prices.ts";
import type { Row } from "./report.ts";
import { runResilience } from "./resilience.ts";
import { MONDAY_MEMBERS, seedScale } from "./scale-seed.ts";
import { clock } from "./ws-client.ts";

const COST_CHECK_INS = 6;
/**
 * How long the bench waits for the Monday's invitations. Locally every D1 statement runs on
 * this machine's two shared cores (with the meter's extra reads), so a busy run may not queue
 * all 10,000 in time: it then reports how many it queued and the rate, and no last-invitation time.
 */
const MONDAY_WAIT_MS = 120_000;

type Meter = {
  d1: { statements: number; rowsRead: number; rowsWritten: number };
  durableObject: { fetches: number; messages: number; alarms: number; activeMs: number };
  worker: { requests: number; queueBatches: number; scheduled: number };
  queues: { notify: number; schedule: number; invitations: number; lastInvitationAt: number };
  jobs: Record<string, { n: number; ms: number }>;
};

export async function runScalePhase(options: {
  root: string;
  vars: Record<string, string>;
  standIn: OpenAiStandIn;
  log: (line: string) => void;
  /** Profile the Worker's isolate over the Monday (tests/bench/inspector.ts); the standalone run's PROFILE=1. */
  profileMonday?: boolean;
}) {
  const { root, log } = options;
  // The built Worker's config, started at the meter's entry instead.
  const dist = resolve(root, "dist/undertone");
  copyFileSync(resolve(root, "tests/bench/meter-entry.js"), resolve(dist, "meter.js"));
  const config = JSON.parse(readFileSync(resolve(dist, "wrangler.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(resolve(dist, "wrangler.meter.json"), JSON.stringify({ ...config, main: "meter.js" }));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const costCheckIns = newBenchCheckIns(COST_CHECK_INS, "cost");
  const inspectorPort = await freePort();
  const app: AppServer = await startBuiltApp({
    name: "bench-scale",
    port,
    inspectorPort,
    config: "dist/undertone/wrangler.meter.json",
    vars: { ...options.vars, BETTER_AUTH_URL: origin },
    prepare: (stateDir) => seedScale(stateDir, Date.now(), costCheckIns),
  });
  const meter = async (reset = false) =>
    (await (await fetch(`${origin}/api/__bench/meter`, { method: reset ? "POST" : "GET" })).json()) as Meter;
  const cpu = () => cpuSeconds(app.pid, /workerd/);
  try {
    // ── The cost of a check-in ──
    log(`scale: ${COST_CHECK_INS} check-ins through the app to completion, counted`);
    await meter(true);
    const usageBefore = { ...options.standIn.usage };
    const costCpuBefore = cpu();
    const run = await runResilience({
      origin,
      checkIns: costCheckIns,
      killsPerCheckIn: 0,
      messagesPerCheckIn: 12,
      closingStatement: DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement,
      restartAfterAcked: Number.POSITIVE_INFINITY,
      restart: async () => {},
    });
    // The completion's alerts and the object's last writes land just after the `completed` frame.
    await new Promise((r) => setTimeout(r, 2000));
    const chatCpuMs = (cpu() - costCpuBefore) * 1000;
    const chat = await meter();
    const completed = run.chats.filter(({ chat: c }) => c.stats.completedAt !== null).length;
    const per = Math.max(1, completed);
    const tokensIn = (options.standIn.usage.inputTokens - usageBefore.inputTokens) / per;
    const tokensOut = (options.standIn.usage.outputTokens - usageBefore.outputTokens) / per;
    // The object is active at most from the socket's open to the `completed` frame (it hibernates
    // between events): the chats ran side by side, so the phase's wall time bounds each one's.
    const activeWallMs = run.durationMs;

    // ── The Monday ──
    await meter(true);
    log(`scale: the cron's Monday for ${MONDAY_MEMBERS} salespeople`);
    const profiler = options.profileMonday ? await startProfile(inspectorPort) : null;
    const cpuBefore = cpu();
    const startedAt = Date.now();
    const at = clock();
    const scheduled = await fetch(`${origin}/api/__bench/scheduled`, { method: "POST" });
    if (!scheduled.ok) throw new Error(`the scheduled run answered ${scheduled.status}`);
    await scheduled.arrayBuffer();
    const cronWallMs = clock() - at;
    // The cron's schedule-queue messages are held by the meter until now: this CPU is the run's alone.
    const cronCpuMs = (cpu() - cpuBefore) * 1000;
    const cronMeter = await meter();
    const released = await fetch(`${origin}/api/__bench/release`, { method: "POST" });
    if (!released.ok) throw new Error(`releasing the cron's jobs answered ${released.status}`);
    await released.arrayBuffer();
    let monday = cronMeter;
    const deadline = Date.now() + MONDAY_WAIT_MS;
    while (monday.queues.invitations < MONDAY_MEMBERS && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      monday = await meter();
    }
    const mondayCpuMs = (cpu() - cpuBefore) * 1000;
    const profiled = await profiler?.stop(30);
    if (profiled) {
      const file = resolve(root, "tests/.artifacts/bench-scale/monday.cpuprofile");
      writeFileSync(file, JSON.stringify(profiled.profile));
      log(
        `scale: the Monday's profile ${file}: ${Math.round(profiled.summary.busyMs)} ms busy of ${Math.round(profiled.summary.totalMs)}`,
      );
      for (const { ms, where } of profiled.summary.top) log(`${String(ms).padStart(9)} ms  ${where}`);
    }
    const lastInvitationMs =
      monday.queues.invitations >= MONDAY_MEMBERS ? monday.queues.lastInvitationAt - startedAt : null;
    const invitationsPerSecond =
      monday.queues.lastInvitationAt > startedAt
        ? (monday.queues.invitations * 1000) / (monday.queues.lastInvitationAt - startedAt)
        : 0;
    log(
      `scale: cron ${Math.round(cronCpuMs)} ms CPU, ${monday.queues.invitations} invitations queued (${invitationsPerSecond.toFixed(1)}/s)`,
    );

    // Per check-in: the chat's own counts, plus its share of the Monday (creation and invitation).
    const share = (n: number) => n / Math.max(1, monday.queues.invitations);
    const perCheckIn = {
      worker_cpu_ms: chatCpuMs / per + share(mondayCpuMs),
      worker_requests: chat.worker.requests / per + share(monday.worker.queueBatches + monday.worker.scheduled),
      do_requests:
        (chat.durableObject.fetches + chat.durableObject.alarms) / per +
        chat.durableObject.messages / per / PRICES.webSocketMessagesPerRequest,
      do_handler_ms: chat.durableObject.activeMs / per,
      do_active_wall_ms: activeWallMs,
      d1_rows_read: chat.d1.rowsRead / per + share(monday.d1.rowsRead),
      d1_rows_written: chat.d1.rowsWritten / per + share(monday.d1.rowsWritten),
      queue_messages:
        (chat.queues.notify + chat.queues.schedule) / per + share(monday.queues.notify + monday.queues.schedule),
      llm_input_tokens: tokensIn,
      llm_output_tokens: tokensOut,
    };
    const usd = {
      workers: perCheckIn.worker_cpu_ms * PRICES.workerCpuMs + perCheckIn.worker_requests * PRICES.workerRequest,
      durable_objects:
        perCheckIn.do_requests * PRICES.durableObjectRequest +
        (perCheckIn.do_active_wall_ms / 1000) * PRICES.durableObjectGb * PRICES.durableObjectGbSecond,
      d1: perCheckIn.d1_rows_read * PRICES.d1RowRead + perCheckIn.d1_rows_written * PRICES.d1RowWritten,
      queues: perCheckIn.queue_messages * PRICES.queueOperationsPerMessage * PRICES.queueOperation,
      llm: tokensIn * PRICES.llmInputToken + tokensOut * PRICES.llmOutputToken,
    };
    const month = (n: number) => n * CHECK_INS_PER_MONTH;
    const withoutLlm = month(usd.workers + usd.durable_objects + usd.d1 + usd.queues);
    const withLlm = withoutLlm + month(usd.llm);
    const round = (n: number, digits = 6) => Number(n.toFixed(digits));
    return {
      cron: {
        members: MONDAY_MEMBERS,
        cron_cpu_ms: Math.round(cronCpuMs),
        cron_wall_ms: Math.round(cronWallMs),
        cron_d1_statements_seen: cronMeter.d1.statements,
        invitations_queued: monday.queues.invitations,
        last_invitation_queued_ms: lastInvitationMs,
        invitations_per_second: Number(invitationsPerSecond.toFixed(1)),
        waited_ms: MONDAY_WAIT_MS,
        monday_cpu_ms: Math.round(mondayCpuMs),
        monday_d1_rows: { read: monday.d1.rowsRead, written: monday.d1.rowsWritten },
        monday_d1_statements: monday.d1.statements,
        monday_queue_messages: { schedule: monday.queues.schedule, notify: monday.queues.notify },
        monday_invocations: monday.worker.queueBatches + monday.worker.scheduled,
        monday_jobs: monday.jobs,
      },
      cost: {
        check_ins_measured: completed,
        per_check_in: Object.fromEntries(Object.entries(perCheckIn).map(([k, v]) => [k, round(v, 2)])),
        usd_per_check_in: Object.fromEntries(Object.entries(usd).map(([k, v]) => [k, round(v, 8)])),
        per_rep_month: {
          usd_without_llm: round(withoutLlm),
          usd_with_llm: round(withLlm),
          share_without_llm: round(withoutLlm / PRICE_PER_SALESPERSON_MONTH_USD, 5),
          share_with_llm: round(withLlm / PRICE_PER_SALESPERSON_MONTH_USD, 5),
        },
        failures: run.failures.slice(0, 5),
      },
    };
  } finally {
    await app.stop();
  }
}

/** The scale phase's lines in the bench's table. */
export function scaleRows(scale: Awaited<ReturnType<typeof runScalePhase>>): Row[] {
  const { cron, cost } = scale;
  const month = cost.per_rep_month;
  const pct = (share: number) => `${(share * 100).toFixed(3)} %`;
  const p = cost.per_check_in as Record<string, number>;
  return [
    {
      metric: `cron_10k_cpu_ms (the cron's run, ${cron.members} members)`,
      figure: `${cron.cron_cpu_ms} ms CPU, ${cron.cron_wall_ms} ms wall`,
      budget: "≤ 30,000 ms (a Cron Trigger's CPU limit)",
      verdict: cron.cron_cpu_ms <= 30_000 ? "pass" : "miss",
    },
    {
      metric: "  …until the last invitation is queued",
      figure:
        cron.last_invitation_queued_ms === null
          ? `${cron.invitations_queued} of ${cron.members} in ${cron.waited_ms / 1000} s (${cron.invitations_per_second}/s here), ${cron.monday_invocations} invocations`
          : `${(cron.last_invitation_queued_ms / 1000).toFixed(1)} s, ${cron.invitations_queued} invitations, ${cron.monday_invocations} invocations`,
      budget: "every member, once",
      verdict: cron.invitations_queued === cron.members ? "pass" : "miss",
    },
    {
      metric: "  …the Monday's D1 rows read / written, queue messages",
      figure: `${cron.monday_d1_rows.read} / ${cron.monday_d1_rows.written}, ${cron.monday_queue_messages.schedule} + ${cron.monday_queue_messages.notify}`,
      budget: "for information",
      verdict: "—",
    },
    {
      metric: "cost of a check-in (measured, incl. its Monday share)",
      figure: `CPU ${p.worker_cpu_ms} ms, DO ${p.do_requests} req / ${p.do_active_wall_ms} ms, D1 ${p.d1_rows_read} read / ${p.d1_rows_written} written, ${p.queue_messages} msgs, LLM ${p.llm_input_tokens} in / ${p.llm_output_tokens} out`,
      budget: `n=${cost.check_ins_measured}`,
      verdict: "—",
    },
    {
      metric: "cost_per_rep_month without LLM (of $2)",
      figure: `$${month.usd_without_llm} = ${pct(month.share_without_llm)}`,
      budget: "≤ 1 %",
      verdict: month.share_without_llm <= 0.01 ? "pass" : "miss",
    },
    {
      metric: "cost_per_rep_month with gpt-4o-mini tokens",
      figure: `$${month.usd_with_llm} = ${pct(month.share_with_llm)}`,
      budget: "≤ 5 %",
      verdict: month.share_with_llm <= 0.05 ? "pass" : "miss",
    },
  ];
}

/**
 * `node tests/bench/scale.ts`: the scale phase alone (needs a build: `npm run build`), with
 * its own stand-in; prints its rows and the JSON. For working on the schedule or the cost.
 */
if (import.meta.main) {
  withoutLocalTraces();
  const { startOpenAiStandIn } = await import("../fixtures/servers/openai-stand-in.ts");
  const { renderTable } = await import("./report.ts");
  const root = resolve(import.meta.dirname, "../..");
  const standIn = await startOpenAiStandIn({ firstTokenDelayMs: 300, tokenDelayMs: 30 });
  const started = performance.now();
  const log = (line: string) =>
    process.stderr.write(`[scale ${((performance.now() - started) / 1000).toFixed(1)} s] ${line}\n`);
  try {
    const scale = await runScalePhase({
      root,
      standIn,
      log,
      profileMonday: process.env.PROFILE === "1",
      vars: {
        APP_ENV: "production",
        BETTER_AUTH_SECRET: `bench-secret-${crypto.randomUUID()}`,
        SUPERADMIN_EMAILS: "operator@bench.undertone.dev",
        OPENAI_API_KEY: `sk-bench-${crypto.randomUUID()}`,
        OPENAI_BASE_URL: standIn.baseURL,
        OPENAI_MODEL: "bench-model",
        EMAIL_FROM: "Undertone <no-reply@bench.undertone.dev>",
      },
    });
    console.log(renderTable(scaleRows(scale)));
    console.log(JSON.stringify(scale, null, 2));
  } finally {
    await standIn.close();
  }
}
