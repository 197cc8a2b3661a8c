import { readFileSync, readdirSync } from "node:fs";
import { runnerImport } from "vite";
const { module: r } = await runnerImport("/work/wt/judge/worker/ai/reading.ts");
const P = { m: "morale", q: "quota_confidence", b: "burnout_risks", t: "team_dynamics", s: "sales_strength", x: "blockers" };
const ids = process.argv.slice(2);
for (const f of readdirSync("/work/wt/judge/tests/eval").filter((f) => f.startsWith("dev-"))) {
  for (const c of JSON.parse(readFileSync(`/work/wt/judge/tests/eval/${f}`, "utf8"))) {
    if (!ids.includes(c.id)) continue;
    console.log(`== ${c.id} [${c.expect}]`);
    for (const [k, t] of c.turns) {
      const x = r.readAnswer(t, P[k]);
      console.log(`  ${k} ${x.sentiment.compound.toFixed(2)} [${x.signals}] strain=${x.strain} conc=[${x.concerns}] none=${x.saysNone} | ${t}`);
    }
  }
}
