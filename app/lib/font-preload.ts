/**
 * Preload links for core font files, so they download beside the stylesheet instead
 * of after it. Each layout preloads one face of its own (a page never fetches a font
 * it does not use): the studio its heading face, each demo its body face. Measured
 * under Lighthouse's slow-4G simulation: preloading both faces put ~45 KB of fonts in
 * the stylesheet's way and pushed the first layout past the first paint (TBT 15–95 ms
 * on pages with no script) for no LCP gain. The face left out swaps in over its
 * metric-matched fallback (app/styles/app.css); which one to preload is whichever
 * swaps without a shift: Inter does under the studio pages' copy, the demos' body
 * faces (Lora, Outfit, DM Sans) did not (CLS 0.017–0.022), their headings do.
 */
export function fontPreloads(...hrefs: string[]) {
  return hrefs.map((href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const);
}
