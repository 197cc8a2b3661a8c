/**
 * `npm run rollups:rebuild` (local D1) or `npm run rollups:rebuild -- --remote`: recomputes
 * every summary the dashboards read (the hourly rollups, member_scores and their counts, the
 * theme reporters) from the rows, in one D1 batch (wrangler runs a file's statements as one).
 * For a restore, a deletion that bypassed the triggers, or a doubt (README → Insights).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { REBUILD_ROLLUPS_SQL } from "../../worker/insights/rollups-sql.ts";

const root = resolve(import.meta.dirname, "../..");
const where = process.argv.includes("--remote") ? "--remote" : "--local";
const persist = process.argv.indexOf("--persist-to");
const dir = mkdtempSync(join(tmpdir(), "rollups-"));
const file = join(dir, "rebuild.sql");
writeFileSync(file, `${REBUILD_ROLLUPS_SQL.join(";\n")};\n`);
try {
  const args = ["d1", "execute", "DB", where, "--file", file, "--yes"];
  if (persist > 0 && process.argv[persist + 1]) args.push("--persist-to", process.argv[persist + 1] ?? "");
  execFileSync(resolve(root, "node_modules/.bin/wrangler"), args, { cwd: root, stdio: "inherit" });
  console.log(`summaries rebuilt (${where.slice(2)})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
