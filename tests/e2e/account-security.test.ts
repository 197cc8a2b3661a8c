import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { base32SecretOf, totpCode } from "../fixtures/totp.ts";
import {
  api,
  createSuperAdmin,
  createVerifiedAdmin,
  type E2EAccount,
  enableTwoFactorByApi,
  enterTotp,
  loginAs,
  loginAsOperator,
  mailbox,
  randomClientIp,
  signedInCookie,
  toastText,
  uniqueEmail,
} from "./auth.ts";
import { browserSuite } from "./browser.ts";

/** Issue 25 §3–6 and §9 in the browser: passwords, two factors, co-Admins, the console's actions, the sidebars. */
const { newPage, origin } = browserSuite();

let operator: E2EAccount & { totpSecret: string };
beforeAll(async () => {
  expect((await fetch(`${origin}/api/dev/seed`, { method: "POST" })).status).toBe(200);
  operator = await createSuperAdmin(origin);
});

async function ownAddress(page: Page) {
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": randomClientIp() });
}

/** A 1440 px page signed in as `account` (with a code from `totpSecret` if it has two factors), on Settings. */
async function settingsPage(account: { email: string; password: string }, totpSecret?: string) {
  const opened = await newPage({ width: 1440, height: 900 });
  try {
    await ownAddress(opened.page);
    await loginAs(opened.page, account.email, account.password, totpSecret);
    await opened.page.goto("/dashboard/settings");
  } catch (error) {
    await opened.context.close();
    throw error;
  }
  return opened;
}

