import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateLocally } from "../../build-tools/d1-databases.ts";
import { systemStatusSchema } from "../../worker/shared/console/system.ts";
import { totpCode } from "../fixtures/totp.ts";
import { freePort, stopProcess } from "../tools/app-server.ts";
import { launchBrowser } from "./browser.ts";
import { answer, holdClaim, startCheckIn } from "./chat.ts";

/**
 * What a newcomer does first (issue 22 item 2): `npm run dev`, then the printed "Try a
 * check-in as Maya Chen" link in a fresh browser. The page runs React's development build,
 * whose StrictMode runs every effect twice (so the page's GET goes out twice, one of them
 * aborted): it must still open a usable chat. This runs `vite dev` itself (the app's own dev
 * server with the Worker in workerd, on a free port and a state directory of its own) and
 * reads the link from what it prints. The printed operator then finds in the console's System
 * Status that the dev server ran the Worker's cron (local dev fires none by itself).
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

describe("npm run dev: an answer sent with Enter before the answer box is there", () => {
  test("goes out once, though development mode runs the chat's effects twice", { timeout: 150_000 }, async () => {
    await printedDemoLink();
    const { browser, close } = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 850 } });
      const page = await context.newPage();
      // The claim answers only when the test lets it: the start's round trip, held open.
      const release = await holdClaim(page);
      await page.goto(await freshDemoLink());
      await page.getByRole("button", { name: "Start my check-in" }).click({ timeout: 60_000 });
      await page.keyboard.type("Typed before the box, sent with Enter.");
      await page.keyboard.press("Enter");
      release();
      await page.getByLabel("Your message").waitFor({ timeout: 60_000 });
      const mine = page.getByRole("list", { name: "Conversation" }).locator('li[data-sender="user"]');
      await expect.poll(() => page.locator("li[data-pending]").count(), { timeout: 30_000 }).toBe(0);
      await expect.poll(() => mine.allInnerTexts(), { timeout: 30_000 }).toHaveLength(1);
      // The server's copy (a reload shows the snapshot) holds it once.
      await page.reload();
      await page.getByText("Typed before the box, sent with Enter.").waitFor({ timeout: 60_000 });
      expect(await mine.count()).toBe(1);
      await context.close();
    } finally {
      await close();
    }
  });
});

describe("npm run dev runs the scheduled work, as the deployed cron does", () => {
  test("the Worker's scheduled handler has run: the operator console's Scheduled runs check is ok", {
    timeout: 150_000,
  }, async () => {
    await printedDemoLink();
    // The operator as the newcomer signs in: the printed login and authenticator secret.
    const login = /Operator console: (\S+) \/ (\S+)/.exec(output);
    const totpSecret = /base32 secret: ([A-Z2-7]+)/.exec(output)?.[1];
    if (!login?.[1] || !login[2] || !totpSecret) throw new Error(`no operator login printed:\n${output}`);
    const cookie = await operatorCookie({ email: login[1], password: login[2], totpSecret });
    const scheduleCheck = async () => {
      const response = await fetch(`${origin}/api/admin/system`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return systemStatusSchema.parse(await response.json()).checks.find((check) => check.id === "schedule");
    };
    // The first run starts once the demo is seeded; its record lands when the cron's own run ends.
    await expect.poll(scheduleCheck, { timeout: 60_000 }).toMatchObject({ ok: true });
    // And it says so beside the demo logins.
    expect(output).toContain("Scheduled work (cron */15 * * * *) runs now and every 15 min");
    // This server is not where .dev.vars sends sign-ins and emailed links: it says so, with the fix.
    const configured = /^BETTER_AUTH_URL=(\S+)/m.exec(readFileSync(resolve(root, ".dev.vars"), "utf8"))?.[1];
    if (configured && new URL(configured).origin !== origin) {
      expect(output).toContain(`set BETTER_AUTH_URL=${origin} and restart`);
    }
  });
});

/**
 * The operator's session cookie, signed in through the API: the password, then a code from the
 * authenticator with the sign-in's two-factor cookie. Sent from the origin the dev server's
 * .dev.vars trusts (BETTER_AUTH_URL, http://localhost:5173 in the example): this server
 * listens on a port of its own, which better-auth would refuse as an origin.
 */
async function operatorCookie(account: { email: string; password: string; totpSecret: string }): Promise<string> {
  const configured = /^BETTER_AUTH_URL=(\S+)/m.exec(readFileSync(resolve(root, ".dev.vars"), "utf8"))?.[1];
  const headers = { "content-type": "application/json", origin: configured ? new URL(configured).origin : origin };
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .join("; ");
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(signIn.status).toBe(200);
  const verified = await fetch(`${origin}/api/auth/two-factor/verify-totp`, {
    method: "POST",
    headers: { ...headers, cookie: cookieOf(signIn) },
    body: JSON.stringify({ code: await totpCode(account.totpSecret) }),
  });
  expect(verified.status).toBe(200);
  return cookieOf(verified);
}

/** Another demo link from the same dev server, as a second `npm run dev` would print. */
async function freshDemoLink(): Promise<string> {
  const response = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { checkInUrl: string }).checkInUrl;
}
