import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startSlackStandIn } from "../fixtures/servers/slack-stand-in.ts";
import { startStripeStandIn } from "../fixtures/servers/stripe.ts";
import { SLACK_STANDIN } from "../integration/slack-vars.ts";
import { type AppServer, freePort, migratedState, startBuiltApp } from "../tools/app-server.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tools/chromium.ts";
import type { E2EApp } from "./app.ts";
import { E2E_VARS } from "./vars.ts";

/**
 * One built app in workerd per worker (tests/e2e/app.ts), each with its own Slack and Stripe
 * stand-ins and its own chromium, for the whole browser run; each test uses its own browser
 * context.
 */
export default async function setup(project: TestProject) {
  const workers = project.config.maxWorkers ?? 1;
  await migratedState(); // once, before the apps copy it
  const starts = await Promise.allSettled(Array.from({ length: workers }, (_, i) => startApp(`e2e-${i + 1}`)));
  const started = starts.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const failed = starts.find((start) => start.status === "rejected");
  if (failed) {
    await Promise.all(started.map(({ stop }) => stop()));
    throw failed.reason;
  }
  project.provide(
    "e2eApps",
    started.map(({ app }) => app),
  );
  return async () => {
    await Promise.all(started.map(({ stop }) => stop()));
  };
}

async function startApp(name: string): Promise<{ app: E2EApp; stop: () => Promise<void> }> {
  const slack = await startSlackStandIn();
  const stripe = await startStripeStandIn();
  const browser = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  const stopStandIns = async () => {
    await browser.close();
    await slack.close();
    await stripe.close();
  };
  const start = async () => {
    const port = await freePort();
    return startBuiltApp({
      name,
      port,
      vars: {
        ...E2E_VARS,
        // The origin the browser uses.
        BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
        SLACK_CLIENT_ID: SLACK_STANDIN.clientId,
        SLACK_CLIENT_SECRET: SLACK_STANDIN.clientSecret,
        SLACK_SIGNING_SECRET: SLACK_STANDIN.signingSecret,
        SLACK_BASE_URL: slack.url,
        STRIPE_API_BASE: stripe.url,
      },
    });
  };
  let app: AppServer;
  try {
    // Once more on other ports if wrangler stops early: a free port may be taken before wrangler
    // binds it (the apps start at once, and other programs on the machine pick ports too).
    app = await start().catch((error: unknown) => {
      console.warn(`${name}: the app did not start, trying other ports once:`, String(error).slice(-2000));
      return start();
    });
  } catch (error) {
    await stopStandIns();
    throw error;
  }
  return {
    app: {
      origin: app.origin,
      slackOrigin: slack.url,
      stripeOrigin: stripe.url,
      browserEndpoint: browser.wsEndpoint(),
    },
    stop: async () => {
      await app.stop();
      await stopStandIns();
    },
  };
}
