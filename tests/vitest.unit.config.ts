import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Pure rules (phases, scoring, validation, timer text): plain functions, run in Node. */
export default defineConfig({
  root,
  resolve: { alias: { "@/": `${root}src/`, "@shared/": `${root}worker/shared/` } },
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
  },
});
