import { expect, it } from "vitest";
import { browserSuite } from "./browser.ts";

const { newPage, origin } = browserSuite();

it("serves the API and the SPA from one origin", async () => {
  const health = await fetch(`${origin}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: { reachable: true } });
  const unknownApi = await fetch(`${origin}/api/nothing-here`);
  expect(unknownApi.status).toBe(404);
  expect(await unknownApi.json()).toMatchObject({ error: { code: "not_found" } });
});

it("shows the 404 page for an unknown path, with a way home", async () => {
  const { page, context } = await newPage({ width: 375, height: 812 });
  await page.goto("/definitely/not/a/page");
  await expect.poll(() => page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await page.waitForURL(`${origin}/`);
  await context.close();
});

it("sends /landing (the error boundary's Go Home) to the landing page", async () => {
  const { page, context } = await newPage();
  await page.goto("/landing");
  await page.waitForURL(`${origin}/`);
  await context.close();
});
