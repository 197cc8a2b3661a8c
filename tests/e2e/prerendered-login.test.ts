import { expect, it } from "vitest";
import { createVerifiedAdmin, randomClientIp } from "./auth.ts";
import { browserSuite } from "./browser.ts";

const { newPage, origin } = browserSuite();

// /login is prerendered: on a slow phone the form is on screen before its script runs.
it("keeps what was typed into the prerendered login form before the page's script ran", async () => {
  const admin = await createVerifiedAdmin(origin);
  const { page, context } = await newPage({ width: 375, height: 812 });
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\.js(\?|$)/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });

  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  // Nothing has run yet: the prerendered markup's button is still the disabled one.
  expect(await page.getByRole("button", { name: "Log In", exact: true }).isDisabled()).toBe(true);

  release();
  const logIn = page.getByRole("button", { name: "Log In", exact: true });
  await expect.poll(() => logIn.isEnabled(), { timeout: 20_000 }).toBe(true);
  expect(await page.getByLabel("Email").inputValue()).toBe(admin.email);
  await logIn.click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 15_000 });
  await context.close();
});