/** The newest emailed link of `kind` to `to`, matched by `pattern`. */
async function linkIn(to: string, kind: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const link = (await mailbox(origin, to)).find((e) => e.kind === kind)?.text.match(pattern)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${kind} email to ${to}`);
}

/** A wrong password is said under its field and goes as soon as the field is typed in. */
async function wrongPasswordSaidThenCleared(page: Page, label: string, submit: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill("not-the-password");
  await page.getByRole("button", { name: submit }).click();
  await page.getByRole("alert").filter({ hasText: "Your current password is not right." }).waitFor();
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  await field.fill("");
  expect(await page.getByText("Your current password is not right.").count()).toBe(0);
  expect(await field.getAttribute("aria-invalid")).toBeNull();
}

/**
 * Whether some element with the sidebar's background spans the sidebar's column for the
 * page's whole height (a full-page screenshot shows what is painted there).
 */
async function sidebarColumnCoversPage(page: Page, sidebar: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const aside = document.querySelector(selector);
    if (!aside) return false;
    const color = getComputedStyle(aside).backgroundColor;
    const width = aside.getBoundingClientRect().width;
    const height = document.documentElement.scrollHeight;
    if (height <= window.innerHeight) return false; // not a long page: the test would prove nothing
    return [...document.querySelectorAll("body *")].some((element) => {
      const box = element.getBoundingClientRect();
      const top = box.top + window.scrollY;
      return (
        getComputedStyle(element).backgroundColor === color &&
        box.left <= 0 &&
        box.width >= width - 1 &&
        top <= 0 &&
        top + box.height >= height - 1
      );
    });
  }, sidebar);
}

describe("the sidebars run the page's full height (issue 25 §9)", () => {
  test("the dashboard's, on a long Settings page at 1440 px", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await settingsPage(admin);
    try {
      await page.getByRole("heading", { name: "Admins" }).waitFor();
      expect(await sidebarColumnCoversPage(page, "aside[aria-label=Sidebar]")).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("the console's, on a long tab at 1440 px", async () => {
    const { page, context } = await newPage({ width: 1440, height: 700 });
    try {
      await ownAddress(page);
      await loginAsOperator(page, origin, operator);
      await page.goto("/superadmin?tab=users");
      await page.getByTestId("user-row").first().waitFor();
      expect(await sidebarColumnCoversPage(page, "[data-testid=console-sidebar]")).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe("passwords (issue 25 §3)", () => {
  test("Forgot password? → the emailed link → a new password; the old one no longer works", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await ownAddress(page);
      await page.goto("/login");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await page.getByLabel("Email").fill(admin.email);
      await page.getByRole("button", { name: "Email me a reset link" }).click();
      await page.getByText("If an account uses this email").waitFor();
      const link = await linkIn(admin.email, "password_reset", /https?:\/\/\S+\/auth\/callback\?\S+/);
      await page.goto(link);
      await page.waitForURL(`${origin}/reset-password`);
      await page.getByLabel("New password", { exact: true }).fill("brand-new-password");
      await page.getByLabel("Confirm new password").fill("brand-new-password");
      await page.getByRole("button", { name: "Set new password" }).click();
      await page.waitForURL(`${origin}/login`);
      await loginAs(page, admin.email, "brand-new-password");
      expect(new URL(page.url()).pathname).toBe("/dashboard");

      // The same link again: the page says at once that it was used, and offers no form.
      await context.clearCookies();
      await page.goto(link);
      await page.waitForURL(`${origin}/reset-password`);
      await page
        .getByRole("alert")
        .filter({ hasText: "This reset link is invalid, has expired or was already used." })
        .waitFor();
      expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("changed in Settings with the current password; a wrong one is said plainly", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await settingsPage(admin);
    try {
      // A too-short new password is said under the new password, not under the current one.
      const current = page.getByLabel("Current password", { exact: true });
      const next = page.getByLabel("New password", { exact: true });
      await current.fill(admin.password);
      await next.fill("abc");
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByRole("alert").filter({ hasText: "Password must be at least 6 characters long" }).waitFor();
      expect(await next.getAttribute("aria-invalid")).toBe("true");
      expect(await current.getAttribute("aria-invalid")).toBeNull();
      await current.fill("");
      await next.fill("brand-new-password");
      expect(await next.getAttribute("aria-invalid")).toBeNull();
      await wrongPasswordSaidThenCleared(page, "Current password", "Change password");
      await page.getByLabel("Current password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Change password" }).click();
      expect(await toastText(page)).toContain("Password changed");
      expect(await page.getByLabel("Current password", { exact: true }).inputValue()).toBe("");
      // The new password opens a session through the API; the old one no longer does.
      expect(await signedInCookie(origin, { email: admin.email, password: "brand-new-password" })).not.toBe("");
      expect(await signedInCookie(origin, admin)).toBe("");
    } finally {
      await context.close();
    }
  });
});

describe("two factors (issue 25 §4)", () => {
  test("set up in Settings with the shown key, then asked for at the next sign-in", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await settingsPage(admin);
    let secret = "";
    try {
      await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
      await page.getByLabel("Your password").fill(admin.password);
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      secret = (await page.getByTestId("totp-secret").getAttribute("data-secret")) ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
      await page.getByLabel("Authentication code").fill(await totpCode(secret));
      const badge = page
        .locator("section", { has: page.getByRole("heading", { name: "Two-factor authentication" }) })
        .locator("header .badge");
      expect(await badge.textContent()).toBe("Off");
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await expect.poll(async () => page.getByRole("list", { name: "Recovery codes" }).locator("li").count()).toBe(10);
      // The profile is re-read at once: the badge says On while the codes are still shown, no reload.
      await expect.poll(() => badge.textContent()).toBe("On");
      await page.getByRole("button", { name: "I've saved them" }).click();
      await page.getByRole("button", { name: "Turn off two-factor authentication" }).waitFor();
      expect(await badge.textContent()).toBe("On");

      // How many recovery codes are left, and new ones for the password (a wrong one said plainly).
      const left = page.getByTestId("recovery-left");
      await left.filter({ hasText: "10 recovery codes left." }).waitFor();
      await page.getByRole("button", { name: "New recovery codes" }).click();
      await page.getByLabel("Password for new recovery codes").fill("not-the-password");
      await page.getByRole("button", { name: "Make new codes" }).click();
      await page.getByText("Your current password is not right.").waitFor();
      await page.getByLabel("Password for new recovery codes").fill(admin.password);
      await page.getByRole("button", { name: "Make new codes" }).click();
      await page.getByText("your old codes no longer work").waitFor();
      expect(await page.getByRole("list", { name: "Recovery codes" }).locator("li").count()).toBe(10);
      await page.getByRole("button", { name: "I've saved them" }).click();
      await left.filter({ hasText: "10 recovery codes left." }).waitFor();
    } finally {
      await context.close();
    }
    // Another browser: the password alone no longer opens a session.
    const next = await newPage({ width: 375, height: 812 });
    try {
      await ownAddress(next.page);
      await next.page.goto("/login");
      await next.page.getByLabel("Email").fill(admin.email);
      await next.page.getByLabel("Password", { exact: true }).fill(admin.password);
      await next.page.getByRole("button", { name: "Log In", exact: true }).click();
      await enterTotp(next.page, secret);
      await next.page.waitForURL(`${origin}/dashboard`);
    } finally {
      await next.context.close();
    }
  });

  test("turned off in Settings with the password; a wrong one is said plainly", async () => {
    const admin = await createVerifiedAdmin(origin);
    const secret = await enableTwoFactorByApi(origin, await signedInCookie(origin, admin), admin.password);
    const { page, context } = await settingsPage(admin, secret);
    try {
      const badge = page
        .locator("section", { has: page.getByRole("heading", { name: "Two-factor authentication" }) })
        .locator("header .badge");
      await wrongPasswordSaidThenCleared(page, "Password to turn it off", "Turn off two-factor authentication");
      expect(await badge.textContent()).toBe("On");
      await page.getByLabel("Password to turn it off", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
      await page.getByRole("button", { name: "Set up two-factor authentication" }).waitFor();
      expect(await badge.textContent()).toBe("Off");
    } finally {
      await context.close();
    }
  });
});

describe("the code step of a sign-in (issue 25 §4)", () => {
  /** Two factors set up through the API, keeping the recovery codes the enrollment answers with. */
  async function twoFactorWithCodes(account: { email: string; password: string }): Promise<string[]> {
    const cookie = await signedInCookie(origin, account);
    const enabled = await api(origin, "/api/auth/two-factor/enable", { body: { password: account.password }, cookie });
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const confirmed = await api(origin, "/api/auth/two-factor/verify-totp", {
      body: { code: await totpCode(base32SecretOf(totpURI)) },
      cookie,
    });
    expect(confirmed.status).toBe(200);
    return backupCodes;
  }

  test("switching between the app's code and a recovery code clears the failed attempt's toast; a code typed loosely signs in", async () => {
    const admin = await createVerifiedAdmin(origin);
    const codes = await twoFactorWithCodes(admin);
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await ownAddress(page);
      await page.goto("/login");
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      const toasts = page.getByTestId("toast");

      await page.getByLabel("Authentication code").fill("000000");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      expect(await toastText(page)).toContain("Login failed");
      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      expect(await toasts.count()).toBe(0);

      // No phone keyboard turns a code into a word.
      const recovery = page.getByLabel("Recovery code");
      expect(await recovery.getAttribute("autocorrect")).toBe("off");
      expect(await recovery.getAttribute("spellcheck")).toBe("false");
      expect(await recovery.getAttribute("autocapitalize")).toBe("characters");
      await recovery.fill("zzzzz-zzzzz");
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      expect(await toastText(page)).toContain("That recovery code is invalid or was already used.");
      await page.getByRole("button", { name: "Use the authenticator app instead" }).click();
      expect(await toasts.count()).toBe(0);

      await page.getByRole("button", { name: "Use a recovery code instead" }).click();
      await page.getByLabel("Recovery code").fill(` ${(codes[0] ?? "").toLowerCase().replace("-", " ")} `);
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.waitForURL(`${origin}/dashboard`);
    } finally {
      await context.close();
    }
  });
});

describe("more than one Admin (issue 25 §5)", () => {
  test("an Admin invites a colleague from Settings, who accepts by creating an account", async () => {
    const admin = await createVerifiedAdmin(origin, { companyName: "Two Admins Co" });
    const colleague = uniqueEmail("colleague");
    const { page, context } = await settingsPage(admin);
    try {
      await page.getByLabel("Invite an Admin by email").fill(colleague);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByRole("list", { name: "Admins and invitations" }).getByText(colleague).waitFor();
      const link = await linkIn(colleague, "admin_invitation", /https?:\/\/\S+\/accept-invitation\?token=[\w-]+/);

      await context.clearCookies();
      await page.goto(link);
      await page.getByRole("heading", { name: "Join Two Admins Co" }).waitFor();
      await page.getByLabel("First name").fill("Casey");
      await page.getByLabel("Last name").fill("Colleague");
      await page.getByLabel("Password").fill("colleague-password");
      await page.getByRole("button", { name: "Create account and join" }).click();
      await page.waitForURL(`${origin}/dashboard`);
      await page.goto("/dashboard/settings");
      const list = page.getByRole("list", { name: "Admins and invitations" });
      await list.getByText(admin.email).waitFor();
      await list.getByText(`${colleague}`).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the console acts on one account (issue 25 §6)", () => {
  test("deactivate refuses the user's next sign-in with a clear message", async () => {
    const admin = await createVerifiedAdmin(origin, { firstName: "Dana", lastName: `Deactivate${Date.now()}` });
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await ownAddress(page);
      await loginAsOperator(page, origin, operator);
      await page.goto("/superadmin?tab=users");
      await page.getByPlaceholder(/Search name/).fill(admin.email);
      const row = page.getByTestId("user-row").filter({ hasText: admin.email });
      await row.waitFor();
      await row.getByRole("button", { name: "Deactivate" }).click();
      await page
        .getByRole("dialog", { name: "Deactivate account" })
        .getByRole("button", { name: "Deactivate" })
        .click();
      await row.getByRole("button", { name: "Reactivate" }).waitFor();

      const { page: userPage, context: userContext } = await newPage({ width: 375, height: 812 });
      try {
        await ownAddress(userPage);
        await userPage.goto("/login");
        await userPage.getByLabel("Email").fill(admin.email);
        await userPage.getByLabel("Password", { exact: true }).fill(admin.password);
        await userPage.getByRole("button", { name: "Log In", exact: true }).click();
        await userPage.getByText("Your account has been deactivated").first().waitFor();
      } finally {
        await userContext.close();
      }
    } finally {
      await context.close();
    }
  });
});
