import WebSocket from "ws";

/**
 * A V8 CPU profile of the Worker's isolate in workerd, through wrangler's inspector (Chrome
 * DevTools protocol): `startProfile(port)` starts sampling, `stop()` returns the profile
 * (opens in Chrome DevTools) and its self time per function, busiest first. Only the app's
 * JavaScript is sampled; miniflare's local D1 and queues run elsewhere in the process.
 */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/**
 * `gapMs`: time between samples beyond what one sample stands for. When the isolate's thread
 * is blocked in a system call (an fsync of a storage commit) or waits for a core, V8 takes the
 * next sample late, and weighting samples by their time delta charged that whole gap to
 * whatever ran next (in `profile.ts` runs, most of the "busy" time was such gaps). Each sample
 * here stands for at most GAP_CAP intervals; the rest is reported apart.
 */
export type ProfileSummary = {
  totalMs: number;
  busyMs: number;
  gapMs: number;
  top: { ms: number; where: string }[];
};

const GAP_CAP = 2;

export async function startProfile(inspectorPort: number, intervalUs = 500) {
  type Target = { webSocketDebuggerUrl?: string };
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Target[];
  const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error("no inspector target");
  const devtools = new WebSocket(url);
  await new Promise((resolve, reject) => {
    devtools.once("open", resolve);
    devtools.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map<number, (value: unknown) => void>();
  devtools.on("message", (data) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (message.id) pending.get(message.id)?.(message.result);
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolveCall) => {
      const id = nextId++;
      pending.set(id, resolveCall);
      devtools.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: intervalUs });
  await call("Profiler.start");
  return {
    async stop(top = 40): Promise<{ profile: CpuProfile; summary: ProfileSummary }> {
      const { profile } = (await call("Profiler.stop")) as { profile: CpuProfile };
      devtools.close();
      return { profile, summary: summarizeProfile(profile, top) };
    },
  };
}

/** Self time per function (name, file, line), busiest first; `(idle)` and the gaps counted apart. */
export function summarizeProfile(profile: CpuProfile, top = 40, intervalUs = 500): ProfileSummary {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  let gaps = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    const dt = Math.min(delta, GAP_CAP * intervalUs);
    gaps += delta - dt;
    total += dt;
    const frame = byNode.get(id)?.callFrame;
    const key = frame
      ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`
      : "?";
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const idle = self.get("(idle) :-1") ?? 0;
  self.delete("(idle) :-1");
  return {
    totalMs: total / 1000,
    busyMs: (total - idle) / 1000,
    gapMs: gaps / 1000,
    top: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([where, us]) => ({ ms: Math.round(us / 100) / 10, where })),
  };
}
