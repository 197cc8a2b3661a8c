import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Rows read per request, for `npm run bench` only (configuration `D1_METRICS=1`, never set in
 * a deployment): a D1 handle that adds up D1's own `meta.rows_read` of every statement run
 * through `all`, `run` and `batch` (Drizzle's selects in a batch and the dashboard's views go
 * that way; `first` and `raw` answer no meta and are not counted). The total goes out in the
 * `X-D1-Rows-Read` header. Only counts: no SQL text, no values.
 *
 * One handle per binding, so createDb's one Drizzle per binding stays one (a handle per
 * request rebuilt Drizzle's relational map every request: 3 ms, measured into every page's
 * figure); the request's counter is found by `countRowsRead`'s async context.
 */
export type RowsReadCounter = { rows: number };

const counters = new AsyncLocalStorage<RowsReadCounter>();
const handles = new WeakMap<D1Database, D1Database>();

/** Runs one request with its own counter. */
export function countRowsRead<T>(counter: RowsReadCounter, request: () => Promise<T>): Promise<T> {
  return counters.run(counter, request);
}

function count(result: { meta?: { rows_read?: number } }) {
  const counter = counters.getStore();
  if (counter) counter.rows += result.meta?.rows_read ?? 0;
}

export function countingD1(d1: D1Database): D1Database {
  const existing = handles.get(d1);
  if (existing) return existing;
  const originals = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (property === "all" || property === "run") {
          return async () => {
            const result = await target[property]();
            count(result);
            return result;
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  const handle = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements.map((s) => originals.get(s) ?? s));
          for (const result of results) count(result);
          return results;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  handles.set(d1, handle);
  return handle;
}

const countingEnvs = new WeakMap<Env, Env>();

/**
 * The Worker's env with every D1 binding counting: the platform database and each shard
 * (worker/db/shards.ts). One per env object, like the handles above: what is cached per env
 * (better-auth's instance, worker/auth/auth.ts) is built once, not per request.
 */
export function countingEnv(env: Env): Env {
  const existing = countingEnvs.get(env);
  if (existing) return existing;
  const counted: Record<string, unknown> = { ...env };
  for (const [name, binding] of Object.entries(env)) {
    if (/^DB(_SHARD_\d{1,3})?$/.test(name)) counted[name] = countingD1(binding as D1Database);
  }
  const wrapped = counted as unknown as Env;
  countingEnvs.set(env, wrapped);
  return wrapped;
}
