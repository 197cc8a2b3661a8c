import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { readConfig } from "../../worker/lib/config";
import { queueMailer } from "../../worker/notify/mailer";
import type { JobContext } from "../../worker/schedule/job-context";
import type { ScheduleJob } from "../../worker/schedule/jobs";
import { runJob } from "../../worker/schedule/run-job";
import { getGlobalSettings } from "../../worker/settings/global";
import { defaultsFor } from "../../worker/settings/organization";

/**
 * Issue 12 item 6, issue 26 item 3: whatever the number of organizations and salespeople,
 * each schedule job stays within one invocation's subrequests (1,000 on the paid plan,
 * D1 statements and queue sends counted at the bindings themselves). 1,000 organizations
 * with scheduling on (half with a salesperson due) and one of 600 salespeople, at the
 * production batch size: every job is counted, and everyone due is created and invited.
 */
const ORGANIZATIONS = 1000;
const LARGE = 600;
const SUBREQUESTS_PER_INVOCATION = 1000;

function counting() {
  let calls = 0;
  const wrap = <T extends object>(target: T, methods: string[]): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object) as unknown;
        if (typeof value !== "function") return value;
        if (!methods.includes(String(property))) return value.bind(object);
        return (...args: unknown[]) => {
          calls++;
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  return {
    d1: wrap(env.DB, ["prepare"]),
    queue: wrap(env.NOTIFY_QUEUE, ["send", "sendBatch"]),
    calls: () => calls,
    reset: () => {
      calls = 0;
    },
  };
}

describe("the schedule's jobs", () => {
  it("each stay within one invocation's subrequests, and together reach everyone", { timeout: 240_000 }, async () => {
    const ids = Array.from({ length: ORGANIZATIONS }, (_, i) => `budget-${String(i).padStart(5, "0")}`);
    for (let i = 0; i < ids.length; i += 100) {
      await env.DB.batch(
        ids
          .slice(i, i + 100)
          .flatMap((id, j) => [
            env.DB.prepare("insert into organizations (id, name, status) values (?, ?, 'active')").bind(id, id),
            env.DB.prepare(
              "insert into organization_settings (organization_id, frequency, scheduling_enabled) values (?, 'weekly', 1)",
            ).bind(id),
            ...((i + j) % 2 === 0
              ? [
                  env.DB.prepare(
                    "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'Due', 'Rep', ?, 'active')",
                  ).bind(`tm-${id}`, id, `${id}@example.com`),
                ]
              : []),
          ]),
      );
    }
    for (let i = 0; i < LARGE; i += 100) {
      await env.DB.batch(
        Array.from({ length: 100 }, (_, j) =>
          env.DB.prepare(
            "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, 'budget-00001', 'Big', 'Rep', ?, 'active')",
          ).bind(`tm-big-${i + j}`, `big-${i + j}@example.com`),
        ),
      );
    }
    const counter = counting();
    const db = createDb(counter.d1);
    const config = readConfig(env);
    const queued: ScheduleJob[] = [];
    let sinkCalls = 0;
    const ctx: JobContext = {
      db,
      config,
      send: queueMailer({ ...env, DB: counter.d1, NOTIFY_QUEUE: counter.queue }, { capAsFailure: true }),
      // A job's own sends to the schedule queue: one subrequest per sendBatch of up to 100.
      sink: {
        send: async (jobs) => {
          sinkCalls += Math.ceil(jobs.length / 100);
          queued.push(...jobs);
        },
      },
      origin: config.BETTER_AUTH_URL?.replace(/\/$/, ""),
      fallback: defaultsFor(await getGlobalSettings(db)),
    };
    const now = Date.now();
    queued.push({ type: "organizations", shard: "DB", now, batchSize: 200, after: "" });
    const perJob: Record<string, number> = {};
    const done = { created: 0, invited: 0 };
    for (let job = queued.shift(); job; job = queued.shift()) {
      counter.reset();
      sinkCalls = 0;
      const report = await runJob(ctx, job);
      const subrequests = counter.calls() + sinkCalls;
      perJob[job.type] = Math.max(perJob[job.type] ?? 0, subrequests);
      done.created += report.created ?? 0;
      done.invited += report.invited ?? 0;
    }
    console.log("schedule job subrequests, max per type:", perJob);
    expect(Math.max(...Object.values(perJob))).toBeLessThanOrEqual(SUBREQUESTS_PER_INVOCATION);
    expect(done.created).toBe(ORGANIZATIONS / 2 + LARGE);
    expect(done.invited).toBe(ORGANIZATIONS / 2 + LARGE);
    const reached = await env.DB.prepare(
      "select count(distinct organization_id) as n from check_ins where organization_id like 'budget-%'",
    ).first<{ n: number }>();
    expect(reached?.n).toBe(ORGANIZATIONS / 2 + 1);
  });
});
