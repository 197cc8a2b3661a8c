import { describe, expect, test } from "vitest";
import { createVerifiedAdmin, loginAs } from "./auth.ts";
import { axeViolations } from "./axe.ts";
import { browserSuite } from "./browser.ts";
import { startCheckIn } from "./chat.ts";

const { newPage, origin } = browserSuite();

/**
 * A salesperson without an email (issue 12 §1), on a phone-width screen: the Admin adds
 * them with the email left blank, sends a check-in, and gets the link to copy with the
 * warning that whoever starts it first owns the chat. The copied link opens their check-in.
 */
describe("a team member without an email", () => {
  test("add without an email, send, copy the link (keyboard), and it opens their check-in", async () => {
    const account = await createVerifiedAdmin(origin, { trial: true, companyName: "Hand Over Co" });
    const admin = await newPage({ width: 375, height: 812 });
    const rep = await newPage({ width: 375, height: 812 });
    const someoneElse = await newPage({ width: 375, height: 812 });
    await admin.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    try {
      const page = admin.page;
      await loginAs(page, account.email, account.password);
      await page.goto("/dashboard/team");
      await page.getByRole("heading", { name: "Team", exact: true }).waitFor();

      // The email is optional, and says so.
      await page.getByRole("button", { name: "Add team member" }).first().click();
      const form = page.getByRole("form", { name: "Add team member" });
      const email = form.getByLabel("Work email");
      expect(await form.locator(`label[for="${await email.getAttribute("id")}"]`).textContent()).toBe(
        "Work email (optional)",
      );
      await form.getByLabel("First name").fill("Tobi");
      await form.getByLabel("Last name").fill("Adeyemi");
      await form.getByRole("button", { name: "Add team member" }).click();
      const row = page.locator("li[data-member-id]", { hasText: "Tobi Adeyemi" });
      await row.getByText("No email").waitFor();

      // Send: the dialog warns before and after, and shows the link to copy.
      await row.getByRole("button", { name: "Send check-in" }).click();
      const dialog = page.getByRole("dialog");
      expect(await dialog.getByTestId("ownership-note").textContent()).toContain(
        "Whoever starts the check-in from this link first owns the chat. Give it only to Tobi",
      );
      await dialog.getByRole("button", { name: "Send check-in" }).click();
      const handOver = dialog.getByTestId("hand-over-link");
      await handOver.waitFor();
      const field = handOver.getByLabel("Tobi's check-in link");
      const url = await field.inputValue();
      expect(url).toMatch(new RegExp(`^${origin}/check-in/s\\d{1,3}-[\\w-]{16}\\?token=[\\w-]{43}$`));
      expect(await field.getAttribute("readonly")).not.toBeNull();
      expect(await handOver.getByTestId("hand-over-warning").textContent()).toBe(
        "Whoever starts the check-in from this link first owns the chat. Give it only to Tobi, and don't start it yourself.",
      );

      // Copy with the keyboard: the confirmation is announced, and the clipboard holds the link.
      const status = handOver.getByTestId("copy-status");
      expect(await status.getAttribute("aria-live")).toBe("polite");
      await handOver.getByRole("button", { name: "Copy link" }).focus();
      await page.keyboard.press("Enter");
      await status.getByText("Copied").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // Fits a 375 px phone, and passes axe with the dialog open.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, "hand-over dialog")).toEqual([]);
      await dialog.getByRole("button", { name: "Done" }).click();
      await row.getByText("Check-in waiting").waitFor();

      // The Check-ins list offers "Copy link" (not Resend) for them: the same link again.
      const listed = page.getByTestId("check-ins").locator("li", { hasText: "Tobi Adeyemi" });
      await listed.getByRole("button", { name: "Copy link" }).click();
      const again = page.getByRole("dialog").getByTestId("hand-over-link");
      expect(await again.getByLabel("Tobi's check-in link").inputValue()).toBe(url);
      await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();

      // Tobi opens the link the Admin handed over.
      await rep.page.goto(url);
      await startCheckIn(rep.page);
      await rep.page.getByRole("heading", { name: "Your check-in, Tobi" }).waitFor();
      // Anyone after Tobi sees it is taken, and is sent to the manager: there is no email for a fresh link.
      await someoneElse.page.goto(url);
      await someoneElse.page.getByTestId("open-elsewhere").waitFor();
      await someoneElse.page.getByTestId("ask-manager").waitFor();
      expect(await someoneElse.page.getByRole("button", { name: "Email me a fresh link" }).count()).toBe(0);
    } finally {
      await admin.context.close();
      await rep.context.close();
      await someoneElse.context.close();
    }
  });
});
