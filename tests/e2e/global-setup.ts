import type { TestProject } from "vitest/node";
import { startSlackStandIn } from "../fixtures/servers/slack-stand-in.ts";
import { startStripeStandIn } from "../fixtures/servers/stripe.ts";
import { SLACK_STANDIN } from "../integration/slack-vars.ts";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { E2E_VARS } from "./vars.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appOrigin: string;
    /** The Slack stand-in the app is configured with (tests/fixtures/servers/slack-stand-in.ts). */
    slackOrigin: string;
    /** The Stripe stand-in (tests/fixtures/servers/stripe.ts): the customer portal, cancels. */
    stripeOrigin: string;
  }
}

/** One built app in workerd for the whole browser run; each test uses its own browser context. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const slack = await startSlackStandIn();
  const stripe = await startStripeStandIn();
  // BETTER_AUTH_URL must be the origin the browser uses.
  const app = await startBuiltApp({
    name: "e2e",
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
  project.provide("appOrigin", app.origin);
  project.provide("slackOrigin", slack.url);
  project.provide("stripeOrigin", stripe.url);
  return async () => {
    await app.stop();
    await slack.close();
    await stripe.close();
  };
}
