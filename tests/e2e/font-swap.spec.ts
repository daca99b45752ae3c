import type { Browser } from "@playwright/test";

import { publicRoutes } from "../../app/lib/route-registry";
import { expect, test } from "./fixtures";

/**
 * A page's h1 sits in the first screen, so if it changes line count when its web font
 * replaces the metric-matched fallback (font-display: swap), everything under it jumps:
 * CLS 0.027–0.035 on three demo pages before the fallbacks were measured per weight and
 * case (scripts/fonts/fallback-metrics.ts). Checked at Lighthouse's phone width, where
 * the budget (CLS ≤ 0.01) is measured.
 */
const phone = { viewport: { width: 412, height: 823 }, isMobile: true };

async function h1Heights(browser: Browser, baseURL: string, fonts: "web" | "fallback") {
  const context = await browser.newContext({ ...phone, baseURL });
  // Without the woff2 files every face is its local fallback, as before the swap.
  if (fonts === "fallback") await context.route(/\.woff2$/, (route) => route.abort());
  const page = await context.newPage();
  const heights = new Map<string, number>();
  let loadedFaces = 0;
  for (const { path } of publicRoutes) {
    await page.goto(path);
    loadedFaces += await page.evaluate(
      async () =>
        [...(await document.fonts.ready)].filter(
          (f) => f.status === "loaded" && !f.family.endsWith("Fallback"),
        ).length,
    );
    heights.set(path, await page.locator("h1").evaluate((h) => Math.round(h.getBoundingClientRect().height)));
  }
  await context.close();
  return { heights, loadedFaces };
}

test("every page's h1 keeps its line count when its web font swaps in", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const web = await h1Heights(browser, baseURL!, "web");
  const fallback = await h1Heights(browser, baseURL!, "fallback");
  // The comparison means something only if the first pass had the web fonts and the second none.
  expect(web.loadedFaces).toBeGreaterThanOrEqual(publicRoutes.length);
  expect(fallback.loadedFaces).toBe(0);
  const rewrapped = publicRoutes
    .map((r) => r.path)
    .filter((path) => web.heights.get(path) !== fallback.heights.get(path));
  expect(rewrapped, "h1 height differs between the web font and its fallback").toEqual([]);
});
