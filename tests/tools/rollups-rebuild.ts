/**
 * `npm run rollups:rebuild` (local D1) or `npm run rollups:rebuild -- --remote`: recomputes
 * every summary the dashboards read (the hourly rollups, member_scores and their counts, the
 * theme reporters) from the rows, in every database holding organizations (the platform
 * database and each shard: wrangler.jsonc's D1 bindings, worker/db/shards.ts), one D1 batch per
 * database (wrangler runs a file's statements as one). Each database's summaries are its own
 * organizations'. For a restore, a deletion that bypassed the triggers, or a doubt (README → Insights).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { d1Bindings } from "../../build-tools/d1-databases.ts";
import { REBUILD_ROLLUPS_SQL } from "../../worker/insights/rollups-sql.ts";

const root = resolve(import.meta.dirname, "../..");
const where = process.argv.includes("--remote") ? "--remote" : "--local";
const persist = process.argv.indexOf("--persist-to");
const dir = mkdtempSync(join(tmpdir(), "rollups-"));
const file = join(dir, "rebuild.sql");
writeFileSync(file, `${REBUILD_ROLLUPS_SQL.join(";\n")};\n`);
try {
  for (const binding of d1Bindings()) {
    const args = ["d1", "execute", binding, where, "--file", file, "--yes"];
    if (persist > 0 && process.argv[persist + 1]) args.push("--persist-to", process.argv[persist + 1] ?? "");
    execFileSync(resolve(root, "node_modules/.bin/wrangler"), args, { cwd: root, stdio: "inherit" });
    console.log(`summaries rebuilt in ${binding} (${where.slice(2)})`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
