import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { startEmailStandIn } from "./fixtures/servers/email.ts";
import { startOpenAiStandIn } from "./fixtures/servers/openai-stand-in.ts";
import { startSlackStandIn } from "./fixtures/servers/slack-stand-in.ts";
import { startStripeStandIn } from "./fixtures/servers/stripe.ts";
import { SLACK_STANDIN } from "./integration/slack-vars.ts";
import { INTEGRATION_VARS } from "./integration/vars.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Files that run with the OpenAI-compatible provider configured (against the stand-in). */
const OPENAI_TESTS = ["tests/integration/**/*.openai.test.ts"];
/**
 * Files that run with new organizations assigned to the shards DB_SHARD_0 and DB_SHARD_1, as
 * deployed (worker/db/shards.ts). Every other file runs with new organizations kept in the
 * platform database (OPEN_SHARDS=DB, what an organization created before shards has): those
 * files arrange rows through env.DB directly.
 */
const SHARDED_TESTS = ["tests/integration/**/*.sharded.test.ts"];

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
 * The Worker, its D1 databases (the platform's and each shard) and the CheckInSession object
 * inside workerd, configured from the real wrangler.jsonc. The files of a project share one
 * workerd (`isolate: false`): a workerd of its own cost each file ~7 s of start-up and of
 * loading the Worker's ~1,200 modules again.
 * Each file still starts on empty storage: tests/integration/setup.ts resets the Durable
 * Objects, drops every database's tables and applies the migrations, and checks that no row is
 * left in any of them.
 *
 * Stand-ins for the services we cannot reach (the OpenAI-compatible API, Stripe, the email
 * provider, Slack) run in Node on 127.0.0.1; the real clients inside workerd are pointed at
 * them through bindings. Each workerd gets stand-ins of its own (the options below are read
 * when a workerd starts), so two files running at once never see each other's requests or
 * switch the other's Slack off. Three projects: "integration" runs with no AI key (the
 * embedded interviewer), "integration-openai" with the OpenAI-compatible provider, and
 * "integration-sharded" with new organizations in the shards (see SHARDED_TESTS).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(`${root}drizzle`);
  const project = (
    name: string,
    bindings: (openAiBaseURL: string) => Record<string, unknown>,
    include: string[],
    exclude: string[] = [],
  ) => ({
    plugins: [
      quietMissingSourceMaps(),
      cloudflareTest(async () => {
        const [openAi, stripe, email, slack] = await Promise.all([
          startOpenAiStandIn({ firstTokenDelayMs: 20, tokenDelayMs: 5 }),
          startStripeStandIn(),
          startEmailStandIn(),
          startSlackStandIn(),
        ]);
        openAi.unref();
        return {
          wrangler: { configPath: `${root}wrangler.jsonc` },
          miniflare: {
            bindings: {
              ...INTEGRATION_VARS,
              ...bindings(openAi.baseURL),
              TEST_MIGRATIONS: migrations,
              STRIPE_STANDIN_URL: stripe.url,
              EMAIL_STANDIN_URL: email.url,
              // Slack is configured everywhere, against the stand-in (worker/slack, worker/notify).
              SLACK_CLIENT_ID: SLACK_STANDIN.clientId,
              SLACK_CLIENT_SECRET: SLACK_STANDIN.clientSecret,
              SLACK_SIGNING_SECRET: SLACK_STANDIN.signingSecret,
              SLACK_BASE_URL: slack.url,
              SLACK_STANDIN_URL: slack.url,
            },
          },
        };
      }),
    ],
    test: {
      name,
      root,
      include,
      exclude,
      setupFiles: ["tests/integration/setup.ts"],
      // One workerd and one module graph for the files of a project (see above and setup.ts).
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  });
  return {
    root,
    test: {
      // Two files at a time, each in its own workerd: one workerd runs a file on about one core.
      maxWorkers: 2,
      // A log line written by work a file left running (a queue batch, a waitUntil) after the
      // file ended reaches a closed RPC channel: only that line is lost, nothing was tested by
      // it. Every other unhandled error still fails the run.
      onUnhandledError(error: { name?: string; message?: string }) {
        return !(
          error.name === "EnvironmentTeardownError" && error.message?.includes('"onUserConsoleLog" was pending')
        );
      },
      projects: [
        project(
          "integration",
          () => ({ OPEN_SHARDS: "DB" }),
          ["tests/integration/**/*.test.ts"],
          [...OPENAI_TESTS, ...SHARDED_TESTS],
        ),
        project(
          "integration-openai",
          (openAiBaseURL) => ({
            OPEN_SHARDS: "DB",
            OPENAI_API_KEY: "sk-stand-in",
            OPENAI_BASE_URL: openAiBaseURL,
            OPENAI_MODEL: "stand-in-model",
          }),
          OPENAI_TESTS,
        ),
        project("integration-sharded", () => ({}), SHARDED_TESTS),
      ],
    },
  };
});
