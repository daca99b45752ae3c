/**
 * Preload links for core font files, so they download beside the stylesheet instead
 * of after it. Each layout preloads the faces it uses (a page never fetches a font it
 * does not use): the studio its heading face (Inter's swap moves nothing under its
 * copy), each demo both of its faces, so no heading re-wraps when its face arrives.
 * Preloading two faces moves the simulated first paint earlier; that cost blocking
 * time only while the first layout was long (docs/decisions/0010-first-layout-cost.md).
 */
export function fontPreloads(...hrefs: string[]) {
  return hrefs.map((href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const);
}
