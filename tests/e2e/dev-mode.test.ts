import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateLocally } from "../../build-tools/d1-databases.ts";
import { freePort, stopProcess } from "../tools/app-server.ts";
import { launchBrowser } from "./browser.ts";
import { answer, startCheckIn } from "./chat.ts";

/**
 * What a newcomer does first (issue 22 item 2): `npm run dev`, then the printed "Try a
 * check-in as Maya Chen" link in a fresh browser. The page runs React's development build,
 * whose StrictMode runs every effect twice (so the page's GET goes out twice, one of them
 * aborted): it must still open a usable chat. This runs `vite dev` itself (the app's own dev
 * server with the Worker in workerd, on a free port and a state directory of its own) and
 * reads the link from what it prints.
 */
const root = resolve(import.meta.dirname, "../..");
const stateDir = resolve(root, "tests/.artifacts/vite-dev/state");
let server: ChildProcess | null = null;
let output = "";
let origin = "";

beforeAll(async () => {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  // What `npm run dev` does first: the migrations, on this state.
  // Every database: the platform one and each shard (worker/db/shards.ts).
  await migrateLocally(stateDir);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = spawn(resolve(root, "node_modules/.bin/vite"), ["dev", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: { ...process.env, UNDERTONE_STATE_DIR: stateDir, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
}, 120_000);

afterAll(async () => {
  if (server) await stopProcess(server);
});

/** The demo check-in link `npm run dev` prints once it has seeded the demo organization. */
async function printedDemoLink(): Promise<string> {
  const deadline = Date.now() + 110_000;
  for (;;) {
    // The line as the README shows it (the seeding hook colours only its arrow); a link's characters only.
    const link = /Try a check-in as Maya Chen: (https?:\/\/[\w.:/?=&-]+)/.exec(output)?.[1];
    if (link) return link;
    if (server?.exitCode !== null) throw new Error(`vite dev exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no demo link printed within 110 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("npm run dev, as a newcomer tries it", () => {
  test("the printed demo link opens a usable chat in a fresh browser, in React's development mode", {
    timeout: 180_000,
  }, async () => {
    const link = await printedDemoLink();
    expect(link.startsWith(`${origin}/check-in/`)).toBe(true);
    const { browser, close } = await launchBrowser();
    try {
      for (const width of [375, 1440]) {
        // A fresh link per width (each run of the seed hook makes one): a new browser profile each.
        const url = width === 375 ? link : await freshDemoLink();
        const context = await browser.newContext({ viewport: { width, height: 850 } });
        const page = await context.newPage();
        const warnings: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error" || message.type() === "warning") warnings.push(message.text());
        });
        try {
          await page.goto(url);
          // The development build (StrictMode's doubled effects), not the production one.
          expect(await page.locator("script[src*='@vite/client']").count()).toBe(1);
          await page.getByRole("heading", { name: "Hi Maya, ready for your check-in?" }).waitFor({ timeout: 60_000 });
          expect(await page.getByTestId("open-elsewhere").count()).toBe(0);
          await startCheckIn(page);
          await page.getByRole("heading", { name: "Your check-in, Maya" }).waitFor();
          await answer(page, "A good week: two renewals signed and the pipeline looks healthy.", 30_000);
          expect(await page.getByTestId("open-elsewhere").count()).toBe(0);
          // A reload in development mode (effects doubled again) keeps the chat.
          await page.reload();
          await page.getByText("two renewals signed").waitFor({ timeout: 60_000 });
          // The doubled effect opens one socket, not one it then closes while still connecting.
          expect(warnings.filter((text) => /WebSocket/.test(text))).toEqual([]);
        } finally {
          await context.close();
        }
      }
    } finally {
      await close();
    }
  });
});

/** Another demo link from the same dev server, as a second `npm run dev` would print. */
async function freshDemoLink(): Promise<string> {
  const response = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { checkInUrl: string }).checkInUrl;
}
