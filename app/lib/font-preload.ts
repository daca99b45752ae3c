/**
 * Preload links for the latin subset files a layout's first paint needs, so they
 * download beside the stylesheet instead of after it. Each layout preloads only its
 * own fonts (the studio's two, or a demo's pair): a page never fetches a font it
 * does not use.
 */
export function fontPreloads(...hrefs: string[]) {
  return hrefs.map((href) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const);
}
