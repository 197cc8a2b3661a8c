/**
 * `npm run judge -- FILE` (or `-` for standard input): judges one transcript with the code
 * the Durable Object runs at completion (embedded provider) and prints one JSON object.
 * Malformed input exits 2 with the reason on stderr. Format: README → "The judge command".
 * Vite's module runner loads the worker's TypeScript as-is (extensionless imports).
 */
import { closeSync, openSync, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";
import type { JudgeCore } from "./judge-types.ts";

function fail(message: string): never {
  process.stderr.write(`judge: ${message}\n`);
  process.exit(2);
}

/**
 * Larger input is refused before it is read whole or parsed: the biggest chat the app can
 * hold (200 answers of 2,000 characters, 202 replies of 4,000) is well under this as JSON.
 */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

/** Reads the file or standard input, and stops past MAX_INPUT_BYTES. */
function readBounded(source: string): string {
  const fd = source === "-" ? 0 : openSync(source, "r");
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.alloc(64 * 1024);
  try {
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        // Standard input with nothing more for now (a pipe not yet written to) is not an end.
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") continue;
        throw error;
      }
      if (read === 0) break;
      total += read;
      if (total > MAX_INPUT_BYTES) fail(`input is larger than ${MAX_INPUT_BYTES} bytes; no chat holds that much`);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const file = process.argv[2];
if (!file || process.argv.length > 3) fail("usage: npm run judge -- FILE   (FILE a path, or - for standard input)");
let text: string;
try {
  text = readBounded(file);
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
