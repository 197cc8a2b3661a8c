import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { d1Databases, migrateLocally } from "../../build-tools/d1-databases.ts";

const root = resolve(import.meta.dirname, "../..");
const wrangler = resolve(root, "node_modules/.bin/wrangler");

export type AppServer = {
  origin: string;
  port: number;
  /** The D1 and Durable Object state of this run (`--persist-to`). */
  stateDir: string;
  /** Everything wrangler and the Worker printed so far (console output included). */
  output: () => string;
  /** The wrangler process (workerd runs as its child). */
  pid: number;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Runs wrangler synchronously (d1 migrations, d1 execute); throws with its output on failure. */
export function runWrangler(args: string[]): string {
  const result = spawnSync(wrangler, args, {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "1", NO_COLOR: "1" },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * A state directory with only the migrations applied to every database (the platform's and
 * each shard, build-tools/d1-databases.ts `migrateLocally`), made once per set of migrations
 * and copied for each fresh app: the browser tests start several apps. Named by a hash of
 * wrangler.jsonc (the databases), every database's migration files, the migrating code and
 * wrangler's version, so a new or changed migration (or database) makes a new one.
 */
export async function migratedState(): Promise<string> {
  const hash = createHash("sha256");
  hash.update(readFileSync(resolve(root, "wrangler.jsonc")));
  hash.update(readFileSync(resolve(root, "build-tools/d1-databases.ts")));
  hash.update(readFileSync(resolve(root, "node_modules/wrangler/package.json")));
  const dirs = [...new Set(d1Databases().map((db) => db.migrationsDir ?? "migrations"))].sort();
  for (const dir of dirs) {
    const migrations = resolve(root, dir);
    for (const file of readdirSync(migrations)
      .filter((name) => name.endsWith(".sql"))
      .sort()) {
      hash.update(`${dir}/${file}`).update(readFileSync(resolve(migrations, file)));
    }
  }
  const template = resolve(root, "tests/.artifacts/migrated", hash.digest("hex").slice(0, 16));
  if (!existsSync(template)) {
    const partial = `${template}.${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    await migrateLocally(partial);
    // Another process may have made it meanwhile: theirs is the same, keep the first.
    if (existsSync(template)) rmSync(partial, { recursive: true, force: true });
    else renameSync(partial, template);
  }
  return template;
}

/**
 * Runs the built app (dist/, from `vite build`) in workerd through `wrangler dev`, with
 * its own fresh D1 state (a copy of `migratedState()`) and the given variables. Used by the e2e
 * tests and the benchmark.
 *
 * `prepare` runs after the migrations and before the Worker starts (the benchmark inserts
 * its check-ins there, while no other process holds the database). `keepState` restarts
 * on the state of an earlier run instead of a fresh one (the benchmark's restart).
 */
export async function startBuiltApp(options: {
  name: string;
  vars: Record<string, string>;
  port?: number;
  keepState?: boolean;
  /** Runs after the migrations, before the server starts: e.g. load a fixture into D1 (`d1Execute`). */
  prepare?: (stateDir: string) => void | Promise<void>;
  inspectorPort?: number;
  /** Another wrangler config for the built Worker (the bench's meter, tests/bench/scale.ts). */
  config?: string;
  extraArgs?: string[];
  /** Where `<name>/state` goes (default tests/.artifacts; the benchmark's chat loads: tests/bench/bench-runtime.ts). */
  stateRoot?: string;
}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const stateDir = resolve(options.stateRoot ?? resolve(root, "tests/.artifacts"), options.name, "state");
  if (!options.keepState) {
    rmSync(stateDir, { recursive: true, force: true });
    // Every database: the platform one and each shard (worker/db/shards.ts).
    mkdirSync(resolve(stateDir, ".."), { recursive: true });
    cpSync(await migratedState(), stateDir, { recursive: true });
    await options.prepare?.(stateDir);
  }
  const envFile = resolve(root, "tests/.artifacts", options.name, "app.env");
  mkdirSync(dirname(envFile), { recursive: true });
  writeFileSync(
    envFile,
    Object.entries(options.vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n"),
  );
  const server = await startWranglerDev({
    config: options.config ?? "dist/undertone/wrangler.json",
    port,
    stateDir,
    extraArgs: ["--env-file", envFile, ...(options.extraArgs ?? [])],
    healthPath: "/api/health",
    ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
  });
  return { ...server, stateDir };
}

/** `wrangler dev` for any config, on 127.0.0.1:port, resolved once `healthPath` answers 2xx. */
export async function startWranglerDev(options: {
  config: string;
  port: number;
  stateDir: string;
  healthPath: string;
  extraArgs?: string[];
  /** Chrome DevTools protocol for the Worker (profiling); a free port when not given. */
  inspectorPort?: number;
}): Promise<Omit<AppServer, "stateDir">> {
  const child = spawn(
    wrangler,
    [
      "dev",
      "--config",
      options.config,
      "--port",
      String(options.port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      options.stateDir,
      ...(options.extraArgs ?? []),
      "--inspector-port",
      String(options.inspectorPort ?? (await freePort())),
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { cwd: root, env: { ...process.env, CI: "1", NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });

  const origin = `http://127.0.0.1:${options.port}`;
  await waitForHealth(`${origin}${options.healthPath}`, child, () => output);
  return { origin, port: options.port, pid: child.pid ?? 0, output: () => output, stop: () => stopProcess(child) };
}

/** Runs a SQL file against the local D1 of a state directory (before the app starts on it). */
export function d1Execute(stateDir: string, file: string): void {
  runWrangler(["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"]);
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // SIGTERM first: node_modules/.bin/wrangler is a shim that passes SIGTERM on to wrangler itself,
  // which stops its workerd; a SIGKILL would end the shim alone and leave the app running.
  await stopProcess(child);
  throw new Error(`The app did not become healthy within 60 s:\n${output()}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolveStop) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill("SIGTERM");
  });
}
