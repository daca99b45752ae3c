/**
 * Preload links for core font files, so they download beside the stylesheet instead
 * of after it. Each layout preloads one face of its own (a page never fetches a font
 * it does not use): the site its heading face (Inter's swap moves nothing under its
 * copy), each demo its body face, the larger share of its text. The other face swaps
 * in over its metric-matched fallback (app/styles/fonts/fallback-fonts.css, one per
 * weight; tests/e2e/font-swap.spec.ts checks no h1 re-wraps).
 * Preloading both faces on the demos ended the swaps but moved Lighthouse's simulated
 * first paint ahead of the first layout, which then counted as blocking time: 16 demo
 * pages over the TBT budget (66–152 ms), re-measured 2026-11-21 (decision 0010).
 * One route adds its body face: /portfolio, whose first-layout thumbnails would otherwise
 * share the phone's simulated link with Inter (decision 0020).
 */
export function fontPreloads(...hrefs: string[]) {
  return hrefs.map(
    (href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const,
  );
}
