/** The built app's variables during the browser tests. */
export const E2E_VARS = {
  APP_ENV: "development",
  BETTER_AUTH_SECRET: "e2e-test-secret-0123456789abcdef0123456789abcdef0123",
  SUPERADMIN_EMAILS: "operator@undertone.dev,e2e.operator@undertone.dev",
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: "",
  OPENAI_MODEL: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_PRICE_ID: "",
  EMAIL_API_KEY: "",
  EMAIL_FROM: "Undertone <no-reply@undertone.dev>",
};
