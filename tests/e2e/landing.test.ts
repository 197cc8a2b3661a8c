import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserSuite } from "./browser.ts";

const { newPage } = browserSuite();

/** Landing sections in spec order (spec 1 §2) with the heading each one shows. */
const SECTIONS: { id: string; heading: RegExp }[] = [
  { id: "hero", heading: /Hear what your sales team isn't saying/ },
  { id: "what-it-is", heading: /check-in your reps can actually be honest in/ },
  { id: "how-it-works", heading: /three steps/ },
  { id: "features", heading: /Everything you need/ },
  { id: "who-its-for", heading: /Built for the people who carry the team/ },
  { id: "metrics", heading: /Five numbers/ },
  { id: "why-it-matters", heading: /Problems show up in people/ },
  { id: "pricing", heading: /Simple pricing/ },
  { id: "get-started", heading: /Find out how your team is really doing/ },
];

const METRICS = [
  "Team Morale Score",
  "Quota Confidence Index",
  "Burnout Risk Alerts",
  "Top Reported Blockers",
  "Sales Strength Profile",
];

const path = (page: Page) => new URL(page.url()).pathname;
const hash = (page: Page) => new URL(page.url()).hash;

/** True once the section's top edge has settled in the upper part of the viewport. */
function sectionInView(page: Page, id: string) {
  return page.evaluate((sectionId) => {
    const element = document.getElementById(sectionId);
    if (!element) return false;
    const { top, bottom } = element.getBoundingClientRect();
    return top >= -2 && top < window.innerHeight / 2 && bottom > 0;
  }, id);
}

describe("landing page", () => {
  test("shows every section in order, each visible with its heading", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await page.goto("/");
      expect(await page.title()).toContain("Undertone");
      await expect.poll(() => page.locator("h1").count()).toBe(1);

      const ids = await page.locator("main > section[id]").evaluateAll((nodes) => nodes.map((node) => node.id));
      expect(ids).toEqual(SECTIONS.map((section) => section.id));

      for (const { id, heading } of SECTIONS) {
        const section = page.locator(`section#${id}`);
        await section.scrollIntoViewIfNeeded();
        expect(await section.isVisible()).toBe(true);
        const title = section.getByRole("heading", { level: id === "hero" ? 1 : 2 }).first();
        expect(await title.isVisible()).toBe(true);
        expect(await title.textContent()).toMatch(heading);
      }

      expect(await page.locator("#how-it-works ol > li").count()).toBe(3);
      expect(await page.locator("#features li h3").count()).toBe(6);
      expect(await page.locator("#metrics h3").allTextContents()).toEqual(METRICS);
      const audiences = await page.locator("#who-its-for h3").allTextContents();
      expect(audiences.join(" | ")).toMatch(/Sales leaders.*Chief revenue officers.*People and HR leaders/);

      const pricing = page.locator("#pricing");
      expect(await pricing.getByRole("heading", { name: "Free Trial" }).isVisible()).toBe(true);
      expect(await pricing.getByRole("heading", { name: "Pro Plan" }).isVisible()).toBe(true);
      const pricingText = (await pricing.textContent()) ?? "";
      expect(pricingText).toContain("$2");
      expect(pricingText).toContain("per salesperson / month");
      expect(pricingText).toContain("Up to 3 team members");
      expect(pricingText).toContain("Unlimited team members");
      expect(pricingText).toContain("No contracts, no setup fees, cancel anytime");
      for (const cta of await pricing.getByRole("link").all()) expect(await cta.getAttribute("href")).toBe("/signup");

      const closing = page.locator("#get-started");
      expect(await closing.getByRole("link", { name: "Sign Up" }).getAttribute("href")).toBe("/signup");
      const demo = closing.getByRole("link", { name: "Book a demo" });
      expect(await demo.getAttribute("href")).toMatch(/^https:\/\//);
      expect(await demo.getAttribute("target")).toBe("_blank");

      const footer = page.locator("footer");
      await footer.scrollIntoViewIfNeeded();
      expect(await footer.isVisible()).toBe(true);
      expect(await footer.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/termsofservice");
      expect(await footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacypolicy");
      expect(await footer.textContent()).toContain("© 2026 Undertone");
    } finally {
      await context.close();
    }
  });

  test("navigation anchors scroll to their sections", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const [label, id] of [
        ["Features", "features"],
        ["Pricing", "pricing"],
        ["How It Works", "how-it-works"],
      ] as const) {
        await nav.getByRole("link", { name: label, exact: true }).click();
        await expect.poll(() => hash(page)).toBe(`#${id}`);
        await expect.poll(() => sectionInView(page, id), { timeout: 5_000 }).toBe(true);
        expect(path(page)).toBe("/");
      }
    } finally {
      await context.close();
    }
  });

  test("Log In goes to /login and Sign Up goes to /signup", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Log In" }).click();
      await expect.poll(() => path(page)).toBe("/login");

      await page.goto("/");
      await nav.getByRole("link", { name: "Sign Up" }).click();
      await expect.poll(() => path(page)).toBe("/signup");
    } finally {
      await context.close();
    }
  });

  test("a signed-out visitor's landing, login and sign-up pages log no console error (the session probe is a 204)", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
      });
      const probes: number[] = [];
      page.on("response", (response) => {
        if (new URL(response.url()).pathname === "/api/me") probes.push(response.status());
      });
      await page.goto("/");
      await page.goto("/login");
      // The prerendered login loads its script at the first touch: focusing a field starts the auth check.
      await page.getByLabel("Email").focus();
      await expect.poll(() => probes.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await page.goto("/signup");
      await page.getByLabel("Email").waitFor();
      await expect.poll(() => probes.length, { timeout: 10_000 }).toBeGreaterThan(1);
      expect(new Set(probes)).toEqual(new Set([204]));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the mobile menu at 375 px opens, closes and its links work", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The desktop links are folded away; only the menu button shows.
      expect(await nav.getByRole("link", { name: "Pricing" }).count()).toBe(0);
      const button = nav.getByRole("button", { name: /menu/i });
      expect(await button.getAttribute("aria-expanded")).toBe("false");

      // The landing page's scripts start at the first interaction (README → Lighthouse): a
      // press that comes before them is replayed once the page has hydrated.
      await button.click();
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
      await nav.getByRole("link", { name: "Pricing" }).click();
      await expect.poll(() => hash(page)).toBe("#pricing");
      await expect.poll(() => sectionInView(page, "pricing"), { timeout: 5_000 }).toBe(true);
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      expect(await nav.getByRole("link", { name: "Pricing" }).count()).toBe(0);

      // Escape closes the menu and hands focus back to the button.
      await button.focus();
      await page.keyboard.press("Enter");
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      expect(await nav.getByRole("link", { name: "Features" }).isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

      await button.click();
      await nav.getByRole("link", { name: "Log In" }).click();
      await expect.poll(() => path(page)).toBe("/login");

      await page.goto("/");
      await button.click();
      await nav.getByRole("link", { name: "Sign Up" }).click();
      await expect.poll(() => path(page)).toBe("/signup");
    } finally {
      await context.close();
    }
  });
});

