import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";
import { type ChunkLike, chunkClosure, type OutputLike } from "../../build-tools/chunks.ts";

/** Budgets in KB of gzipped JavaScript (issues 2, 4 and 7). */
export const BUNDLE_BUDGETS_KB = { landing: 150, checkin: 100, checkinBeyondShared: 60, worker: 1024 };

export type BundleSizes = {
  /** Every entry chunk with its static imports, in gzipped KB. */
  entries: Record<string, number>;
  /** Every lazy route chunk: its own closure beyond what the entry already loaded. */
  routes: Record<string, { beyondShared: number; total: number }>;
  landing: number;
  checkin: number;
  checkinBeyondShared: number;
  worker: number;
};

const sizes: Partial<BundleSizes> = {};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function gzipOf(bundle: Record<string, OutputLike>, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === "chunk") total += gzipSync(chunk.code).length;
  }
  return total;
}

/** Prints the gzip size of each entry and lazy route chunk, and writes dist/bundle-sizes.json. */
export function bundleReport(): Plugin {
  return {
    name: "undertone:bundle-report",
    apply: "build",
    writeBundle(_options, output) {
      const bundle = output as unknown as Record<string, OutputLike>;
      const env = this.environment.name;
      const chunks = Object.values(bundle).filter((o): o is ChunkLike => o.type === "chunk");
      if (env === "client") {
        const entries = chunks.filter((c) => c.isEntry);
        const main = entries.find((c) => c.name === "main");
        const checkinEntry = entries.find((c) => c.name === "checkin");
        if (!main || !checkinEntry) return;
        const shared = chunkClosure(bundle, main.fileName);
        const checkinAll = chunkClosure(bundle, checkinEntry.fileName);
        sizes.entries = Object.fromEntries(
          entries.map((c) => [c.name, kb(gzipOf(bundle, chunkClosure(bundle, c.fileName)))]),
        );
        sizes.landing = kb(gzipOf(bundle, shared));
        sizes.checkin = kb(gzipOf(bundle, checkinAll));
        sizes.checkinBeyondShared = kb(
          gzipOf(
            bundle,
            [...checkinAll].filter((f) => !shared.has(f)),
          ),
        );
        sizes.routes = {};
        for (const chunk of chunks.filter((c) => c.isDynamicEntry)) {
          const all = chunkClosure(bundle, chunk.fileName);
          const beyond = [...all].filter((f) => !shared.has(f));
          const name = chunk.facadeModuleId ? relative(resolve("src"), chunk.facadeModuleId) : chunk.fileName;
          sizes.routes[name] = { beyondShared: kb(gzipOf(bundle, beyond)), total: kb(gzipOf(bundle, all)) };
        }
        const b = BUNDLE_BUDGETS_KB;
        const lines = [
          `gzip  ${String(sizes.landing).padStart(7)} KB  entry main: the landing route (budget ${b.landing} KB)`,
          `gzip  ${String(sizes.checkin).padStart(7)} KB  entry checkin: the check-in link (budget ${b.checkin} KB; ${sizes.checkinBeyondShared} KB beyond the shared runtime, budget ${b.checkinBeyondShared} KB)`,
          ...Object.entries(sizes.routes)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(
              ([name, r]) =>
                `gzip  ${String(r.beyondShared).padStart(7)} KB  lazy  ${name} (own closure: ${r.total} KB)`,
            ),
        ];
        this.environment.logger.info(`\nBundle sizes (client):\n${lines.join("\n")}`);
      } else {
        const total = gzipOf(
          bundle,
          chunks.map((c) => c.fileName),
        );
        sizes.worker = kb(total);
        this.environment.logger.info(
          `\nBundle sizes (${env}): gzip ${sizes.worker} KB (budget ${BUNDLE_BUDGETS_KB.worker} KB)`,
        );
      }
      // Each environment is built with its own instance of this plugin: merge with what the
      // other one wrote (the worker is built first, so a full build never keeps a stale figure).
      const file = resolve("dist/bundle-sizes.json");
      const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<BundleSizes>) : {};
      writeFileSync(file, `${JSON.stringify({ ...earlier, ...sizes }, null, 2)}\n`);
    },
  };
}
