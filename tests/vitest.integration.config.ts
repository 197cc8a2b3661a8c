import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { INTEGRATION_VARS } from "./integration/vars.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The Worker, D1 and the CheckInSession object inside workerd, configured from the real
 * wrangler.jsonc. Each test file gets its own storage; migrations are applied in setup.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}drizzle`);
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}wrangler.jsonc` },
        miniflare: { bindings: { ...INTEGRATION_VARS, TEST_MIGRATIONS: migrations } },
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
