import { describe, expect, test } from "vitest";
import { DISTRESSED_ANSWERS } from "../fixtures/worker/distressed-answers.ts";
import type { SlackPost } from "../integration/slack-vars.ts";
import { e2eApp } from "./app.ts";
import { createVerifiedAdmin, loginAs, mailbox, toastText } from "./auth.ts";
import { browserSuite } from "./browser.ts";
import { answer, confirmSummary, startCheckIn } from "./chat.ts";

const { newPage, origin } = browserSuite();
const { slackOrigin } = e2eApp();

/**
 * Issue 15 item 5: an admin sets alerts to "Immediately" and connects Slack; a distressed
 * check-in completes over the WebSocket; the alert email appears in /dev/mailbox with a
 * working link to the person; the Slack stand-in gets one post in the chosen channel, which
 * names no one (issue 22 item 4); the digest preview shows the week.
 */

const postsAbout = async (name: string) =>
  ((await (await fetch(`${slackOrigin}/__posts`)).json()) as SlackPost[]).filter((p) => p.text.includes(name));

describe("early warnings reach the manager", () => {
  test("alert email with a working link, one Slack post, and the digest preview", async () => {
    const account = await createVerifiedAdmin(origin, { trial: true, companyName: "Warning Signs Co" });
    const admin = await newPage({ width: 1280, height: 900 });
    const rep = await newPage({ width: 375, height: 812 });
    try {
      const page = admin.page;
      await loginAs(page, account.email, account.password);
      await page.goto("/dashboard/settings");

      // Alert emails: from "digest only" back to "Immediately", saved each time.
      const alerts = page.getByTestId("alert-emails-panel");
      await alerts.getByLabel("In the weekly digest only").check();
      expect(await toastText(page)).toContain("In the weekly digest only");
      await alerts.getByLabel("Immediately").check();
      await expect.poll(() => alerts.getByLabel("Immediately").isChecked()).toBe(true);

      // Add to Slack: Slack's consent page (the stand-in approves) and back to Settings.
      const slack = page.getByTestId("slack-panel");
      await slack.getByRole("link", { name: "Add to Slack" }).click();
      await page.waitForURL(/\/dashboard\/settings$/);
      await slack.getByText("Connected to").waitFor();
      await slack.getByLabel("Channel for alerts and the digest").selectOption({ label: "#sales-alerts" });
      await slack.getByRole("button", { name: "Save Slack settings" }).click();
      await slack.locator("strong", { hasText: "#sales-alerts" }).waitFor();
      await page.screenshot({ path: "tests/.artifacts/notify-settings.png", fullPage: true });

      // A salesperson and their check-in, through the same session's API.
      const suffix = Date.now().toString(36);
      const added = await page.request.post("/api/team-members", {
        data: { firstName: "Jordan", lastName: `Vale${suffix}`, email: `jordan.${suffix}@warning.example` },
        headers: { Origin: origin },
      });
      expect(added.status()).toBe(201);
      const memberId = ((await added.json()) as { member: { id: string } }).member.id;
      const memberEmail = `jordan.${suffix}@warning.example`;
      const sent = await page.request.post("/api/check-ins", {
        data: { teamMemberId: memberId },
        headers: { Origin: origin },
      });
      expect(sent.status()).toBe(201);
      // The invitation goes through the notifications queue to the member's inbox.
      let url = "";
      await expect
        .poll(
          async () => {
            const invite = (await mailbox(origin, memberEmail)).find((e) => e.kind === "check_in_invite");
            url = invite?.text.match(/https?:\/\/\S+\/check-in\/\S+/)?.[0] ?? "";
            return url;
          },
          { timeout: 30_000, interval: 300 },
        )
        .not.toBe("");
      const name = `Jordan Vale${suffix}`;

      // The distressed conversation, over the WebSocket, to completion.
      await rep.page.goto(url);
      await startCheckIn(rep.page);
      await rep.page.getByRole("heading", { name: "Your check-in, Jordan" }).waitFor();
      for (const text of DISTRESSED_ANSWERS) await answer(rep.page, text);
      await confirmSummary(rep.page, 20_000);

      // Within a minute: the email in /dev/mailbox…
      await expect
        .poll(async () => (await mailbox(origin, account.email)).filter((e) => e.kind === "risk_alert").length, {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(1);
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(account.email)}`);
      const mail = page.locator('[data-testid="mail"][data-kind="risk_alert"]');
      expect(await mail.locator("h2").textContent()).toContain(`Urgent: ${name} — burnout risk`);
      for (const words of DISTRESSED_ANSWERS) expect(await mail.textContent()).not.toContain(words);
      // …whose link opens the person's page.
      await mail.getByRole("link", { name: new RegExp(`/dashboard/team/${memberId}$`) }).click();
      await page.getByTestId("person-page").waitFor();
      expect(page.url()).toBe(`${origin}/dashboard/team/${memberId}`);
      expect(await page.getByTestId("person-page").textContent()).toContain(name);

      // …and one post in the chosen Slack channel, which names no one and shows no score.
      await expect
        .poll(async () => (await postsAbout("Warning Signs Co")).length, { timeout: 30_000, interval: 500 })
        .toBe(1);
      const [post] = await postsAbout("Warning Signs Co");
      expect(post?.channel).toBe("C0ALERTS");
      // How many (a distressed check-in crosses several lines), where, and the way in: no one named.
      expect(post?.text).toMatch(
        /^\d+ (?:urgent |high )?alerts? in Warning Signs Co(?: \(\d+ urgent, \d+ high\))? — open the dashboard$/m,
      );
      expect(post?.text).toContain(`<${origin}/dashboard|Open the dashboard>`);
      expect(post?.text).not.toContain("Jordan");
      expect(post?.text).not.toMatch(/\/100/);

      // The digest preview shows this week, with the new alert.
      await page.goto("/dashboard/settings");
      const preview = page.getByTestId("digest-preview");
      await preview.getByText("Warning Signs Co: your weekly Undertone digest").waitFor();
      const frame = page.frameLocator('iframe[title="Weekly digest preview"]');
      await frame.getByText("Weekly digest — Warning Signs Co").waitFor();
      await frame.getByText(/^Week of [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
      await frame.getByText("New alerts (", { exact: false }).waitFor();
      expect(await frame.locator("body").textContent()).toContain(name);
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: "tests/.artifacts/notify-digest-preview.png", fullPage: true });
    } finally {
      await admin.context.close();
      await rep.context.close();
    }
  }, 180_000);
});
