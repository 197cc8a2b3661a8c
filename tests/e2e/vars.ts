import { NO_PROVIDERS } from "../integration/vars.ts";

/** The built app's variables during the browser tests. */
export const E2E_VARS = {
  APP_ENV: "development",
  BETTER_AUTH_SECRET: "e2e-test-secret-0123456789abcdef0123456789abcdef0123",
  SUPERADMIN_EMAILS: "operator@undertone.dev,e2e.operator@undertone.dev",
  ...NO_PROVIDERS,
};
