/**
 * `npm run train`: fits the reader's model on every dev writer's check-ins and the team's
 * own (never a test writer's: their files are not read) and writes the weights the Worker
 * imports, worker/scoring/model/weights.json. Deterministic: the same cases give the same
 * file. Run it after changing the features (worker/scoring/model/features.ts, terms.ts),
 * the training (tests/eval/train-model.ts, fit.ts) or the dev writers, then `npm run eval`.
 * `--check` writes nothing: it exits 1 when the shipped file is not what training makes now
 * (tests/unit/shipped-weights.test.ts runs it, so stale or hand-edited weights fail the tests).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { JudgeCore } from "../tools/judge-types.ts";
import { loadCases } from "./cases.ts";
import { featured } from "./lowo.ts";
import { trainModel } from "./train-model.ts";

const { module: core } = await runnerImport<JudgeCore>(
  fileURLToPath(new URL("./judge-transcript.ts", import.meta.url)),
);
const { cases } = loadCases(["own", "dev"]);
const model = trainModel(featured(core, cases));
const out = fileURLToPath(new URL("../../worker/scoring/model/weights.json", import.meta.url));
const text = `${JSON.stringify(model)}\n`;
if (process.argv.includes("--check")) {
  if (readFileSync(out, "utf8") !== text) {
    console.error(`${out} is not what npm run train makes from the dev writers now: run npm run train.`);
    process.exit(1);
  }
  console.log(`${out} is what npm run train makes from the dev writers (${cases.length} check-ins).`);
  process.exit(0);
}
writeFileSync(out, text);
const used = Object.entries(model.targets).map(([d, t]) => `${d} ${t.weights.flat().filter((w) => w !== 0).length}`);
console.log(
  `Trained on ${model.trainedOn.join(", ")} (${cases.length} check-ins): ${model.keys.length} features (${used.join(", ")}) → ${out}`,
);
