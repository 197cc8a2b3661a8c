/**
 * `npm run judge -- FILE` (or `-` for standard input): judges one transcript with the code
 * the Durable Object runs at completion (embedded provider) and prints one JSON object.
 * Malformed input exits 2 with the reason on stderr. Format: README → "The judge command".
 * Vite's module runner loads the worker's TypeScript as-is (extensionless imports).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { JudgeCore } from "./judge-types.ts";

function fail(message: string): never {
  process.stderr.write(`judge: ${message}\n`);
  process.exit(2);
}

const file = process.argv[2];
if (!file || process.argv.length > 3) fail("usage: npm run judge -- FILE   (FILE a path, or - for standard input)");
let text: string;
try {
  text = readFileSync(file === "-" ? 0 : file, "utf8");
} catch (error) {
  fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
}
let json: unknown;
try {
  json = JSON.parse(text);
} catch (error) {
  fail(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
}
const { module: core } = await runnerImport<JudgeCore>(
  fileURLToPath(new URL("../eval/judge-transcript.ts", import.meta.url)),
);
const parsed = core.transcriptSchema.safeParse(json);
if (!parsed.success) fail(`not a transcript:\n${core.describeIssues(parsed.error)}`);
process.stdout.write(`${JSON.stringify(core.judgeTranscript(parsed.data))}\n`);
