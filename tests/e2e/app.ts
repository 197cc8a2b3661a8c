import { inject } from "vitest";

/** One built app in workerd with the stand-ins it is configured with (tests/e2e/global-setup.ts). */
export type E2EApp = {
  origin: string;
  /** The Slack stand-in (tests/fixtures/servers/slack-stand-in.ts): /__posts. */
  slackOrigin: string;
  /** The Stripe stand-in (tests/fixtures/servers/stripe.ts): the customer portal, cancels, /__requests. */
  stripeOrigin: string;
  /** The worker's chromium (playwright's browser server): files connect instead of starting one each. */
  browserEndpoint: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** One app per worker, by VITEST_POOL_ID − 1. */
    e2eApps: E2EApp[];
  }
}

/**
 * The app of this file's worker. Browser test files run two at a time, each worker against
 * an app of its own (its own D1, mailbox and stand-ins), so files running at the same time
 * never meet; the files of one worker run one after another against its app.
 */
export function e2eApp(): E2EApp {
  const apps = inject("e2eApps");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  const app = apps[worker - 1];
  if (!app) throw new Error(`no e2e app for worker ${worker}: global-setup.ts started ${apps.length}`);
  return app;
}
