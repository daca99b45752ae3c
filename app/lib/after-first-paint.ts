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
  const addRules = (rules: string) => {
    const Sheet = win?.CSSStyleSheet;
    if (Sheet && "adoptedStyleSheets" in doc && "replaceSync" in Sheet.prototype) {
      const sheet = new Sheet();
      sheet.replaceSync(rules);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    } else {
      const style = doc.createElement("style");
      style.textContent = rules;
      doc.head.append(style);
    }
  };
  // After a first visit's paint only the semibold-and-heavier weights swap in (the headings,
  // kept to their line count by tests/e2e/font-swap.spec.ts). Body text stays in its fallback
  // for this page: a paragraph a few pixels from its line's end gains or loses a line when its
  // face swaps, and moves everything under it (CLS 0.017-0.023 on three demo pages, decision
  // 0061). Its file is fetched once the page is idle, so the next page has it from the start.
  const warmBodyFace = () => {
    const main = doc.querySelector("main") ?? doc.body;
    const family = win!.getComputedStyle(main).fontFamily.split(",")[0]!.replace(/"/g, "").trim();
    const rule = fontFaces.split("@font-face").find((r) => r.includes(`"${family}"`));
    const url = rule && /url\("([^"]+)"\)/.exec(rule)?.[1];
    if (url && "FontFace" in win!) void new win!.FontFace(family, `url("${url}")`).load().catch(() => {});
  };
  const finish = (firstVisit: boolean) => {
    if (done) return;
    done = true;
    if (!firstVisit) addRules(fontFaces);
    else {
      // Each family gets its heavy weights from its file and, for the light ones, a face that
      // covers no character (U+10FFFF is never printed): without it a paragraph would be set
      // in the nearest weight the family has, semibold. With it, the browser moves on to the
      // next family in the stack, the metric-matched fallback.
      addRules(
        fontFaces.replace(/@font-face \{([^}]*)\}/g, (_, rule: string) => {
          const heavy = rule.replace(
            /font-weight: (\d+)/,
            (_, lo: string) => `font-weight: ${Math.max(+lo, 600)}`,
          );
          const light = rule
            .replace(/font-weight: (\d+) \d+/, "font-weight: $1 500")
            .replace(/unicode-range:[^;}]*/, "unicode-range: U+10FFFF");
          return `@font-face {${heavy}}@font-face {${light}}`;
        }),
      );
      if ("requestIdleCallback" in win!) win.requestIdleCallback(warmBodyFace, { timeout: 3000 });
      else win!.setTimeout(warmBodyFace, 500);
    }
    root.removeAttribute("data-before-paint");
  };
  let seen = false;
  try {
    seen = !!win && doc.referrer !== "" && new win.URL(doc.referrer).origin === win.location.origin;
  } catch {
    /* an unreadable referrer: wait for the paint */
  }
  if (seen || !win) return finish(false);
  root.setAttribute("data-before-paint", "");
  const Observer = win.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes("paint")) {
    new Observer((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      win.setTimeout(() => finish(true), 0);
    }).observe({ type: "paint", buffered: true });
    // A page that paints no content (or a tab opened in the background) still gets its fonts.
    win.setTimeout(() => finish(true), 3000);
  } else {
    // No paint entries (older Safari): one frame after the document is parsed.
    const afterFrame = () => win.requestAnimationFrame(() => win.setTimeout(() => finish(true), 0));
    if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", afterFrame, { once: true });
    else afterFrame();
  }
}
