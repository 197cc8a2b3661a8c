/**
 * A D1 binding that remembers every statement run through it (its SQL and bound values), for
 * the plan tests: a route or a function is run on it, then each statement is EXPLAINed on the
 * real binding. Only the text and values are kept; results pass through unchanged.
 */
export type RecordedStatement = { sql: string; params: unknown[] };

export function recordingD1(d1: D1Database, into: RecordedStatement[]): D1Database {
  const originals = new WeakMap<object, { statement: D1PreparedStatement; recorded: RecordedStatement }>();
  const wrap = (statement: D1PreparedStatement, recorded: RecordedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") {
          return (...values: unknown[]) => wrap(target.bind(...values), { sql: recorded.sql, params: values });
        }
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "all" || property === "run" || property === "first" || property === "raw") {
          return (...args: unknown[]) => {
            into.push(recorded);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, { statement, recorded });
    return proxy;
  };
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), { sql, params: [] });
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          target.batch(
            statements.map((s) => {
              const original = originals.get(s);
              if (!original) return s;
              into.push(original.recorded);
              return original.statement;
            }),
          );
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** SQLite's plan of one recorded statement, one line per step. */
export async function planOf(d1: D1Database, { sql, params }: RecordedStatement): Promise<string[]> {
  const { results } = await d1
    .prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}
