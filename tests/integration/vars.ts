/** No AI key, no Stripe, no email provider: the app's offline defaults (integration and e2e). */
export const NO_PROVIDERS = {
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: "",
  OPENAI_MODEL: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_PRICE_ID: "",
  EMAIL_API_KEY: "",
  EMAIL_FROM: "Undertone <no-reply@undertone.dev>",
} as const;

/** Bindings the integration tests run with: development mode, no external providers. */
export const INTEGRATION_VARS = {
  APP_ENV: "development",
  BETTER_AUTH_SECRET: "integration-test-secret-0123456789abcdef0123456789abcdef",
  BETTER_AUTH_URL: "http://localhost:5173",
  SUPERADMIN_EMAILS: "operator@undertone.dev,Second.Operator@Undertone.dev",
  ...NO_PROVIDERS,
} as const;

/** The password the auth helpers give every test account. */
export const TEST_PASSWORD = "correct-horse-battery";

/**
 * What the Stripe and email-provider stand-ins (tests/fixtures/servers) and the tests that
 * read them agree on. Kept here because both the Node side and workerd compile this file.
 */
export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: string };
/** A Stripe key the stand-in refuses, as Stripe refuses a revoked key. */
export const STRIPE_INVALID_KEY = "sk_test_revoked";
/**
 * Ids the Stripe stand-in answers as Stripe would for them: a subscription it has never heard
 * of (404 resource_missing), one whose cancellation Stripe refuses (500), a customer it does
 * not know (400 resource_missing). Prefixes: a test adds its own suffix.
 */
export const STRIPE_MISSING_SUBSCRIPTION = "sub_missing";
export const STRIPE_FAILING_SUBSCRIPTION = "sub_failing";
export const STRIPE_UNKNOWN_CUSTOMER = "cus_unknown";
/** An email-provider key the stand-in refuses. */
export const EMAIL_INVALID_KEY = "re_invalid";

/** Stripe's form encoding (`line_items[0][price]=…`) read back into flat name → value pairs. */
export function stripeForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}
