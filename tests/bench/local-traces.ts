/**
 * The benchmark runs wrangler without its local trace explorer (`X_LOCAL_OBSERVABILITY`, on by
 * default in `wrangler dev`): it writes every span — each SQL statement, each fetch, each event —
 * through a tail worker into its own SQLite store, with an fsync, in the same workerd process as
 * the measured objects. Nothing like it runs beside a Worker on Cloudflare, and it taxes a side
 * by its number of statements, not by what they cost (README → Decisions, "The benchmark runs
 * without wrangler's local traces"). `LOCAL_TRACES=1` keeps it on, to compare.
 */
export function withoutLocalTraces(): void {
  if (process.env.LOCAL_TRACES === "1") return;
  process.env.X_LOCAL_OBSERVABILITY = "false";
}
