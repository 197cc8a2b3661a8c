import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * axe-core in the page under test: `axeViolations(page)` injects the library once per
 * document and runs the WCAG 2.0/2.1/2.2 A and AA rules (axe's tags), returning one line
 * per violation and node so a failing test names the rule, the element and the fix.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

export async function axeViolations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations;
  }, WCAG_TAGS);
  return (violations as AxeViolation[]).flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${JSON.stringify(node.target)} — ${(node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300)}`,
    ),
  );
}

/**
 * Waits until the page shows its content: no skeletons, no busy regions. The contexts run
 * with reduced motion, which the app's CSS turns into no transitions, so nothing is
 * measured mid-fade.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll(".skeleton, [aria-busy='true']").length === 0, undefined, {
    timeout: 10_000,
  });
}

/**
 * In-app navigation through the router (pushState + popstate), so the SPA and axe stay
 * loaded between pages instead of parsing both again on every `goto`. The headings
 * matching `heading` are marked stale first; it returns once the new page drew its own.
 */
export async function navigate(page: Page, path: string, heading = "h1"): Promise<void> {
  await page.evaluate(
    ([to, selector]) => {
      if (`${location.pathname}${location.search}` === to) return;
      for (const element of document.querySelectorAll(selector)) element.setAttribute("data-stale", "");
      history.pushState(null, "", to);
      dispatchEvent(new PopStateEvent("popstate"));
    },
    [path, heading] as const,
  );
  await page.locator(`${heading}:not([data-stale])`).first().waitFor();
}
