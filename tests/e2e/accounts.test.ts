// Sign-up, sign-in, verification and roles in chromium. Over 300 lines: the browser and
// the built app start once per file, so the account flows share this one.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  createSuperAdmin,
  createVerifiedAdmin,
  E2E_PASSWORD,
  emailedLink,
  loginAs,
  toastText,
  uniqueEmail,
} from "./auth.ts";
import { browserSuite } from "./browser.ts";

const { newPage, origin } = browserSuite();

const path = (page: Page) => new URL(page.url()).pathname;

async function fillSignup(
  page: Page,
  fields: { firstName?: string; lastName?: string; email?: string; password?: string; companyName?: string },
) {
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("First name").fill(fields.firstName ?? "");
  await form.getByLabel("Last name").fill(fields.lastName ?? "");
  await form.getByLabel("Work email").fill(fields.email ?? "");
  await form.getByLabel("Password").fill(fields.password ?? "");
  await form.getByLabel("Company name").fill(fields.companyName ?? "");
}

describe("sign-up to dashboard (spec 1 §4)", () => {
  test("sign up → verification email in the mailbox → verify → log in → Get Started → Free Trial → dashboard", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      const email = uniqueEmail("flow");
      await page.goto("/signup");
      await fillSignup(page, {
        firstName: "Ada",
        lastName: "Lovelace",
        email,
        password: E2E_PASSWORD,
        companyName: "Analytical Engines",
      });
      await page.getByRole("button", { name: "Create Account" }).click();
      await page.getByRole("heading", { name: "Check your email" }).waitFor();
      expect(await toastText(page)).toContain("Account created successfully!");
      expect(await page.getByText(email).isVisible()).toBe(true);

      // The mailbox page lists the email with a clickable verification link.
      await page.goto("/dev/mailbox");
      const mail = page.locator(`article[data-to="${email}"][data-kind="verification"]`);
      await mail.waitFor();
      expect(await mail.getByRole("heading").textContent()).toContain("verify your email");
      await mail.getByRole("link").first().click();

      await page.waitForURL(`${origin}/login`);
      expect(await toastText(page)).toContain("Email verified successfully!");
      expect(await toastText(page)).toContain("Your account is now active. Please log in to continue.");

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(E2E_PASSWORD);
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      await page.getByRole("heading", { name: "Welcome to Undertone, Ada!" }).waitFor();
      expect(path(page)).toBe("/dashboard");

      await page.getByRole("button", { name: /Get Started/ }).click();
      await page.getByRole("heading", { name: "Choose your plan" }).waitFor();
      // Back returns to the welcome step, and forward again.
      await page.getByRole("button", { name: "Back" }).click();
      await page.getByRole("button", { name: /Get Started/ }).click();
      await page.getByRole("heading", { name: "Choose your plan" }).waitFor();
      expect(await page.getByText("No credit card required. Upgrade anytime during your trial.").isVisible()).toBe(
        true,
      );
      expect(await page.getByText("Secure payment via a card payment provider. Cancel anytime.").isVisible()).toBe(
        true,
      );

      await page.getByRole("button", { name: "Start 14-Day Free Trial" }).click();
      await page.getByText("Your account is ready and your free trial has started!").waitFor();
      // After 4 s, the dashboard.
      await page.getByRole("heading", { name: "Overview" }).waitFor({ timeout: 10_000 });
      const sidebar = page.getByRole("complementary", { name: "Sidebar" });
      expect(await sidebar.getByTestId("sidebar-email").textContent()).toBe(email);
      expect(await sidebar.getByText("Sales Professional").isVisible()).toBe(true);
      expect(await sidebar.getByText("Analytical Engines").isVisible()).toBe(true);
      expect(await page.getByTestId("plan-banner").textContent()).toContain("14 days left");

      await sidebar.getByRole("link", { name: "Team" }).click();
      await page.getByRole("heading", { name: "Team" }).waitFor();
      expect(path(page)).toBe("/dashboard/team");

      // Coming back later skips onboarding.
      await page.goto("/dashboard");
      await page.getByRole("heading", { name: "Overview" }).waitFor();

      await sidebar.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(`${origin}/login`);
      expect(await toastText(page)).toContain("Goodbye!");
      await page.goto("/dashboard");
      await page.waitForURL(`${origin}/login`);
    } finally {
      await context.close();
    }
  });

  test("every sign-up validation message, in order, and the duplicate refusal releases the lock", async () => {
    const existing = await createVerifiedAdmin(origin);
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto("/signup");
      const submit = page.getByRole("button", { name: "Create Account" });
      await submit.waitFor();
      const steps: [Parameters<typeof fillSignup>[1], string][] = [
        [{}, "First name is required"],
        [{ firstName: "Ada" }, "Last name is required"],
        [{ firstName: "Ada", lastName: "Lovelace" }, "Email is required"],
        [{ firstName: "Ada", lastName: "Lovelace", email: "ada.example.com" }, "Please enter a valid email address"],
        [{ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" }, "Password is required"],
        [
          { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "12345" },
          "Password must be at least 6 characters long",
        ],
        [
          { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "123456" },
          "Company name is required",
        ],
      ];
      for (const [fields, message] of steps) {
        await fillSignup(page, fields);
        await submit.click();
        await expect.poll(() => page.getByTestId("toast").first().textContent()).toContain(message);
        expect(await page.getByTestId("toast").first().textContent()).toContain("Please check your information");
      }

      await fillSignup(page, {
        firstName: "Ada",
        lastName: "Lovelace",
        email: existing.email,
        password: "123456",
        companyName: "Analytical Engines",
      });
      await submit.click();
      await expect
        .poll(() => page.getByTestId("toast").first().textContent())
        .toContain("An account with this email already exists. Please try logging in instead.");
      expect(await page.getByTestId("toast").first().textContent()).toContain("Signup failed");
      // The lock is released: the button works again.
      expect(await submit.isEnabled()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});

describe("sign-in", () => {
  test("magic link: request it on /login, open it from the mailbox, land signed in", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await newPage();
    try {
      await page.goto("/login");
      await page.getByLabel("Email").fill(admin.email);
      await page.getByRole("button", { name: "Email me a login link" }).click();
      expect(await toastText(page)).toContain("Magic link sent!");
      expect(await toastText(page)).toContain("Check your email for the login link.");

      const link = await emailedLink(origin, admin.email, "magic_link");
      await page.goto(link);
      await page.getByRole("heading", { name: "Overview" }).waitFor({ timeout: 15_000 });
      expect(path(page)).toBe("/dashboard");

      // The link was used up.
      const { page: other, context: otherContext } = await newPage();
      await other.goto(link);
      await other.waitForURL(`${origin}/login`);
      expect(await toastText(other)).toContain("Authentication failed");
      await otherContext.close();
    } finally {
      await context.close();
    }
  });

  test("/auth/callback: error, a bad verification link, and no session at all", async () => {
    const { page, context } = await newPage();
    try {
      await page.goto("/auth/callback?error=access_denied&error_description=The+link+was+revoked");
      await page.waitForURL(`${origin}/login`);
      expect(await toastText(page)).toContain("Authentication failed");
      expect(await toastText(page)).toContain("The link was revoked");

      await page.goto("/auth/callback?token_hash=not-a-real-token&type=signup");
      await page.waitForURL(`${origin}/auth/verification-error`);
      expect(await toastText(page)).toContain("Email verification failed");
      await page.getByRole("heading", { name: "This verification link didn't work" }).waitFor();
      expect(await page.getByText("Your account was still created.").isVisible()).toBe(true);
      await page.getByRole("link", { name: "Try Logging In" }).click();
      await page.waitForURL(`${origin}/login`);

      await page.goto("/auth/callback");
      await page.waitForURL(`${origin}/login`);
      expect(await toastText(page)).toContain("Authentication required");
    } finally {
      await context.close();
    }
  });

  test("wrong password: 'Login failed' with the server's message", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await newPage();
    try {
      await page.goto("/login");
      const button = page.getByRole("button", { name: "Log In", exact: true });
      expect(await button.isDisabled()).toBe(true);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill("not-the-password");
      await button.click();
      expect(await toastText(page)).toContain("Login failed");
      expect(await toastText(page)).toContain("Invalid email or password");
      expect(path(page)).toBe("/login");
    } finally {
      await context.close();
    }
  });

  test("a protected page sends a visitor to /login and back to it after signing in", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await newPage();
    try {
      await page.goto("/dashboard/settings");
      await page.waitForURL(`${origin}/login`);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password").fill(admin.password);
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      await page.getByRole("heading", { name: "Settings" }).waitFor();
      expect(path(page)).toBe("/dashboard/settings");
      expect(await toastText(page)).toContain("Welcome back!");

      // Signed in, the landing page moves on to the dashboard by itself.
      await page.goto("/");
      await page.waitForURL(`${origin}/dashboard`);
    } finally {
      await context.close();
    }
  });

  test("a SuperAdmin is sent from /dashboard straight to /superadmin (no bounce through /)", async () => {
    const operator = await createSuperAdmin(origin);
    const { page, context } = await newPage();
    try {
      await loginAs(page, operator.email, operator.password, operator.totpSecret);
      const visited: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto("/dashboard");
      await page.waitForURL(`${origin}/superadmin`);
      // Issue 13 §5: no detour through / (the old redirect chain looped for other roles).
      expect(visited).not.toContain("/");
      // Exact: the console's own "Platform Overview" heading is not the dashboard's.
      expect(await page.getByRole("heading", { name: "Overview", exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("plans and the signed-in app", () => {
  test("the Pro plan without Stripe: the error sub-screen, retries, 'Still having trouble?', support details, Start Over", async () => {
    const admin = await createVerifiedAdmin(origin, { organization: false });
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await loginAs(page, admin.email, admin.password);
      await page.getByRole("button", { name: /Get Started/ }).click();
      await page.getByRole("button", { name: "Start Pro Plan" }).click();
      await page.getByRole("heading", { name: "Setup Issue Detected" }).waitFor();
      expect(await page.getByRole("alert").first().textContent()).toContain("Payments are not configured");
      expect(await toastText(page)).toContain("Subscription Error");
      expect(await page.getByText("Still having trouble?").count()).toBe(0);

      await page.getByRole("button", { name: "Try Again (attempt 2)" }).click();
      await page.getByText("Still having trouble?").waitFor();
      expect(await page.getByLabel("Support details").count()).toBe(0);

      await page.getByRole("button", { name: "Try Again (attempt 3)" }).click();
      const details = page.getByLabel("Support details");
      await details.waitFor();
      // The address comes from the site's configuration (GET /api/site), which may land a moment later.
      await expect.poll(async () => (await details.textContent()) ?? "").toContain("support@undertone.dev");
      const text = (await details.textContent()) ?? "";
      expect(text).toContain("3");
      expect(text).toContain("Pro Plan");

      await page.getByRole("button", { name: "Start Over" }).click();
      await page.getByRole("button", { name: "Start 14-Day Free Trial" }).waitFor();
    } finally {
      await context.close();
    }
  });

  test("at 375 px the sidebar folds into a menu", async () => {
    const admin = await createVerifiedAdmin(origin, { trial: true });
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await loginAs(page, admin.email, admin.password);
      await page.getByRole("heading", { name: "Overview" }).waitFor();
      const sidebarLink = page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "Settings" });
      expect(await sidebarLink.isVisible()).toBe(false);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect.poll(() => sidebarLink.isVisible()).toBe(true);
      await sidebarLink.click();
      await page.getByRole("heading", { name: "Settings" }).waitFor();
      await expect.poll(() => sidebarLink.isVisible()).toBe(false);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });

  test("/emergency shows the real auth state and 'Clear Everything & Restart' signs out", async () => {
    const admin = await createVerifiedAdmin(origin);
    const { page, context } = await newPage();
    try {
      await page.goto("/emergency");
      await expect.poll(() => page.getByTestId("emergency-authenticated").textContent()).toBe("No");
      await loginAs(page, admin.email, admin.password);
      await page.goto("/emergency");
      await expect.poll(() => page.getByTestId("emergency-user").textContent()).toBe(admin.email);
      expect(await page.getByTestId("emergency-authenticated").textContent()).toBe("Yes");
      expect(await page.getByTestId("emergency-role").textContent()).toBe("Admin");
      expect(await page.getByRole("link", { name: "SuperAdmin" }).count()).toBe(0);

      await page.getByRole("button", { name: "Clear Everything & Restart" }).click();
      await expect
        .poll(() => page.getByTestId("emergency-authenticated").textContent(), { timeout: 10_000 })
        .toBe("No");
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
