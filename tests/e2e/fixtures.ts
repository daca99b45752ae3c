import AxeBuilder from "@axe-core/playwright";
import { test as base, expect } from "@playwright/test";

/**
 * Shared test fixture: every test gets a fresh page from browser.newContext()
 * (axe needs one) and a helper that fails on any WCAG 2.2 A/AA violation.
 */
export const test = base.extend<{ checkA11y: () => Promise<void> }>({
  checkA11y: async ({ page }, use) => {
    await use(async () => {
      // Blocks below the fold render only as they near the viewport (content-visibility:
      // auto, decision 0010); axe reads colours from what is painted, so paint them all first.
      await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
      const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n    ")}`);
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };
