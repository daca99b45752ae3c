/**
 * Lazy rendering below the fold (docs/decisions/0010-first-layout-cost.md).
 *
 * `<html data-lazy-blocks>` turns on `content-visibility: auto` for
 * the blocks after a page's first and for the footer (app.css): they are laid out and
 * painted only as they near the viewport, which cuts the first layout of a long page,
 * and the relayout when the web fonts arrive, to the first screen's worth.
 *
 * A skipped block stands in at an estimated height until it is first seen, so a
 * position restored by the browser (Back, Forward, reload) would land on other
 * content. This runs in <head>, before the body is parsed or laid out, and renders the
 * whole page on those loads; only a fresh navigation renders lazily. (On the hydrated
 * pages, client navigations turn it off too: components/layout/lazy-blocks.tsx.)
 * It is inlined with Function#toString, so it must stay self-contained.
 */
export function renderAllOnRestore(doc: Document) {
  const entry = doc.defaultView?.performance.getEntriesByType("navigation")[0] as
    PerformanceNavigationTiming | undefined;
  if (entry?.type !== "navigate") doc.documentElement.removeAttribute("data-lazy-blocks");
}
