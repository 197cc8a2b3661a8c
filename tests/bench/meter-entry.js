// @ts-nocheck — plain JavaScript on purpose: the bench copies it next to the built Worker
// (dist/undertone/meter.js), whose wrangler.json has no_bundle, and starts that instead.
/**
 * The bench's meter (issue 26 §3, §5): the BUILT app, unchanged, with its bindings counted.
 * Every D1 statement's meta (rows read and written, in every database), every Durable Object request (the socket's
 * fetch, each WebSocket message, each alarm), every message the app puts on a queue, and the
 * Worker's own requests. `GET /api/__bench/meter` answers the counts, `POST /api/__bench/meter` zeroes
 * them, `POST /api/__bench/scheduled` runs the Cron Trigger's handler (its schedule-queue messages
 * held until `POST /api/__bench/release`). Not part of the app: only `npm run bench`'s scale phase starts it.
 *
 * D1's `raw()` (Drizzle's selects) returns no meta, so with the meter on a read-only `raw()` is
 * run a second time through `all()` for its meta alone (results dropped), and a writing one
 * (an INSERT … RETURNING) runs through `all()` instead, its rows turned back into arrays. The
 * notifications queue's messages are counted and not delivered (the phase measures what is
 * queued, not the email stand-in).
 */
import app, { CheckInSession as AppSession } from "./index.js";

const fresh = () => ({
  d1: { statements: 0, rowsRead: 0, rowsWritten: 0 },
  durableObject: { fetches: 0, messages: 0, alarms: 0, activeMs: 0 },
  worker: { requests: 0, queueBatches: 0, scheduled: 0 },
  queues: { notify: 0, schedule: 0, invitations: 0, lastInvitationAt: 0 },
  /** The schedule queue's jobs by type: how many, and their wall time in the consumer. */
  jobs: {},
});
let meter = fresh();

const count = (meta) => {
  meter.d1.statements++;
  meter.d1.rowsRead += meta?.rows_read ?? 0;
  meter.d1.rowsWritten += meta?.rows_written ?? 0;
};
const readOnly = (sql) => /^\s*(select|with)\b/i.test(sql);
const inner = new WeakMap();

function meterStatement(statement, sql) {
  const wrapped = {
    bind: (...values) => meterStatement(statement.bind(...values), sql),
    async all() {
      const result = await statement.all();
      count(result.meta);
      return result;
    },
    async run() {
      const result = await statement.run();
      count(result.meta);
      return result;
    },
    async first(column) {
      const result = await statement.all();
      count(result.meta);
      const row = result.results[0] ?? null;
      return column ? (row?.[column] ?? null) : row;
    },
    async raw(options) {
      if (readOnly(sql)) {
        const rows = await statement.raw(options);
        count((await statement.all()).meta);
        return rows;
      }
      const result = await statement.all();
      count(result.meta);
      const rows = result.results.map((row) => Object.values(row));
      return options?.columnNames ? [Object.keys(result.results[0] ?? {}), ...rows] : rows;
    },
  };
  inner.set(wrapped, statement);
  return wrapped;
}

function meterD1(d1) {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (sql) => meterStatement(target.prepare(sql), sql);
      if (property === "batch")
        return async (statements) => {
          const results = await target.batch(statements.map((s) => inner.get(s) ?? s));
          for (const result of results) count(result.meta);
          return results;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const invitation = (body) => body?.type === "send" && body.delivery?.kind === "invitation";
const notifyCounter = {
  async send(body) {
    meter.queues.notify++;
    if (invitation(body)) {
      meter.queues.invitations++;
      meter.queues.lastInvitationAt = Date.now();
    }
  },
  async sendBatch(messages) {
    for (const message of messages) await notifyCounter.send(message.body);
  },
};

/**
 * The schedule queue, counted. `held` (the cron's own run) keeps its messages until
 * `POST /api/__bench/release`, so the CPU the bench reads across the scheduled call is the
 * cron's alone, not its consumer's, which would otherwise start on the first message at once.
 */
let held = [];
function meterQueue(queue, hold) {
  return {
    async send(body, options) {
      meter.queues.schedule++;
      if (hold) held.push({ body, ...options });
      else await queue.send(body, options);
    },
    async sendBatch(messages, options) {
      meter.queues.schedule += messages.length;
      if (hold) held.push(...messages);
      else await queue.sendBatch(messages, options);
    },
  };
}

/** Every D1 binding: the platform database and each shard (worker/db/shards.ts). */
const meterDatabases = (env) =>
  Object.fromEntries(
    Object.keys(env)
      .filter((name) => /^DB(_SHARD_\d+)?$/.test(name))
      .map((name) => [name, meterD1(env[name])]),
  );

const metered = new WeakMap();
function meterEnv(env, hold = false) {
  const wrap = () => ({
    ...env,
    ...meterDatabases(env),
    NOTIFY_QUEUE: notifyCounter,
    SCHEDULE_QUEUE: meterQueue(env.SCHEDULE_QUEUE, hold),
  });
  if (hold) return wrap();
  if (!metered.has(env)) metered.set(env, wrap());
  return metered.get(env);
}

async function timed(work) {
  const started = Date.now();
  try {
    return await work();
  } finally {
    meter.durableObject.activeMs += Date.now() - started;
  }
}

export class CheckInSession extends AppSession {
  constructor(ctx, env) {
    super(ctx, meterEnv(env));
  }
  fetch(request) {
    meter.durableObject.fetches++;
    return timed(() => super.fetch(request));
  }
  webSocketMessage(ws, message) {
    meter.durableObject.messages++;
    return timed(() => super.webSocketMessage(ws, message));
  }
  alarm(info) {
    meter.durableObject.alarms++;
    return timed(() => super.alarm(info));
  }
}

export default {
  fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/api/__bench/meter") {
      if (request.method === "POST") meter = fresh();
      return Response.json(meter);
    }
    if (url.pathname === "/api/__bench/scheduled" && request.method === "POST") {
      // The Cron Trigger, as wrangler's /__scheduled would run it (that path goes to the assets here).
      const controller = { scheduledTime: Date.now(), cron: "*/15 * * * *", noRetry() {} };
      meter.worker.scheduled++;
      return app.scheduled(controller, meterEnv(env, true), ctx).then(() => Response.json({ held: held.length }));
    }
    if (url.pathname === "/api/__bench/release" && request.method === "POST") {
      const messages = held;
      held = [];
      return env.SCHEDULE_QUEUE.sendBatch(messages).then(() => Response.json({ released: messages.length }));
    }
    meter.worker.requests++;
    return app.fetch(request, meterEnv(env), ctx);
  },
  scheduled(controller, env, ctx) {
    meter.worker.scheduled++;
    return app.scheduled(controller, meterEnv(env), ctx);
  },
  async queue(batch, env, ctx) {
    meter.worker.queueBatches++;
    const type = batch.queue === "undertone-schedule" ? (batch.messages[0]?.body?.type ?? "?") : "notify";
    const started = Date.now();
    try {
      return await app.queue(batch, meterEnv(env), ctx);
    } finally {
      meter.jobs[type] ??= { n: 0, ms: 0 };
      const job = meter.jobs[type];
      job.n++;
      job.ms += Date.now() - started;
    }
  },
};
