import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The repository's root, for tests that read the Worker's own source. */
export const ROOT = join(import.meta.dirname, "../../..");

/** Every TypeScript file under `dir` (a path from the root), with its text. */
export function sourcesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesUnder(file);
    if (!entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) return [];
    return [{ file, text: readFileSync(join(ROOT, file), "utf8") }];
  });
}
