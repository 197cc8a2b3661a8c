import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Browser tests: playwright-core drives Debian's chromium against the built app in workerd. */
export default defineConfig({
  root,
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    // expect.poll waits up to 10 s (vitest's 1 s is too short for a page on a loaded machine).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // Two files at a time, each worker against an app of its own (global-setup.ts, app.ts).
    maxWorkers: 2,
    // A worker's files share its Node process: playwright and the helpers load once per worker.
    isolate: false,
  },
});
