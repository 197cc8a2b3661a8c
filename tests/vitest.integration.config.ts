import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { startOpenAiStandIn } from "./fixtures/servers/openai-stand-in.ts";
import { INTEGRATION_VARS } from "./integration/vars.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Files that run with the OpenAI-compatible provider configured (against the stand-in). */
const OPENAI_TESTS = ["tests/integration/**/*.openai.test.ts"];

/**
 * The Worker, D1 and the CheckInSession object inside workerd, configured from the real
 * wrangler.jsonc. Each test file gets its own storage; migrations are applied in setup.
 *
 * Two projects: "integration" runs with no AI key (the embedded interviewer), and
 * "integration-openai" points OPENAI_BASE_URL at the local OpenAI-compatible stand-in,
 * started here in Node, so the real openai client code path runs inside workerd.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}drizzle`);
  const standIn = await startOpenAiStandIn({ firstTokenDelayMs: 20, tokenDelayMs: 5 });
  standIn.unref();
  const project = (name: string, bindings: Record<string, unknown>, include: string[], exclude: string[] = []) => ({
    plugins: [
      cloudflareTest({
        wrangler: { configPath: `${root}wrangler.jsonc` },
        miniflare: { bindings: { ...INTEGRATION_VARS, ...bindings, TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      name,
      root,
      include,
      exclude,
      setupFiles: ["tests/integration/setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  });
  return {
    root,
    test: {
      projects: [
        project("integration", {}, ["tests/integration/**/*.test.ts"], OPENAI_TESTS),
        project(
          "integration-openai",
          { OPENAI_API_KEY: "sk-stand-in", OPENAI_BASE_URL: standIn.baseURL, OPENAI_MODEL: "stand-in-model" },
          OPENAI_TESTS,
        ),
      ],
    },
  };
});
