import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../worker/index";

/** A request through the deployed Worker's fetch handler (the same path a browser takes). */
export function request(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`http://localhost${path}`, init));
}

/** The same Worker with some bindings changed, e.g. APP_ENV=production. */
export async function requestWithEnv(path: string, overrides: Partial<Env>, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`http://localhost${path}`, init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export async function countRows(table: string, where = "1 = 1"): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where ${where}`).first<{ n: number }>();
  return row?.n ?? 0;
}
