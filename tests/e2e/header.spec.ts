import { publicRoutes } from "../../app/lib/route-registry";
import { expect, test } from "./fixtures";

/**
 * No link or button of a public page's header wraps onto a second line, or runs off the screen,
 * at any width from 320 to 1920 px (issue 37: at 1440 px the logo, "Our Story" and "About Us"
 * broke onto two lines once "Book a Call" joined the header). Every public route of the registry
 * (the site's header and each demo's), at the common widths and both sides of each breakpoint
 * where the header changes (sm 640, md 768, lg 1024, xl 1280).
 */
const WIDTHS = [320, 360, 375, 414, 639, 640, 767, 768, 1023, 1024, 1279, 1280, 1440, 1920];

type Item = { name: string; lines: number; right: number };

for (const route of publicRoutes) {
  test(`${route.path}: no header link or button wraps from 320 to 1920 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    expect((await page.goto(route.path))?.status()).toBe(200);
    // The fonts in use, so each width is measured as a visitor sees it once they have loaded.
    await page.evaluate(() => document.fonts.ready);
    const wrapped: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const items = await page
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
      expect(items.length, `${width} px: the header shows links`).toBeGreaterThan(1);
      for (const item of items) {
        if (item.lines > 1) wrapped.push(`${width} px: "${item.name}" on ${item.lines} lines`);
        if (item.right > width + 0.5) wrapped.push(`${width} px: "${item.name}" runs off the screen`);
      }
    }
    expect(wrapped).toEqual([]);
  });
}
