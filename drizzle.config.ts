import { defineConfig } from "drizzle-kit";

// drizzle-kit 0.31 writes flat SQL files, which is what wrangler's d1 migrations expect.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./drizzle",
});
