/**
 * The npm registry reachable from our build machines is a partial mirror: some platform
 * builds (darwin/windows/musl/android binaries of biome, workerd and tailwind's oxide) are
 * missing at the versions we use, so `npm install` leaves them out of package-lock.json and
 * `npm ci` then refuses the lockfile as out of sync. This adds the missing optional
 * platform entries (version, os, cpu), exactly as npm would have written them with the full
 * registry: on a laptop of that platform npm ci fetches them; elsewhere they are skipped.
 *
 * Run after changing dependencies: `node tests/tools/complete-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

type LockEntry = {
  version?: string;
  optional?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
};
type Lockfile = { packages: Record<string, LockEntry>; [key: string]: unknown };

const PLATFORMS: [RegExp, Pick<LockEntry, "os" | "cpu" | "libc">][] = [
  [/android-arm64/, { os: ["android"], cpu: ["arm64"] }],
  [/android-x64/, { os: ["android"], cpu: ["x64"] }],
  [/darwin-(arm64|aarch64)/, { os: ["darwin"], cpu: ["arm64"] }],
  [/darwin-(x64|64)/, { os: ["darwin"], cpu: ["x64"] }],
  [/freebsd-x64/, { os: ["freebsd"], cpu: ["x64"] }],
  [/linux-arm-gnueabihf/, { os: ["linux"], cpu: ["arm"] }],
  [/linux-arm64-musl/, { os: ["linux"], cpu: ["arm64"], libc: ["musl"] }],
  [/linux-x64-musl/, { os: ["linux"], cpu: ["x64"], libc: ["musl"] }],
  [/wasm32-wasi/, { cpu: ["wasm32"] }],
  [/win32-arm64/, { os: ["win32"], cpu: ["arm64"] }],
  [/(win32-x64|windows-64)/, { os: ["win32"], cpu: ["x64"] }],
];

const lockPath = resolve(import.meta.dirname, "../../package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as Lockfile;

/** Where node resolves `name` from the package installed at `from`: nearest node_modules first. */
function resolvedFrom(from: string, name: string): string | undefined {
  const parts = from.split("/node_modules/");
  for (let i = parts.length; i >= 1; i--) {
    const candidate = `${parts.slice(0, i).join("/node_modules/")}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
  }
  return lock.packages[`node_modules/${name}`] ? `node_modules/${name}` : undefined;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path || !entry.optionalDependencies) continue;
  for (const [name, range] of Object.entries(entry.optionalDependencies)) {
    const version = range.replace(/^[~^=]/, "");
    const found = resolvedFrom(path, name);
    if (found && lock.packages[found]?.version === version) continue;
    const platform = PLATFORMS.find(([pattern]) => pattern.test(name))?.[1];
    if (!platform || !/^\d+\.\d+\.\d+$/.test(version)) {
      if (!found) console.warn(`skipped ${name}@${range} (needed by ${path}): unknown platform or range`);
      continue;
    }
    // In the node_modules folder that holds the package needing it, as npm nests it.
    const target = `${path.slice(0, path.lastIndexOf("node_modules/") + "node_modules/".length)}${name}`;
    if (lock.packages[target]) continue;
    lock.packages[target] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
