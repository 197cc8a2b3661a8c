/**
 * `npm run eval`: the judgement evaluation, split by writer (issue 24). Every check-in is
 * judged by the code the Durable Object runs at completion (tests/eval/judge-transcript.ts)
 * and compared with the labels its writer gave before any run (tests/eval/cases.ts). Prints,
 * per writer and for dev and test: the four alert-driving bands (morale, confidence, stress
 * as risk, blockers), sales strength, team dynamics, burnout alert precision and recall,
 * the share of the four shown firm (not "uncertain") and the accuracy of those; then the
 * leave-one-writer-out figure for the dev writers (each judged by weights trained without
 * it, tests/eval/lowo.ts) and the dev − test gaps.
 * `--dev`: dev writers only (test writers' files are not read); `--no-lowo`: skip the
 * leave-one-writer-out (it trains eleven models); `--misses W03` lists one DEV writer's
 * misses. Test writers' misses are never printed (they are never read while the reader changes).
 */
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { JudgeCore } from "../tools/judge-types.ts";
import { loadCases } from "./cases.ts";
import { featured, judgeWith, leaveOneWriterOut } from "./lowo.ts";
import { FOUR, pct, Tally } from "./metrics.ts";

const { module: core } = await runnerImport<JudgeCore>(
  fileURLToPath(new URL("./judge-transcript.ts", import.meta.url)),
);

/** `--dev`: only the dev writers, the way the reader is changed (test writers stay unread). */
const halves = process.argv.includes("--dev") ? (["dev"] as const) : (["dev", "test"] as const);
const { cases, split, notes } = loadCases(["own", ...halves]);
const missesOf = process.argv.includes("--misses") ? process.argv[process.argv.indexOf("--misses") + 1] : null;
if (missesOf && ![...split.own, ...split.dev].includes(missesOf)) {
  console.error(`--misses takes a dev writer (${split.dev.join(", ")}): test writers are not read.`);
  process.exit(2);
}

const header = `${"writer".padEnd(12)} ${"n".padStart(4)}  morale  conf  stress block  FOUR  sales  team   firm right  burnout P / R`;
function row(name: string, t: Tally) {
  const cells = [...FOUR.map((p) => t.share(p)), t.four(), t.share("sales_strength"), t.share("team_dynamics")];
  const sure = `${pct(t.coverage())} ${pct(t.confidentAccuracy())}`;
  const burnout = `${pct(t.precision())} /${pct(t.recall())}  (${t.tp} tp, ${t.fp} fp, ${t.fn} fn)`;
  console.log(`${name.padEnd(12)} ${String(t.cases).padStart(4)}  ${cells.map(pct).join(" ")}  ${sure}  ${burnout}`);
}

const totals: Record<"dev" | "test", Tally> = { dev: new Tally(), test: new Tally() };
const misses: string[] = [];
/** How long judging takes, for the note at the end (a figure, never a test). */
const timing = { ms: 0, count: 0 };
function tallyOf(writer: string): Tally {
  const tally = new Tally();
  for (const c of cases.filter((x) => x.writer === writer)) {
    const started = performance.now();
    const judged = judgeWith(core, c);
    timing.ms += performance.now() - started;
    timing.count++;
    const wrong = tally.add(c, judged);
    if (writer === missesOf && wrong.length > 0) misses.push(`  ${c.id}: ${wrong.join(", ")}`);
  }
  return tally;
}
console.log("\nOWN cases (the team's; trained on, in neither total)");
console.log(header);
for (const writer of split.own) row(writer, tallyOf(writer));
for (const half of halves) {
  const note = half === "dev" ? "trained on: how well it fits" : "never trained on nor read";
  console.log(`\n${half.toUpperCase()} writers, shipped weights (${note}; percent of check-ins whose band is right)`);
  console.log(header);
  for (const writer of split[half]) {
    const tally = tallyOf(writer);
    if (tally.cases > 0) row(writer, tally);
    totals[half].merge(tally);
  }
  row(`all ${half}`, totals[half]);
}

let lowo: Tally | null = null;
if (!process.argv.includes("--no-lowo")) {
  console.log("\nDEV writers, leave one writer out (each judged by weights trained on every other dev writer)");
  console.log(header);
  const pool = featured(
    core,
    cases.filter((c) => split.own.includes(c.writer) || split.dev.includes(c.writer)),
  );
  lowo = new Tally();
  for (const [writer, tally] of leaveOneWriterOut(core, pool, split.dev)) {
    row(writer, tally);
    lowo.merge(tally);
  }
  row("all (LOWO)", lowo);
}

if (halves.length === 2) {
  const gap = (t: Tally) => (100 * (t.four() - totals.test.four())).toFixed(1);
  console.log(`\nThe four, dev (trained on) − test: ${gap(totals.dev)} points`);
  if (lowo)
    console.log(
      `The four, dev leave-one-writer-out − test: ${gap(lowo)} points (over 5 = the reader fits its dev writers)`,
    );
}
console.log(
  `\nJudging took ${(timing.ms / timing.count).toFixed(1)} ms per check-in (mean of ${timing.count}, this machine, shipped weights).`,
);
for (const note of notes) console.log(`note: ${note}`);
if (missesOf) console.log(`\nMisses of ${missesOf}:\n${misses.join("\n")}`);
