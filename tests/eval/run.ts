/**
 * `npm run eval`: the judgement evaluation, split by writer (issue 24). Every check-in is
 * judged by the code the Durable Object runs at completion (tests/eval/judge-transcript.ts)
 * and compared with the labels its writer gave before any run (tests/eval/cases.ts). Prints,
 * per writer and for dev and test: the four alert-driving bands (morale, confidence, stress
 * as risk, blockers), sales strength, team dynamics, burnout alert precision and recall, and
 * the dev − test gap.
 * `npm run eval -- --misses W03` lists one DEV writer's misses; test writers' misses are never
 * printed (they are never read while the reader changes).
 */
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { JudgeCore } from "../tools/judge-types.ts";
import { type Case, loadCases } from "./cases.ts";
import { FOUR, type Judged, pct, Tally } from "./metrics.ts";

const { module: core } = await runnerImport<JudgeCore>(
  fileURLToPath(new URL("./judge-transcript.ts", import.meta.url)),
);

function judge(c: Case): Judged {
  const parsed = core.transcriptSchema.safeParse({ fullName: c.fullName, messages: c.messages });
  if (!parsed.success) throw new Error(`${c.writer}/${c.id}: ${core.describeIssues(parsed.error)}`);
  const result = core.judgeTranscript(parsed.data);
  return { scores: result.scores, burnoutAlert: result.alerts.some((a) => a.category === "burnout") };
}

const { cases, split, notes } = loadCases();
/** `--dev`: only the dev writers, the way the reader is changed (test writers stay unread). */
const halves = process.argv.includes("--dev") ? (["dev"] as const) : (["dev", "test"] as const);
const missesOf = process.argv.includes("--misses") ? process.argv[process.argv.indexOf("--misses") + 1] : null;
if (missesOf && ![...split.own, ...split.dev].includes(missesOf)) {
  console.error(`--misses takes a dev writer (${split.dev.join(", ")}): test writers are not read.`);
  process.exit(2);
}

const header = `${"writer".padEnd(12)} ${"n".padStart(4)}  morale  conf  stress block  FOUR  sales  team  burnout P / R`;
function row(name: string, t: Tally) {
  const cells = [...FOUR.map((p) => t.share(p)), t.four(), t.share("sales_strength"), t.share("team_dynamics")];
  const burnout = `${pct(t.precision())} /${pct(t.recall())}  (${t.tp} tp, ${t.fp} fp, ${t.fn} fn)`;
  console.log(`${name.padEnd(12)} ${String(t.cases).padStart(4)}  ${cells.map(pct).join(" ")}  ${burnout}`);
}

const totals: Record<"dev" | "test", Tally> = { dev: new Tally(), test: new Tally() };
const misses: string[] = [];
function tallyOf(writer: string): Tally {
  const tally = new Tally();
  for (const c of cases.filter((x) => x.writer === writer)) {
    const wrong = tally.add(c, judge(c));
    if (writer === missesOf && wrong.length > 0) misses.push(`  ${c.id}: ${wrong.join(", ")}`);
  }
  return tally;
}
console.log("\nOWN cases (the team's; in neither total)");
console.log(header);
for (const writer of split.own) row(writer, tallyOf(writer));
for (const half of halves) {
  console.log(`\n${half.toUpperCase()} writers (percent of check-ins whose band is right)`);
  console.log(header);
  for (const writer of split[half]) {
    const tally = tallyOf(writer);
    if (tally.cases > 0) row(writer, tally);
    totals[half].merge(tally);
  }
  row(`all ${half}`, totals[half]);
}

if (halves.length === 2) {
  const gap = 100 * (totals.dev.four() - totals.test.four());
  console.log(`\nThe four, dev − test: ${gap.toFixed(1)} points (over 5 = the reader fits its dev writers)`);
}
for (const note of notes) console.log(`note: ${note}`);
if (missesOf) console.log(`\nMisses of ${missesOf}:\n${misses.join("\n")}`);
