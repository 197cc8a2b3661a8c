import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { startEmailStandIn } from "./fixtures/servers/email.ts";
import { startStripeStandIn } from "./fixtures/servers/stripe.ts";
import { INTEGRATION_VARS } from "./integration/vars.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The stripe package ships source maps without their sources; Vite would warn for each file. */
function quietMissingSourceMaps(): Plugin {
  return {
    name: "undertone:quiet-missing-sourcemaps",
    configResolved(config) {
      const warnOnce = config.logger.warnOnce.bind(config.logger);
      config.logger.warnOnce = (message, options) => {
        if (!message.includes("points to missing source files")) warnOnce(message, options);
      };
    },
  };
}

/**
 * The Worker, D1 and the CheckInSession object inside workerd, configured from the real
 * wrangler.jsonc. Each test file gets its own storage; migrations are applied in setup.
 * Stand-ins for Stripe and the email provider run on 127.0.0.1 for the whole run; tests
 * point the real clients at them through bindings (see tests/integration/vars.ts).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}drizzle`);
  const [stripe, email] = await Promise.all([startStripeStandIn(), startEmailStandIn()]);
  return {
    root,
    plugins: [
      quietMissingSourceMaps(),
      cloudflareTest({
        wrangler: { configPath: `${root}wrangler.jsonc` },
        miniflare: {
          bindings: {
            ...INTEGRATION_VARS,
            TEST_MIGRATIONS: migrations,
            STRIPE_STANDIN_URL: stripe.url,
            EMAIL_STANDIN_URL: email.url,
          },
        },
      }),
    ],
    test: {
      name: "integration",
      include: ["tests/integration/**/*.test.ts"],
      setupFiles: ["tests/integration/setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  };
});
