import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { readConfig } from "../../worker/lib/config";
import { CREATE_QUERY_BUDGET, runCreateStep } from "../../worker/schedule/create-step";

/**
 * Issue 12 item 6: the cron's create step keeps a cursor between runs and a hard budget of
 * D1 statements per run. 2,000 organizations with scheduling on (half with a salesperson
 * due): every run stays within the budget, counted at the D1 binding itself, and run after
 * run every organization is reached.
 */
const ORGANIZATIONS = 2000;

function countingD1(): { d1: D1Database; statements: () => number; reset: () => void } {
  let statements = 0;
  const d1 = new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => {
          statements++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    d1,
    statements: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}

describe("the cron's create step", () => {
  it("stays within its statement budget every run and reaches every organization", { timeout: 240_000 }, async () => {
    const ids = Array.from({ length: ORGANIZATIONS }, (_, i) => `budget-${String(i).padStart(5, "0")}`);
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      await env.DB.batch(
        chunk.flatMap((id, j) => [
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
    const counter = countingD1();
    const db = createDb(counter.d1);
    const config = readConfig(env);
    const now = Date.now();
    const perRun: number[] = [];
    let created = 0;
    let runs = 0;
    for (;;) {
      counter.reset();
      const report = await runCreateStep(db, config, now, 200);
      perRun.push(counter.statements());
      expect(report.statements).toBe(counter.statements());
      created += report.created;
      runs++;
      if (report.wrapped || runs > 40) break;
    }
    expect(Math.max(...perRun)).toBeLessThanOrEqual(CREATE_QUERY_BUDGET);
    // More than one run was needed: the budget, not the number of organizations, bounds a run.
    expect(runs).toBeGreaterThan(3);
    expect(created).toBe(ORGANIZATIONS / 2);
    const reached = await env.DB.prepare(
      "select count(distinct organization_id) as n from check_ins where organization_id like 'budget-%'",
    ).first<{ n: number }>();
    expect(reached?.n).toBe(ORGANIZATIONS / 2);

    // The cursor wrapped: the next run starts from the first organization again and finds nothing due.
    counter.reset();
    const again = await runCreateStep(db, config, now, 200);
    expect(again.created).toBe(0);
    expect(counter.statements()).toBeLessThanOrEqual(CREATE_QUERY_BUDGET);
  });
});
