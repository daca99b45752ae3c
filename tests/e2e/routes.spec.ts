import type { Page } from "@playwright/test";

import { publicRoutes } from "../../app/lib/route-registry";
import { expect, test } from "./fixtures";

/**
 * Every public route (docs/product.md#routes), loaded once: it answers 200 with one h1 and no axe
 * violation; and no link or button of its header wraps onto a second line or runs off the screen
 * at any width from 320 to 1920 px (issue 37: at 1440 px the logo, "Our Story" and "About Us" broke
 * onto two lines once "Book a Call" joined the header), nor does the page scroll sideways on a
 * phone. The widths: the common ones and both sides of each breakpoint where the header changes
 * (sm 640, md 768, lg 1024, xl 1280). One page load per route serves all three checks: the
 * browser's page loads were most of the e2e stage's CPU.
 */
const WIDTHS = [320, 360, 375, 414, 639, 640, 767, 768, 1023, 1024, 1279, 1280, 1440, 1920];
/** The phone width at which no page may scroll sideways (the spec's smallest screen). */
const PHONE = 375;

type Item = { name: string; lines: number; right: number };

/** The header's visible links and buttons at the page's current width: on how many lines each is, and where it ends. */
function headerItems(page: Page): Promise<Item[]> {
  return page
    .locator("body header")
    .first()
    .evaluate((header) =>
      [...header.querySelectorAll<HTMLElement>("a, button")]
        .filter((el) => el.getClientRects().length > 0)
        .map((el): Item => {
          // One line: every piece of its text starts at the same top (its icons are not text).
          const tops = new Set<number>();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
          }
          return {
            name: el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName,
            lines: tops.size,
            right: el.getBoundingClientRect().right,
          };
        }),
    );
}

for (const route of publicRoutes) {
  test(`${route.path} renders, passes axe, and fits from 320 to 1920 px`, async ({ page, checkA11y }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("main#main")).toBeVisible();
    await checkA11y();

    // The fonts in use, so each width is measured as a visitor sees it once they have loaded.
    await page.evaluate(() => document.fonts.ready);
    const misfits: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const items = await headerItems(page);
      expect(items.length, `${width} px: the header shows links`).toBeGreaterThan(1);
      for (const item of items) {
        if (item.lines > 1) misfits.push(`${width} px: "${item.name}" on ${item.lines} lines`);
        if (item.right > width + 0.5) misfits.push(`${width} px: "${item.name}" runs off the screen`);
      }
      if (width === PHONE) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) misfits.push(`${width} px: the page scrolls sideways by ${overflow} px`);
      }
    }
    expect(misfits).toEqual([]);
  });
}

test("unknown paths get the 404 page, status 404, and the miss is logged", async ({ page, checkA11y }) => {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /return to home/i })).toHaveAttribute(
    "href",
    "/",
  );
  await expect.poll(() => messages.join("\n")).toContain("/no-such-page");
  await checkA11y();
});
