import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { startSlackStandIn } from "../fixtures/servers/slack-stand-in.ts";
import { startStripeStandIn } from "../fixtures/servers/stripe.ts";
import { SLACK_STANDIN } from "../integration/slack-vars.ts";
import { freePort, migratedState, startBuiltApp } from "../tools/app-server.ts";
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
  migratedState(); // once, before the apps copy it
  const started = await Promise.all(Array.from({ length: workers }, (_, i) => startApp(`e2e-${i + 1}`)));
  project.provide(
    "e2eApps",
    started.map(({ app }) => app),
  );
  return async () => {
    await Promise.all(started.map(({ stop }) => stop()));
  };
}

async function startApp(name: string): Promise<{ app: E2EApp; stop: () => Promise<void> }> {
  const port = await freePort();
  const slack = await startSlackStandIn();
  const stripe = await startStripeStandIn();
  const browser = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  // BETTER_AUTH_URL must be the origin the browser uses.
  const app = await startBuiltApp({
    name,
    port,
    vars: {
      ...E2E_VARS,
      BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
      SLACK_CLIENT_ID: SLACK_STANDIN.clientId,
      SLACK_CLIENT_SECRET: SLACK_STANDIN.clientSecret,
      SLACK_SIGNING_SECRET: SLACK_STANDIN.signingSecret,
      SLACK_BASE_URL: slack.url,
      STRIPE_API_BASE: stripe.url,
    },
  });
  return {
    app: {
      origin: app.origin,
      slackOrigin: slack.url,
      stripeOrigin: stripe.url,
      browserEndpoint: browser.wsEndpoint(),
    },
    stop: async () => {
      await browser.close();
      await app.stop();
      await slack.close();
      await stripe.close();
    },
  };
}
