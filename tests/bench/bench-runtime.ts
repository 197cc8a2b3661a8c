import { statfsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * How the benchmark runs workerd, for every side alike (app, floors, baseline): what is measured
 * is the code and the runtime, not this machine's development tooling or its virtual disk.
 * README → Decisions, "The benchmark runs without wrangler's local traces, its chats' state in memory".
 */

/**
 * Without wrangler's local trace explorer (`X_LOCAL_OBSERVABILITY`, on by default in `wrangler
 * dev`): it writes every span — each SQL statement, each fetch, each event — through a tail worker
 * into its own SQLite store, with an fsync, in the same workerd process as the measured objects.
 * Nothing like it runs beside a Worker on Cloudflare, and it taxes a side by its number of
 * statements, not by what they cost. `LOCAL_TRACES=1` keeps it on, to compare.
 */
export function withoutLocalTraces(): void {
  if (process.env.LOCAL_TRACES === "1") return;
  process.env.X_LOCAL_OBSERVABILITY = "false";
}

const DISK_ROOT = resolve(import.meta.dirname, "../.artifacts");
/** statfs's f_type for tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;

/**
 * Where the chat loads keep their D1 and Durable Object state: in memory (tmpfs) when this
 * machine has one. On this shared virtual disk an fsync now and then stalls the workerd that
 * makes it for 0.3–1.3 s, whichever side's slice it lands in, and one such stall is the p99 of a
 * 1,500-ack phase (three runs in a row: app ÷ floor 5.3×, 33×, 0.03×). On Cloudflare a commit is
 * confirmed by replication, off the isolate's thread. `BENCH_STATE=disk` keeps it on disk.
 */
export function benchStateRoot(): { root: string; where: string } {
  if (process.env.BENCH_STATE !== "disk") {
    try {
      if (statfsSync("/dev/shm").type === TMPFS_MAGIC) {
        return { root: "/dev/shm/undertone-bench", where: "in memory (tmpfs, /dev/shm/undertone-bench)" };
      }
    } catch {
      // No /dev/shm here: on disk, as below.
    }
  }
  return { root: DISK_ROOT, where: `on disk (${DISK_ROOT})` };
}
