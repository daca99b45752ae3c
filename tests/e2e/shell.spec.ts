import type { Page } from "@playwright/test";

import { publicRoutes } from "../../app/lib/route-registry";
import { expect, hydrateForm, test } from "./fixtures";

/** The form pages' forms are islands that hydrate on the visitor's first sign of intent toward them. */
async function openHydrated(page: Page, path: "/payment" | "/contact") {
  await page.goto(path);
  await hydrateForm(page);
}

/**
 * Scrolls to a third of the main content in 200 px steps, a frame apart, as a visitor scrolling
 * does: every block on the way renders (lazy blocks, lib/lazy-blocks.ts). Returns scrollY.
 */
async function scrollToAThird(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Heights change as blocks render, so the target is read afresh at every step; it is a
    // third of <main>, since the footer's stand-in height could put it past the real bottom.
    const third = () => Math.round(document.querySelector("main")!.offsetHeight / 3);
    for (let y = 0; y < third(); y += 200) {
      window.scrollTo({ top: y, behavior: "instant" });
      await frame();
    }
    window.scrollTo({ top: third(), behavior: "instant" });
    // The position a visitor leaves from: a block that renders a frame late can still move
    // it (scroll anchoring), so wait until it holds still over two frames.
    let last = -1;
    for (let i = 0; i < 30 && window.scrollY !== last; i++) {
      last = window.scrollY;
      await frame();
    }
    return window.scrollY;
  });
}

test.describe("main layout", () => {
  test("header has the eight nav links and Get Quote", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    for (const name of [
      "Home",
      "Portfolio",
      "Pricing",
      "Our Story",
      "About Us",
      "Extras",
      "Contact",
      "Payment",
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Quote" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  test("footer links point at home anchors and the year is current", async ({ page }) => {
    await page.goto("/pricing");
    const footer = page.getByRole("contentinfo");
    for (const anchor of [
      "/#home",
      "/#portfolio",
      "/#story",
      "/#about",
      "/#pricing",
      "/#extras",
      "/#contact",
    ]) {
      await expect(footer.locator(`a[href="${anchor}"]`).first()).toBeAttached();
    }
    await expect(footer.getByRole("link", { name: "Get Free Quote" })).toHaveAttribute("href", "/contact");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test("skip link is first and moves focus to main", async ({ page }) => {
    await page.goto("/pricing");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("links on a form page are plain links, also once its form is hydrated", async ({ page }) => {
    await openHydrated(page, "/payment");
    await page.getByRole("contentinfo").getByRole("link", { name: "Get Free Quote" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // A document navigation: the page now shown was loaded as a document, with no router.
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).name,
      ),
    ).toMatch(/\/contact$/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expect(page.locator("main#main")).toBeVisible();
  });

  test("back restores the previous scroll position after a document navigation", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    const textAtTop = () =>
      page.evaluate(() => document.elementFromPoint(200, 100)?.textContent?.trim().slice(0, 80));

    // A static page navigates by document; the browser restores its position, on the same
    // content: blocks below the fold render lazily on a fresh load, in full on this one.
    await page.goto("/pricing");
    await expect(page.locator("html")).toHaveAttribute("data-lazy-blocks", "");
    const y2 = await scrollToAThird(page);
    const seen = await textAtTop();
    // A DOM click: Playwright's click would first scroll the link into view and move the position under test.
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "Get Free Quote" })
      .evaluate((a: HTMLElement) => a.click());
    await expect(page).toHaveURL(/\/contact$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y2);
    await expect.poll(textAtTop).toBe(seen);
  });
});

test.describe("what each page ships", () => {
  test("content pages are static HTML with three small inline scripts; form pages add their island's loader", async ({
    request,
  }) => {
    for (const route of publicRoutes) {
      const html = await (await request.get(route.path)).text();
      const inline = html.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
      expect(html, route.path).toContain("function pageEnhancements(");
      // The web fonts and the preview pictures wait for the first paint (lib/after-first-paint.ts).
      expect(html, route.path).toContain("function deferUntilFirstPaint(");
      // Blocks below the fold render lazily on a fresh load (lib/lazy-blocks.ts).
      expect(html, route.path).toContain('<html lang="en-CA" data-lazy-blocks="">');
      expect(html, `${route.path}: no script file`).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html, route.path).not.toContain("modulepreload");
      expect(html, `${route.path}: no React Router in the browser`).not.toContain("__reactRouterContext");
      if (route.hydration === "island") {
        // The page enhancements, then the island's loader, which imports its entry on intent;
        // /contact also fills the project type from ?ref= before the form is painted (docs/product.md, lead sources).
        const preselect = route.path === "/contact" ? 1 : 0;
        expect(
          inline,
          `${route.path}: lazy-blocks and first-paint guards, page enhancements, the island loader and any preselect`,
        ).toHaveLength(4 + preselect);
        expect(html, route.path).toMatch(/<div data-island="[a-z-]+"/);
        expect(html, `${route.path}: the island's entry`).toMatch(
          /import\("\/assets\/[\w-]+\.island-[\w-]+\.js"\)/,
        );
        expect(html, `${route.path}: the island loads when reached for`).toContain('"focusin"');
      }
      // /book adds one: it pre-selects the browser's time zone and times the form (docs/product.md#booking).
      const bookingScript = route.path === "/book" ? 1 : 0;
      if (route.hydration === "static")
        expect(
          inline,
          `${route.path}: the lazy-blocks and first-paint guards, the page enhancements and any booking script`,
        ).toHaveLength(3 + bookingScript);
    }
  });
});

test.describe("form pages", () => {
  test("load no script for a visitor who only reads, and React once the visitor reaches for the form", async ({
    page,
  }) => {
    let scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    for (const path of ["/contact", "/payment"]) {
      scripts = [];
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.mouse.wheel(0, 600);
      await page.waitForLoadState("networkidle");
      expect(scripts, `${path}: nothing loads while reading`).toEqual([]);
      await hydrateForm(page);
      expect(
        scripts.some((s) => /\.island-[\w-]+\.js$/.test(s)),
        `${path}: the form's island entry`,
      ).toBe(true);
      expect(
        scripts.some((s) => /\/entry\.client-[\w-]+\.js$/.test(s)),
        `${path}: no React Router entry`,
      ).toBe(false);
    }
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("toggles, closes on Escape with focus back, and closes on choosing a link", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
  });

  test("works on a form page with its form hydrated too", async ({ page }) => {
    await openHydrated(page, "/contact");
    const menu = page.locator("#mobile-menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    // Still a working menu on the page reached.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
  });

  test("no horizontal scroll at 375 px", async ({ page }) => {
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
