import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The keyboard-only tests' moves: Tab to a control, check the focus ring, round-trip a dialog. */

/** What has focus: its accessible-ish name, whether it is inside an open dialog, its ring. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    // body: focus is in the browser's own controls (Tab past the page's last control).
    if (!element || element === document.body) return { name: "", inDialog: false, outside: false, ring: false };
    const style = getComputedStyle(element);
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    const name = (
      element.getAttribute("aria-label") ??
      element.closest("label")?.textContent ??
      label ??
      element.textContent ??
      ""
    ).trim();
    const drawn = (s: CSSStyleDeclaration) =>
      (s.outlineStyle !== "none" && s.outlineWidth !== "0px") || s.boxShadow !== "none";
    // An input inside a styled label (daisyUI's search box) draws its ring on the label.
    const frame = element.parentElement?.matches(":focus-within.input, :focus-within.select")
      ? element.parentElement
      : null;
    const ring = drawn(style) || (frame !== null && drawn(getComputedStyle(frame)));
    const inDialog = element.closest("dialog[open]") !== null;
    return { name, inDialog, outside: !inDialog, ring, tag: element.tagName.toLowerCase() };
  });

/** Presses Tab (or Shift+Tab) until the focused control's name matches, at most `max` times. */
export async function tabTo(page: Page, name: RegExp, max = 60, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (name.test(now.name)) {
      expect(now.ring, `focus ring on "${now.name}"`).toBe(true);
      return;
    }
  }
  throw new Error(`${key} never reached ${name}`);
}

/** What has focus is this heading (a step that replaced the pressed button took focus). */
export async function expectFocusOnHeading(page: Page, name: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`),
    )
    .toBe(`H2 ${name}`);
}

/**
 * Opens a dialog from the control named `opener` with Enter, checks focus is inside it (not on
 * the × button) and stays there (every control Tab reaches shows a ring), closes it with Escape and checks
 * focus is back on the opener.
 */
export async function dialogRoundTrip(page: Page, opener: RegExp, max = 80): Promise<void> {
  await tabTo(page, opener, max);
  const openerName = (await focused(page)).name;
  await page.keyboard.press("Enter");
  await page.locator("dialog[open]").waitFor();
  expect((await focused(page)).inDialog, `focus moved into the dialog of "${openerName}"`).toBe(true);
  // It starts on a field or action (initial-focus.ts), not the × button.
  expect((await focused(page)).name, `first focus in the dialog of "${openerName}"`).not.toBe("Close");
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    expect(now.outside, `Tab left the dialog of "${openerName}" for "${now.name}"`).toBe(false);
    if (now.inDialog) expect(now.ring, `focus ring on "${now.name}" in "${openerName}"`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
  expect((await focused(page)).name, `focus returned from the dialog of "${openerName}"`).toBe(openerName);
}

/**
 * Prerendered pages (landing, legal, login) start their script at the visitor's first key,
 * touch or focus (build-tools/prerender.ts): arrow keys pressed before the app runs do
 * nothing. A keyboard user's first key starts it; then wait for src/main.tsx's mark.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => (window as { undertoneHydrated?: boolean }).undertoneHydrated === true);
}

/** Log in on /login with the keyboard alone. */
export async function logInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await untilInteractive(page);
  await tabTo(page, /^Email$/);
  await page.keyboard.type(email);
  await tabTo(page, /^Password$/);
  await page.keyboard.type(password);
  await page.keyboard.press("Enter");
}

/** The field's error as a screen reader gets it: aria-invalid, and the text its aria-describedby names. */
export async function fieldError(page: Page, label: string): Promise<{ invalid: string | null; described: string }> {
  return page.getByLabel(label, { exact: true }).evaluate((input) => ({
    invalid: input.getAttribute("aria-invalid"),
    described: (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  }));
}
