/**
 * Preload links for core font files, so they download beside the stylesheet instead
 * of after it. Each layout preloads one face of its own (a page never fetches a font
 * it does not use): the studio its heading face, each demo its body face. Measured
 * under Lighthouse's slow-4G simulation: preloading both faces on the demos ended the
 * swaps but moved the simulated first paint ahead of the first layout, which then
 * counted as blocking time (TBT 50–118 ms on pages with no script, re-measured
 * 2026-11-21; again after the first layout was cut, decision 0010: 16 demo pages
 * over the TBT budget). The face left out swaps in over its
 * metric-matched fallback (app/styles/fonts/fallback-fonts.css, one per weight); the
 * studio preloads its heading face (Inter's swap moves nothing under its copy), each
 * demo its body face, the larger share of its text (heading swaps are the rarer shifts
 * since the fallbacks match the bold weights).
 */
export function fontPreloads(...hrefs: string[]) {
  return hrefs.map((href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const);
}
