import type { TestProject } from "vitest/node";
import { freePort, startBuiltApp } from "../tools/app-server.ts";
import { E2E_VARS } from "./vars.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appOrigin: string;
  }
}

/** One built app in workerd for the whole browser run; each test uses its own browser context. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  // BETTER_AUTH_URL must be the origin the browser uses.
  const app = await startBuiltApp({
    name: "e2e",
    port,
    vars: { ...E2E_VARS, BETTER_AUTH_URL: `http://127.0.0.1:${port}` },
  });
  project.provide("appOrigin", app.origin);
  return async () => {
    await app.stop();
  };
}
