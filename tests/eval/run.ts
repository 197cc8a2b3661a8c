/**
 * `npm run eval`: the judgement evaluation (issue 14). Each case in tests/eval/dev-*.json
 * and test-*.json is a transcript written from a situation, labelled before anything ran:
 * `expect` = the band of morale, confidence, stress, sales_strength and blockers (low / mid /
 * high on the dashboard's concern lines, 40 and 60; stress as risk, higher is worse;
 * blockers "high" = few blockers), then whether a burnout alert should fire (yes / no).
 * `turns` are [pillar, answer] pairs: m morale, q quota_confidence, b burnout_risks,
 * t team_dynamics, s sales_strength, x blockers; the question is a stock one per pillar.
 * Prints per-pillar and overall band accuracy and burnout precision and recall per half.
 * `npm run eval -- --misses dev` also lists the development half's misses (never the test half's
 * while changing the reader: it is run only to report).
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { JudgeCore } from "../tools/judge-types.ts";

type Band = "low" | "mid" | "high";
type Case = { id: string; expect: string; why: string; turns: [string, string][] };

const DIMENSIONS = ["morale", "confidence", "stress", "sales_strength", "blockers"] as const;
const PILLAR = {
  m: ["morale", "How has your week felt overall?"],
  q: ["quota_confidence", "How confident are you about hitting your number this quarter?"],
  b: ["burnout_risks", "How are you holding up with the workload and stress?"],
  t: ["team_dynamics", "How are things with your manager and the team?"],
  s: ["sales_strength", "What's been going well in your selling lately?"],
  x: ["blockers", "What's getting in the way right now?"],
} as const;

const here = fileURLToPath(new URL(".", import.meta.url));
const { module: core } = await runnerImport<JudgeCore>(
  fileURLToPath(new URL("./judge-transcript.ts", import.meta.url)),
);

/** The dashboard's concern lines (worker/scoring/real-time.ts): below 40, below 60, else. */
function band(score: number): Band {
  return score < 40 ? "low" : score < 60 ? "mid" : "high";
}
/** Stress reads as risk: its band is that of the stored 100 − stress, turned over. */
const stressBand = (stress: number): Band => (({ low: "high", mid: "mid", high: "low" }) as const)[band(100 - stress)];

function transcriptOf(c: Case) {
  const messages = c.turns.flatMap(([key, answer]) => {
    const entry = PILLAR[key as keyof typeof PILLAR];
    if (!entry) throw new Error(`${c.id}: unknown pillar key ${key}`);
    const [pillar, question] = entry;
    return [
      { sender: "assistant" as const, content: question, pillar },
      { sender: "user" as const, content: answer, pillar: null },
    ];
  });
  const parsed = core.transcriptSchema.safeParse({ fullName: "Alex Rep", messages });
  if (!parsed.success) throw new Error(`${c.id}: ${core.describeIssues(parsed.error)}`);
  return parsed.data;
}

const showMisses = process.argv.includes("--misses") ? process.argv[process.argv.indexOf("--misses") + 1] : null;

for (const half of ["dev", "test"] as const) {
  const cases: Case[] = readdirSync(here)
    .filter((f) => f.startsWith(`${half}-`) && f.endsWith(".json"))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(`${here}/${f}`, "utf8")) as Case[]);
  const right: Record<string, number> = Object.fromEntries(DIMENSIONS.map((d) => [d, 0]));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const parts = c.expect.split(" ");
    const result = core.judgeTranscript(transcriptOf(c));
    const got = DIMENSIONS.map((d) => (d === "stress" ? stressBand(result.scores.stress) : band(result.scores[d])));
    const wrong: string[] = [];
    DIMENSIONS.forEach((d, i) => {
      if (got[i] === parts[i]) right[d] = (right[d] ?? 0) + 1;
      else wrong.push(`${d} ${parts[i]}→${got[i]} (${result.scores[d]})`);
    });
    const expected = parts[5] === "yes";
    const fired = result.alerts.some((a) => a.category === "burnout");
    if (fired && expected) tp++;
    else if (fired) fp++;
    else if (expected) fn++;
    if (fired !== expected)
      wrong.push(`burnout ${expected ? "missed" : "false alarm"} (stress ${result.scores.stress})`);
    if (wrong.length > 0) misses.push(`  ${c.id}: ${wrong.join(", ")}`);
  }
  const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}%`);
  const total = Object.values(right).reduce((a, b) => a + b, 0);
  console.log(`${half} (${cases.length} transcripts)`);
  for (const d of DIMENSIONS) console.log(`  ${d.padEnd(15)} ${pct(right[d] ?? 0, cases.length)}`);
  console.log(`  ${"bands overall".padEnd(15)} ${pct(total, cases.length * DIMENSIONS.length)}`);
  console.log(
    `  burnout alert   precision ${pct(tp, tp + fp)} (${tp}/${tp + fp}), recall ${pct(tp, tp + fn)} (${tp}/${tp + fn})`,
  );
  if (showMisses === half) console.log(misses.join("\n"));
}
