import { describe, expect, test } from "vitest";
import { api, createVerifiedAdmin, loginAs, signedInCookie } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { becomePro } from "./stripe.ts";

const { newPage, origin } = browserSuite();

/**
 * A Pro team longer than one page (issue 26: a 10,000-person company's Team page must not load
 * everyone at once): the first 100 in name order, "Show more" for the rest, and a search by
 * name or email, on a phone.
 */
const TEAM = 103;

describe("a long team on the Team page", () => {
  test("shows a page at a time, finds people by name or email, and says when no one matches", async () => {
    const admin = await createVerifiedAdmin(origin);
    await becomePro(origin, admin, `cus_list_${crypto.randomUUID().slice(0, 8)}`);
    const cookie = await signedInCookie(origin, admin);
    // Letters and digits only: an organization id may hold characters a domain may not.
    const domain = `list${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example`;
    // Added in parallel batches; names sort as Rep 000 … Rep 102.
    for (let start = 0; start < TEAM; start += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, TEAM - start) }, async (_, i) => {
          const n = String(start + i).padStart(3, "0");
          const added = await api(origin, "/api/team-members", {
            cookie,
            body: { firstName: "Rep", lastName: n, email: `rep${n}@${domain}` },
          });
          expect(added.status, await added.clone().text()).toBe(201);
        }),
      );
    }

    const { page, context } = await newPage({ width: 375, height: 812 });
    try {
      await loginAs(page, admin.email, admin.password);
      await page.goto("/dashboard/team");
      const members = page.getByTestId("members");
      await members.getByText(`Showing 100 of ${TEAM} people`).waitFor();
      const rows = members.locator("li[data-member-id]");
      expect(await rows.count()).toBe(100);
      expect(await rows.first().getByRole("link").textContent()).toBe("Rep 000");
      expect(await rows.last().getByRole("link").textContent()).toBe("Rep 099");

      await members.getByRole("button", { name: "Show more" }).click();
      await members.getByText(`${TEAM} people`, { exact: true }).waitFor();
      expect(await rows.count()).toBe(TEAM);
      expect(await rows.last().getByRole("link").textContent()).toBe("Rep 102");
      expect(await members.getByRole("button", { name: "Show more" }).count()).toBe(0);

      // By email, then by name; the count says what matches.
      const search = members.getByRole("searchbox", { name: "Search team members" });
      await search.fill(`rep101@${domain}`);
      await members.getByText(`1 person match “rep101@${domain}”`).waitFor();
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getByRole("link").textContent()).toBe("Rep 101");
      await search.fill("rep 05");
      await members.getByText("10 people match “rep 05”").waitFor();
      expect(await rows.count()).toBe(10);
      await search.fill("nobody by this name");
      await members.getByText("No team member matches “nobody by this name”.").waitFor();
      // The page does not scroll sideways on a phone, and the check-ins panel stays.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByTestId("check-ins-panel").waitFor();

      // Cleared: the whole team again, with the page already shown.
      await search.fill("");
      await members.getByText(`${TEAM} people`, { exact: true }).waitFor();
      expect(await rows.count()).toBe(TEAM);

      // A person's page reads its one member: Send check-in, and once one is waiting, not.
      const first = rows.first();
      const memberId = (await first.getAttribute("data-member-id")) ?? "";
      await first.getByRole("link").click();
      const header = page.getByTestId("person-page");
      await header.getByRole("button", { name: "Send check-in" }).waitFor();
      const sent = await api(origin, "/api/check-ins", { cookie, body: { teamMemberId: memberId } });
      expect(sent.status, await sent.clone().text()).toBe(201);
      await page.reload();
      await header.getByText("Check-in waiting").waitFor();
      expect(await header.getByRole("button", { name: "Send check-in" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
