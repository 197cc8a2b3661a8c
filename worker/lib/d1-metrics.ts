/**
 * Rows read per request, for `npm run bench` only (configuration `D1_METRICS=1`, never set in
 * a deployment): a D1 handle that adds up D1's own `meta.rows_read` of every statement run
 * through `all`, `run` and `batch` (Drizzle's selects in a batch and the dashboard's views go
 * that way; `first` and `raw` answer no meta and are not counted). The total goes out in the
 * `X-D1-Rows-Read` header. Only counts: no SQL text, no values.
 */
export type RowsReadCounter = { rows: number };

export function countingD1(d1: D1Database, counter: RowsReadCounter): D1Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const count = (result: { meta?: { rows_read?: number } }) => {
    counter.rows += result.meta?.rows_read ?? 0;
  };
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
  return new Proxy(d1, {
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
}
