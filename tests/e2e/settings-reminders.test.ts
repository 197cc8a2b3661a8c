import { describe, expect, test } from "vitest";
import { createVerifiedAdmin, loginAs, randomClientIp } from "./auth.ts";
import { browserSuite } from "./browser.ts";

/**
 * Settings → Reminders and expiry: a reminder is due only after its interval and never after
 * the link expires, so an interval as long as the expiry (or longer) means no reminder ever
 * goes out while the switch says they do. The form refuses it, under the interval's field.
 */
const { newPage, origin } = browserSuite();

describe("reminders and expiry", () => {
  test("an interval not shorter than the expiry is refused, said under its field, and not saved", async () => {
    const admin = await createVerifiedAdmin(origin, { trial: true, companyName: "Reminder Rules Co" });
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
      await loginAs(page, admin.email, admin.password);
      await page.goto("/dashboard/settings");
      const interval = page.getByLabel("Remind every (hours)");
      const expiry = page.getByLabel("Link expires after (hours)");
      await interval.fill("100");
      await expiry.fill("24");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "shorter than the time a link works (24 hours)" })
        .waitFor({ timeout: 10_000 });
      expect(await interval.getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByText("Settings saved").count()).toBe(0);
      await page.reload();
      await expect.poll(() => page.getByLabel("Remind every (hours)").inputValue()).not.toBe("100");
    } finally {
      await context.close();
    }
  });
});
