import { describe, expect, test } from "vitest";
import { DISTRESSED_ANSWERS } from "../fixtures/worker/distressed-answers.ts";
import { createVerifiedAdmin, emailedCheckInLink, loginAs, toastText } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { answer, confirmSummary, startCheckIn } from "./chat.ts";

const { newPage, origin } = browserSuite();

/**
 * The admin's loop in two browsers: add a salesperson, send a check-in, the salesperson
 * answers it at the link (a distressed conversation), and the dashboard shows their new
 * scores, a burnout alert and a coaching action.
 */
const DEMO_ADMIN = { email: "demo@undertone.dev", password: "undertone-demo" };

describe("team, check-in and dashboard", () => {
  test("add a member, send a check-in, they answer it, the dashboard shows it", async () => {
    const seeded = await fetch(`${origin}/api/dev/seed`, { method: "POST" });
    expect(seeded.status).toBe(200);
    const suffix = Date.now().toString(36);
    const email = `riley.${suffix}@northwind.example`;

    const admin = await newPage({ width: 1280, height: 900 });
    const rep = await newPage({ width: 375, height: 812 });
    try {
      const page = admin.page;
      await loginAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto("/dashboard/team");
      await page.getByRole("heading", { name: "Team", exact: true }).waitFor();

      // Add: the form refuses a bad email in place, then accepts the corrected one.
      await page.getByRole("button", { name: "Add team member" }).first().click();
      const form = page.getByRole("form", { name: "Add team member" });
      await form.getByLabel("First name").fill("Riley");
      await form.getByLabel("Last name").fill("Quinn");
      await form.getByLabel("Work email").fill("riley-at-northwind");
      await form.getByLabel("Job title").fill("Account Executive");
      await form.getByRole("button", { name: "Add team member" }).click();
      await form.getByText("Please enter a valid email address").waitFor();
      await form.getByLabel("Work email").fill(email);
      await form.getByRole("button", { name: "Add team member" }).click();
      const row = page.locator(`[data-member="${email}"]`);
      await row.waitFor();

      // Send: the link goes to Riley's email only; the Admin never sees it.
      await row.getByRole("button", { name: "Send check-in" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Send check-in" }).click();
      const sent = page.getByTestId("check-in-sent");
      await sent.waitFor();
      expect(await sent.textContent()).toContain(`Emailed to ${email}`);
      expect(await page.getByTestId("check-in-link").count()).toBe(0);
      expect(await page.getByTestId("hand-over-link").count()).toBe(0);
      await page.getByRole("button", { name: "Done" }).click();
      await row.getByText("Check-in waiting").waitFor();

      // The salesperson, in their own browser, on a phone, from the email.
      const url = await emailedCheckInLink(origin, email);
      expect(url).toMatch(new RegExp(`^${origin}/check-in/s\\d{1,3}-[\\w-]{16}\\?token=[\\w-]{43}$`));
      await rep.page.goto(url);
      await startCheckIn(rep.page);
      await rep.page.getByRole("heading", { name: "Your check-in, Riley" }).waitFor();
      for (const text of DISTRESSED_ANSWERS) await answer(rep.page, text);
      await confirmSummary(rep.page, 20_000);

      // Back on the dashboard: their scores, the alert and what to do about it.
      await page.goto("/dashboard?range=4w");
      const people = page.getByTestId("people");
      await people.waitFor();
      const riley = people.locator("tr", { hasText: "Riley Quinn" });
      await riley.waitFor();
      expect(await riley.textContent()).toContain("At risk");
      const alerts = page.getByRole("region", { name: "Riley Quinn" });
      await alerts.locator('[data-alert="burnout"]').waitFor();
      const coaching = page.getByTestId("coaching-actions").locator("li", { hasText: "Riley Quinn" }).first();
      expect(await coaching.textContent()).toContain("Book a 1:1 with Riley Quinn about workload");

      // Their own view: pillars from this check-in, and the alert can be resolved.
      await riley.getByRole("link", { name: "Riley Quinn" }).click();
      await page.getByTestId("person-page").waitFor();
      const stress = await page.getByTestId("pillar-burnout_risks").textContent();
      expect(Number.parseInt(stress ?? "0", 10)).toBeGreaterThanOrEqual(70);
      await page.getByRole("button", { name: "Resolve" }).first().click();
      await page.getByText("Alert resolved").waitFor();
    } finally {
      await admin.context.close();
      await rep.context.close();
    }
  });

  test("a new admin on a phone: what to do first, then the trial's limit and its upgrade prompt", async () => {
    const account = await createVerifiedAdmin(origin, { trial: true, companyName: "Fresh Sales Co" });
    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await loginAs(page, account.email, account.password);
      await page.goto("/dashboard");
      const steps = page.getByTestId("getting-started");
      await steps.waitFor();
      expect(await steps.textContent()).toContain("Add your team");
      await steps.getByRole("link", { name: "Add your team" }).click();
      // The link opens the form at once.
      const form = page.getByRole("form", { name: "Add team member" });
      await form.waitFor();
      await page.getByRole("button", { name: "Cancel" }).click();

      // Three members through the API (same session), then the fourth is refused.
      for (const n of [1, 2, 3]) {
        const added = await page.request.post("/api/team-members", {
          data: { firstName: `Rep${n}`, lastName: "Seller", email: `rep${n}.${account.userId}@fresh.example` },
          headers: { Origin: origin },
        });
        expect(added.status()).toBe(201);
      }
      await page.goto("/dashboard");
      await steps.getByRole("link", { name: "Send the first check-in" }).waitFor();

      await page.goto("/dashboard/team");
      const strip = page.getByTestId("plan-strip");
      await strip.getByText("3 of 3 active team members").waitFor();
      expect(await strip.textContent()).toContain(
        "Your Free Trial includes up to 3 team members. Upgrade to Pro for unlimited team members.",
      );
      await page.getByRole("button", { name: "Add team member" }).first().click();
      expect(await toastText(page)).toContain("Upgrade to Pro for unlimited team members.");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await strip.getByRole("button", { name: "Upgrade to Pro" }).click();
      await page.getByRole("button", { name: "Start Pro Plan" }).waitFor();
    } finally {
      await context.close();
    }
  });

  test("revoking a check-in asks in the app's own dialog (no browser confirm box), then the link is dead and says it was withdrawn", async () => {
    const account = await createVerifiedAdmin(origin, { trial: true, companyName: "Revoke Co" });
    const { page, context } = await newPage({ width: 1280, height: 900 });
    const rep = await newPage({ width: 375, height: 812 });
    // A browser confirm box would be dismissed here unseen, and nothing would be revoked.
    const native: string[] = [];
    page.on("dialog", (dialog) => {
      native.push(dialog.message());
      void dialog.dismiss();
    });
    try {
      await loginAs(page, account.email, account.password);
      const added = await page.request.post("/api/team-members", {
        data: { firstName: "Revo", lastName: "Seller", email: `revo.${account.userId}@revoke.example` },
        headers: { Origin: origin },
      });
      expect(added.status()).toBe(201);
      const memberId = ((await added.json()) as { member: { id: string } }).member.id;
      const sent = await page.request.post("/api/check-ins", {
        data: { teamMemberId: memberId },
        headers: { Origin: origin },
      });
      expect(sent.status()).toBe(201);
      const link = await emailedCheckInLink(origin, `revo.${account.userId}@revoke.example`);
      // The salesperson has the chat open when it is revoked.
      await rep.page.goto(link);
      await startCheckIn(rep.page);
      await page.goto("/dashboard/team");
      const panel = page.getByTestId("check-ins-panel");
      await panel.getByRole("button", { name: "Revoke" }).click();
      const dialog = page.getByRole("dialog", { name: "Revoke check-in" });
      await dialog.getByText("Revoke Revo's check-in? The link will stop working.").waitFor();
      await dialog.getByRole("button", { name: "Revoke" }).click();
      expect(await toastText(page)).toContain("Check-in revoked");
      await expect.poll(() => panel.getByTestId("check-in-status").first().textContent()).toBe("expired");
      expect(native).toEqual([]);
      // Their open page says it was withdrawn (not that it expired), and so does the link later.
      const withdrawn = rep.page.getByRole("heading", { name: "This check-in was withdrawn" });
      await withdrawn.waitFor();
      await rep.page.getByText("Your manager's team withdrew this check-in").waitFor();
      const opened = await page.request.get(link.replace("/check-in/", "/api/check-in/"));
      expect(opened.status()).toBe(410);
      await rep.page.reload();
      await withdrawn.waitFor();
    } finally {
      await context.close();
      await rep.context.close();
    }
  });

  test("a new company's single check-in on a phone: participation, no comparison, the person's header", async () => {
    // The newcomer walkthrough: 2 members, a check-in sent to one, who answers it.
    const account = await createVerifiedAdmin(origin, { trial: true, companyName: "First Week Co" });
    const admin = await newPage({ width: 375, height: 812 });
    const rep = await newPage({ width: 375, height: 812 });
    try {
      const { page } = admin;
      await loginAs(page, account.email, account.password);
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const added = await page.request.post("/api/team-members", {
          data: {
            firstName: `New${n}`,
            lastName: "Seller",
            email: `new${n}.${account.userId}@first.example`,
            // A title and a region long enough to wrap the person's header at 375 px.
            jobTitle: "Senior Account Executive",
            region: "East",
          },
          headers: { Origin: origin },
        });
        expect(added.status()).toBe(201);
        ids.push(((await added.json()) as { member: { id: string } }).member.id);
      }
      const sent = await page.request.post("/api/check-ins", {
        data: { teamMemberId: ids[0] },
        headers: { Origin: origin },
      });
      expect(sent.status()).toBe(201);
      await rep.page.goto(await emailedCheckInLink(origin, `new1.${account.userId}@first.example`));
      await startCheckIn(rep.page);
      for (const text of DISTRESSED_ANSWERS) await answer(rep.page, text);
      await confirmSummary(rep.page, 20_000);

      await page.goto("/dashboard");
      const participation = page.getByTestId("participation");
      await participation.waitFor();
      expect(await participation.getByRole("img").getAttribute("aria-label")).toBe("Check-ins answered: 100%");
      expect(await page.getByTestId("participation-check-ins").textContent()).toBe(
        "1 of 1 check-in sent answered over 12 weeks",
      );
      expect(await page.getByTestId("participation-people").textContent()).toBe("People this week: 1 of 2 answered");
      // The percent's box fits inside the ring's inner circle (it touched the stroke at 375 px).
      const fit = await participation.evaluate((card) => {
        const ring = card.querySelector("svg")?.getBoundingClientRect();
        const text = card.querySelector("svg + span, span.tabular-nums")?.getBoundingClientRect();
        if (!ring || !text) return null;
        const inner = (ring.width / 36) * (15.9155 - 1.75); // the stroke is 3.5 of the 36-unit box
        return { corner: Math.hypot(text.width / 2, text.height / 2), inner };
      });
      expect(fit).not.toBeNull();
      expect(fit?.corner ?? Infinity).toBeLessThan(fit?.inner ?? 0);

      // One check-in ever: no card compares, the blockers' included.
      const blockers = page.getByTestId("pillar-cards").locator('[data-pillar="blockers"]');
      expect(await blockers.textContent()).toContain("No check-ins the week before");
      expect(await blockers.textContent()).not.toContain("from last week");

      await page.goto(`/dashboard/team/${ids[0]}`);
      await page.getByTestId("person-page").waitFor();
      const mine = page.getByTestId("person-pillars").locator('[data-pillar="blockers"]');
      expect(await mine.textContent()).toContain("First check-in");
      expect(await mine.textContent()).not.toContain("from the previous check-in");
      // No line of the header under the name starts with the "·" separator.
      const header = page.getByTestId("person-page").locator("p", { hasText: "ast check-in" }).first();
      const dotsStartingALine = await header.evaluate((root) => {
        const chars: { char: string; top: number }[] = [];
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          for (let i = 0; i < text.length; i++) {
            if (/\s/.test(text[i] ?? "")) continue;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getBoundingClientRect();
            if (rect.width > 0) chars.push({ char: text[i] ?? "", top: rect.top });
          }
        }
        return chars.filter((c, i) => c.char === "·" && (i === 0 || (chars[i - 1]?.top ?? 0) < c.top - 2)).length;
      });
      expect(dotsStartingALine).toBe(0);
    } finally {
      await admin.context.close();
      await rep.context.close();
    }
  });
});
