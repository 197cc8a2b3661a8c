/**
 * `npm run lighthouse`: Lighthouse (mobile: its default simulated slow 4G and 4× CPU
 * slowdown) on the landing, login and check-in pages of the production build, in Debian's
 * chromium. Builds if dist/ is older than the sources, runs the built app in workerd (as
 * `npm run preview` does, with its own fresh local D1 so a real check-in link can be
 * inserted, as the benchmark does), runs each page RUNS times and prints the median of
 * each figure. Simulated throttling computes the timings from the observed network and CPU
 * trace, so a busy machine moves them little; the median smooths what remains.
 *
 * Usage: npm run lighthouse [-- --runs 5]; each report is kept in tests/.artifacts/lighthouse/reports.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import lighthouse from "lighthouse";
import { newBenchCheckIns, seedBenchCheckIns } from "../bench/check-ins.ts";
import { E2E_VARS } from "../e2e/vars.ts";
import { startBuiltApp } from "./app-server.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

const root = resolve(import.meta.dirname, "../..");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;
const CHROMIUM = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const log = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`);

// ── The build ──────────────────────────────────────────────────────────────

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

const built = resolve(root, "dist/client/index.html");
const sources = [
  "src",
  "public",
  "index.html",
  "checkin.html",
  "vite.config.ts",
  "wrangler.jsonc",
  "package-lock.json",
];
if (!existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map((p) => newest(resolve(root, p))))) {
  log("dist/ is missing or older than the sources: vite build");
  execFileSync(resolve(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
}

// ── The app, with one fresh check-in link per run ──────────────────────────

// Each run opens its own link: a link's chat belongs to the first browser that opens it.
const checkIns = newBenchCheckIns(RUNS, "lighthouse");
const app = await startBuiltApp({
  name: "lighthouse",
  vars: { ...E2E_VARS, APP_ENV: "production" },
  prepare: (stateDir) => seedBenchCheckIns(stateDir, checkIns),
});

// ── Chromium (Debian's; nothing here downloads a browser) ──────────────────

async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "undertone-lighthouse-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      ...CHROMIUM_FLAGS,
      "--disable-extensions",
      "--disable-default-apps",
      "--mute-audio",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolvePort, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`chromium did not start:\n${seen}`)), 30_000);
    child.stderr.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    child.once("exit", (code) => reject(new Error(`chromium exited (${code}):\n${seen}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolveExit) => child.once("exit", resolveExit));
      child.kill();
      await Promise.race([exited, new Promise((resolveWait) => setTimeout(resolveWait, 10_000))]);
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

// ── The runs ───────────────────────────────────────────────────────────────

type Figures = {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed during the run (an idle laptop: about 2,000). */
  benchmarkIndex: number;
};
const pages: { name: string; url: (run: number) => string }[] = [
  { name: "landing", url: () => `${app.origin}/` },
  { name: "login", url: () => `${app.origin}/login` },
  {
    name: "check-in",
    url: (run) => {
      const c = checkIns[run];
      if (!c) throw new Error(`no check-in for run ${run}`);
      return `${app.origin}/check-in/${c.id}?token=${encodeURIComponent(c.token)}`;
    },
  },
];

async function measure(url: string, name: string): Promise<Figures> {
  const chromium = await launchChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    writeFileSync(resolve(reports, `${name}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await chromium.stop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

// Every report, for a look at what a figure is made of (open one with the Lighthouse viewer).
const reports = resolve(root, "tests/.artifacts/lighthouse/reports");
mkdirSync(reports, { recursive: true });
const results = new Map<string, Figures[]>();
try {
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      const figures = await measure(page.url(run), `${page.name}-${run + 1}`);
      log(
        `run ${run + 1}/${RUNS} ${page.name}: performance ${figures.performance}, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms`,
      );
      results.set(page.name, [...(results.get(page.name) ?? []), figures]);
    }
  }
} finally {
  await app.stop();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const header = ["page", "performance", "accessibility", "FCP", "LCP", "TBT", "CLS"];
const rows = pages.map((page) => {
  const all = results.get(page.name) ?? [];
  const m = (key: keyof Figures) => median(all.map((f) => f[key]));
  return [
    page.name,
    String(m("performance")),
    String(m("accessibility")),
    seconds(m("fcp")),
    seconds(m("lcp")),
    `${Math.round(m("tbt"))} ms`,
    m("cls").toFixed(3),
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(`\nLighthouse, mobile (simulated slow 4G, 4× CPU), median of ${RUNS} runs:\n`);
console.log(line(header));
console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
for (const row of rows) console.log(line(row));
const speed = median([...results.values()].flat().map((f) => f.benchmarkIndex));
console.log(
  `\nThis machine's benchmarkIndex (median): ${Math.round(speed)}. The CPU part of the simulation scales the trace's own task times, so a busy machine scores lower.`,
);
