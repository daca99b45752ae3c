/**
 * What waits for the page's first paint (docs/decisions/0041-web-fonts-after-the-first-paint.md):
 * the web fonts and the pictures marked `data-after-paint` (the portfolio cards' previews).
 *
 * On a phone's first visit the first paint needs only the HTML and the one stylesheet.
 * Fonts and pictures fetched before it share the phone's link with them and delay it:
 * Lighthouse's simulated phone counted the fonts, requested as the stylesheet arrived,
 * in every page's LCP (1.05 s; 0.75 s without them, reports/lcp.md). So the text is first
 * painted in its metric-matched local fallback (app/styles/fonts/fallback-fonts.css: the
 * swap moves nothing, tests/e2e/font-swap.spec.ts), and the @font-face rules are added
 * only once the first contentful paint is reported; the browser then fetches the faces
 * the page uses and swaps them in, as it did before whenever a font came late.
 *
 * A later page of the same visit (its referrer is this site) adds the faces at once: the
 * files are cached by then (immutable, a year), so its first paint already has them and
 * nothing swaps. Nothing is stored in the browser to know it (docs/product.md: no cookie,
 * no storage).
 * The rules go in as a constructed stylesheet: the back office's CSP (style-src 'self')
 * refuses a <style> element a script writes; a browser without constructed sheets gets
 * the element, which the public pages' CSP allows.
 * Without JavaScript the attribute is never set, so the pictures load as usual, and the
 * text stays in the fallback faces.
 *
 * Runs in <head> before the body is parsed; inlined with Function#toString, so it must stay
 * self-contained.
 */
export function deferUntilFirstPaint(doc: Document, fontFaces: string) {
  const root = doc.documentElement;
  const win = doc.defaultView;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const Sheet = win?.CSSStyleSheet;
    if (Sheet && "adoptedStyleSheets" in doc && "replaceSync" in Sheet.prototype) {
      const sheet = new Sheet();
      sheet.replaceSync(fontFaces);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    } else {
      const style = doc.createElement("style");
      style.textContent = fontFaces;
      doc.head.append(style);
    }
    root.removeAttribute("data-before-paint");
  };
  let seen = false;
  try {
    seen = !!win && doc.referrer !== "" && new win.URL(doc.referrer).origin === win.location.origin;
  } catch {
    /* an unreadable referrer: wait for the paint */
  }
  if (seen || !win) return finish();
  root.setAttribute("data-before-paint", "");
  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes("paint")) {
    new Observer((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      win.setTimeout(finish, 0);
    }).observe({ type: "paint", buffered: true });
    // A page that paints no content (or a tab opened in the background) still gets its fonts.
    win.setTimeout(finish, 3000);
  } else {
    // No paint entries (older Safari): one frame after the document is parsed.
    const afterFrame = () => win.requestAnimationFrame(() => win.setTimeout(finish, 0));
    if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", afterFrame, { once: true });
    else afterFrame();
  }
}
