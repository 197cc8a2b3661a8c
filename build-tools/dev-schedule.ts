import { unstable_readConfig } from "wrangler";

/**
 * `npm run dev` runs the Worker's scheduled handler as the deployed cron does (local dev
 * schedules no crons): once as soon as the demo is seeded, then at the minutes each cron of
 * wrangler.jsonc fires at (UTC, as Cloudflare's). @cloudflare/vite-plugin forwards
 * /cdn-cgi/local/scheduled to Miniflare, which calls `scheduled` and answers its outcome.
 */
export const SCHEDULED_PATH = "/cdn-cgi/local/scheduled";

/** The cron expressions of wrangler.jsonc's `triggers.crons`. */
export function wranglerCrons(configPath: string): string[] {
  return unstable_readConfig({ config: configPath }, { hideWarnings: true }).triggers?.crons ?? [];
}

/**
 * The step in minutes of a cron that fires every N minutes of every hour: its minute field is
 * `*` (1) or `*` then `/N`, every other field `*`. Null for any other expression (dev runs
 * those once, at start).
 */
export function cronStepMinutes(expression: string): number | null {
  const [minute, ...rest] = expression.trim().split(/\s+/);
  if (rest.length !== 4 || rest.some((field) => field !== "*")) return null;
  if (minute === "*") return 1;
  const step = Number(/^\*\/(\d{1,2})$/.exec(minute ?? "")?.[1]);
  return Number.isInteger(step) && step >= 1 && step <= 59 ? step : null;
}

/** Milliseconds from `now` to the next whole minute (UTC) such a cron fires at: minute % step === 0. */
export function msUntilNextRun(step: number, now: number): number {
  let at = Math.floor(now / 60_000) * 60_000 + 60_000;
  while (new Date(at).getUTCMinutes() % step !== 0) at += 60_000;
  return at - now;
}

type DevScheduleOptions = {
  origin: string;
  crons: readonly string[];
  log: (line: string) => void;
  /** A failed run's line. */
  warn: (line: string) => void;
  fetcher?: typeof fetch;
};

/**
 * Runs each cron's scheduled handler now and then on its cadence; returns `stop`. The timers
 * are unref'd (they never keep the process alive) and `stop` clears them, so a closed or
 * restarted dev server leaves no ticker behind. A failed run logs one line and the next runs.
 */
export function startDevSchedule({ origin, crons, log, warn, fetcher = fetch }: DevScheduleOptions): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;

  const run = async (cron: string, url: string) => {
    let failure: string | null = null;
    try {
      const response = await fetcher(url);
      // Miniflare answers the handler's outcome: "ok", or e.g. "exception" with a 500.
      const outcome = (await response.text()).trim();
      if (!response.ok) failure = `${response.status} ${outcome}`.trim();
    } catch (error) {
      // Node's fetch says "fetch failed"; its cause says why (the Worker is not listening).
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
      failure = error instanceof Error ? `${error.message}${cause}` : String(error);
    }
    if (failure && !stopped) warn(`Scheduled run (cron ${cron}) failed: ${failure}; see the Worker's log above`);
  };

  const repeat = (cron: string, url: string, step: number) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (stopped) return;
        repeat(cron, url, step);
        void run(cron, url);
      },
      msUntilNextRun(step, Date.now()),
    );
    timer.unref();
    timers.add(timer);
  };

  for (const cron of crons) {
    const step = cronStepMinutes(cron);
    const url = `${origin}${SCHEDULED_PATH}?cron=${encodeURIComponent(cron)}`;
    log(
      step === null
        ? `Scheduled work (cron ${cron}) runs once now; run it again: curl '${url}'`
        : `Scheduled work (cron ${cron}) runs now and every ${step} min, as deployed`,
    );
    void run(cron, url);
    if (step !== null) repeat(cron, url, step);
  }

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
