import { NO_PROVIDERS } from "../integration/vars.ts";

/** Stripe in the browser tests: the stand-in, with no price (the Pro plan's checkout says payments are not configured). */
export const E2E_STRIPE = { secretKey: "sk_test_e2e", webhookSecret: "whsec_e2e" } as const;
/** Configured, not the wrangler.jsonc default: the pages must show what the deployment says. */
export const E2E_DEMO_URL = "https://demo.e2e.example/book";

/** The built app's variables during the browser tests. */
export const E2E_VARS = {
  APP_ENV: "development",
  BETTER_AUTH_SECRET: "e2e-test-secret-0123456789abcdef0123456789abcdef0123",
  SUPERADMIN_EMAILS: "operator@undertone.dev,e2e.operator@undertone.dev",
  ...NO_PROVIDERS,
  STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
  STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
  DEMO_URL: E2E_DEMO_URL,
};
