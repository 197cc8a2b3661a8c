import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU seconds used by a process and all its descendants (Linux /proc), so the benchmark can
 * say how much work the app did per message independently of how busy the machine was.
 */
const TICKS_PER_SECOND = 100;

function processTable(): Map<number, { ppid: number; ticks: number; name: string }> {
  const table = new Map<number, { ppid: number; ticks: number; name: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // fields[0] is state; ppid is field 4 of stat (index 1 here); utime/stime are 14/15 (index 11/12).
      table.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        name,
      });
    } catch {
      // the process ended while we read
    }
  }
  return table;
}

/** CPU seconds of `pid` and its descendants whose name matches `only` (all when omitted). */
export function cpuSeconds(pid: number, only?: RegExp): number {
  const table = processTable();
  let ticks = 0;
  const visit = (current: number) => {
    const entry = table.get(current);
    if (entry && (!only || only.test(entry.name))) ticks += entry.ticks;
    for (const [child, info] of table) if (info.ppid === current) visit(child);
  };
  visit(pid);
  return ticks / TICKS_PER_SECOND;
}

/** Pids of `pid`'s descendants whose name matches `only`. */
export function descendants(pid: number, only: RegExp): number[] {
  const table = processTable();
  const found: number[] = [];
  const visit = (current: number) => {
    for (const [child, info] of table) {
      if (info.ppid !== current) continue;
      if (only.test(info.name)) found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}