describe("legal pages", () => {
  test("/termsofservice shows 10 numbered sections, the effective date and Back to Home", async () => {
    const { page, context } = await newPage({ width: 1440, height: 900 });
    try {
      await page.goto("/termsofservice");
      await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
      await expect.poll(() => page.title()).toContain("Terms of Service");
      const headings = await page.locator("article h2").allTextContents();
      expect(headings).toHaveLength(10);
      headings.forEach((heading, index) => {
        expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`));
      });
      expect(headings[0]).toBe("1. Acceptance of Terms");
      expect(await page.getByText("Effective June 17, 2025").isVisible()).toBe(true);
      const text = (await page.locator("article").textContent()) ?? "";
      expect(text).toContain("18");
      expect(text).toContain("sales hiring and performance intelligence platform");

      await page.getByRole("link", { name: "Back to Home" }).click();
      await expect.poll(() => path(page)).toBe("/");
      await expect.poll(() => page.locator("section#hero").isVisible()).toBe(true);

      // The public nav on a legal page leads back to the landing sections.
      await page.goto("/termsofservice");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).click();
      await expect.poll(() => path(page) + hash(page)).toBe("/#features");
      await expect.poll(() => sectionInView(page, "features"), { timeout: 5_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("/privacypolicy shows 12 numbered sections and Back to Home works", async () => {
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await page.goto("/privacypolicy");
      await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
      await expect.poll(() => page.title()).toContain("Privacy Policy");
      const headings = await page.locator("article h2").allTextContents();
      expect(headings).toHaveLength(12);
      headings.forEach((heading, index) => {
        expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`));
      });
      expect(await page.getByText("Effective June 17, 2025").isVisible()).toBe(true);
      const text = (await page.locator("article").textContent()) ?? "";
      expect(text).toContain("under 13");
      expect(text).toContain("365 days");
      expect(text).toContain("1095 days");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByRole("link", { name: "Back to Home" }).click();
      await expect.poll(() => path(page)).toBe("/");
      await expect.poll(() => page.locator("section#hero").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

test("an unknown path shows the 404 page", async () => {
  const { page, context } = await newPage({ width: 1440, height: 900 });
  try {
    await page.goto("/no-such-page");
    const heading = page.getByRole("heading", { name: "Oops! Page not found" });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
  } finally {
    await context.close();
  }
});
