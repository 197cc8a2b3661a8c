/** Bindings the integration tests run with: development mode, no external providers. */
export const INTEGRATION_VARS = {
  APP_ENV: "development",
  BETTER_AUTH_SECRET: "integration-test-secret-0123456789abcdef0123456789abcdef",
  BETTER_AUTH_URL: "http://localhost:5173",
  SUPERADMIN_EMAILS: "operator@undertone.dev,Second.Operator@Undertone.dev",
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: "",
  OPENAI_MODEL: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_PRICE_ID: "",
  EMAIL_API_KEY: "",
  EMAIL_FROM: "Undertone <no-reply@undertone.dev>",
} as const;

/** The password the auth helpers give every test account. */
export const TEST_PASSWORD = "correct-horse-battery";
