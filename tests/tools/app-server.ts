import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const wrangler = resolve(root, "node_modules/.bin/wrangler");

export type AppServer = { origin: string; port: number; stop: () => Promise<void> };

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

/**
 * Runs the built app (dist/, from `vite build`) in workerd through `wrangler dev`, with
 * its own fresh D1 state, migrations applied and the given variables. Used by the e2e
 * tests and the benchmark.
 */
export async function startBuiltApp(options: {
  name: string;
  vars: Record<string, string>;
  port?: number;
  /** Runs after the migrations, before the server starts: e.g. load a fixture into D1 (`d1Execute`). */
  prepare?: (stateDir: string) => void | Promise<void>;
}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const stateDir = resolve(root, "tests/.artifacts", options.name, "state");
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  const envFile = resolve(root, "tests/.artifacts", options.name, "app.env");
  writeFileSync(
    envFile,
    Object.entries(options.vars)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join("\n"),
  );

  const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "1" },
  });
  if (migrate.status !== 0) throw new Error(`D1 migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  await options.prepare?.(stateDir);

  const child = spawn(
    wrangler,
    [
      "dev",
      "--config",
      "dist/undertone/wrangler.json",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      stateDir,
      "--env-file",
      envFile,
      "--inspector-port",
      String(await freePort()),
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

  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(origin, child, () => output);
  return { origin, port, stop: () => stopProcess(child) };
}

/** Runs a SQL file against the local D1 of a state directory (before the app starts on it). */
export function d1Execute(stateDir: string, file: string): void {
  const run = spawnSync(
    wrangler,
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--file", file, "--yes"],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, CI: "1" },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0)
    throw new Error(`wrangler d1 execute failed:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`);
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
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
