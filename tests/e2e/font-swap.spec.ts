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
    // The faces are declared once the page has painted (lib/after-first-paint.ts).
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-before-paint"));
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

test("a first visit paints before any font or preview picture is requested; its next page has the fonts from the start", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...phone, baseURL });
  const page = await context.newPage();
  const timings = () =>
    page.evaluate(async () => {
      await new Promise<void>((resolve) => {
        const check = () =>
          document.documentElement.hasAttribute("data-before-paint") ? setTimeout(check, 20) : resolve();
        check();
      });
      await document.fonts.ready;
      const fcp = await new Promise<number>((resolve) =>
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime);
        }).observe({ type: "paint", buffered: true }),
      );
      const fetched = performance
        .getEntriesByType("resource")
        .filter((e) => /\.(woff2|avif)$/.test(new URL(e.name).pathname))
        .map((e) => ({ file: new URL(e.name).pathname, start: e.startTime }));
      const faces = [...document.fonts].filter(
        (f) => f.status === "loaded" && !f.family.endsWith("Fallback"),
      );
      return { fcp, fetched, faces: faces.map((f) => f.family) };
    });
  // The portfolio: the intro in Inter and Plus Jakarta Sans, four phone thumbnails in the first screen's reach.
  await page.goto("/portfolio");
  const first = await timings();
  expect(first.fetched.filter((f) => f.file.endsWith(".woff2")).length).toBeGreaterThanOrEqual(2);
  expect(first.fetched.filter((f) => f.file.endsWith(".avif")).length).toBeGreaterThanOrEqual(1);
  for (const f of first.fetched) expect(f.start, f.file).toBeGreaterThanOrEqual(first.fcp);
  expect(first.faces).toEqual(expect.arrayContaining(["Inter Variable", "Plus Jakarta Sans Variable"]));

  // The next page of the visit (reached from this one: a link sends the site as referrer)
  // declares the (now cached) faces before its first layout, with nothing stored to know it.
  await page.goto("/pricing", { referer: new URL("/portfolio", baseURL).href });
  const declaredAtOnce = await page.evaluate(
    () => !document.documentElement.hasAttribute("data-before-paint"),
  );
  expect(declaredAtOnce).toBe(true);
  const next = await timings();
  expect(next.faces).toEqual(expect.arrayContaining(["Inter Variable", "Plus Jakarta Sans Variable"]));
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
  await context.close();
});
