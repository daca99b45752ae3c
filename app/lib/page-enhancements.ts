/**
 * The only script the content pages run (docs/decisions/0007-static-content-pages.md):
 * the mobile menus, the footer year and the demo sites' inert-button notices. The
 * pages are complete HTML without it; it adds what a click should do.
 *
 * It is inlined into every page with Function#toString (page-enhancements-script.tsx, via inline-script.tsx),
 * so it must stay self-contained: no imports, no references outside its own body.
 * Listeners are delegated to the document, so they also serve the few hydrated pages,
 * where React re-renders the markup but never these attributes.
 *
 * Markup contract:
 * - `button[data-menu-toggle][aria-controls]` with `data-label-open` / `data-label-close`:
 *   toggles the element it controls (its `hidden`), `aria-expanded` and its label.
 *   Escape closes an open menu and returns focus to its toggle; choosing a link inside
 *   it closes it, as does any history navigation.
 * - `[data-current-year]`: its text becomes the visitor's current year.
 * - `button[data-notice-title]` (optional `data-notice-description`): pressing it shows
 *   that notice in `[data-notice-region]`; it dismisses itself after a few seconds, on
 *   its close button, on Escape, or when swiped sideways.
 * - A `page-notice` CustomEvent on the document (detail: title, description?, tone?)
 *   shows the same notice: the forms raise theirs this way (lib/notice.ts), so the site
 *   has one notice system.
 * - Analytics (docs/product.md#analytics): a second after the page has loaded (or as a link or form leaves it, or it hides, if sooner), one page view goes to
 *   `/api/event` with `navigator.sendBeacon` (path, the referrer's host, UTM values, `ref`);
 *   `a[data-goal="demo-cta"]` sends the demo's goal when followed. No cookie, no storage;
 *   nothing from a noindex page (the back office, a quote link's page, the 404 page), or a
 *   browser with Global Privacy Control.
 */
export function pageEnhancements(doc: Document) {
  const win = doc.defaultView as (Window & { __pageEnhanced?: boolean }) | null;
  if (!win || win.__pageEnhanced) return;
  win.__pageEnhanced = true;
  const NOTICE_MS = 6000;
  const SWIPE_PX = 60;

  for (const el of Array.from(doc.querySelectorAll("[data-current-year]"))) {
    el.textContent = String(new Date().getFullYear());
  }

  const menuOf = (toggle: Element) => doc.getElementById(toggle.getAttribute("aria-controls") ?? "");
  const openToggles = () =>
    Array.from(doc.querySelectorAll<HTMLElement>('[data-menu-toggle][aria-expanded="true"]'));
  const setMenu = (toggle: HTMLElement, open: boolean) => {
    const menu = menuOf(toggle);
    if (!menu) return;
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    const label = open ? toggle.dataset.labelClose : toggle.dataset.labelOpen;
    if (label) toggle.setAttribute("aria-label", label);
  };
  const closeMenus = () => {
    for (const toggle of openToggles()) setMenu(toggle, false);
  };

  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  const clearNotice = () => {
    clearTimeout(noticeTimer);
    for (const region of Array.from(doc.querySelectorAll("[data-notice-region]"))) region.replaceChildren();
  };
  const showNotice = (notice: { title?: unknown; description?: unknown; tone?: unknown }) => {
    const region = doc.querySelector("[data-notice-region]");
    if (!region) return;
    clearNotice();
    const error = notice.tone === "error";
    const card = doc.createElement("div");
    card.dataset.notice = "";
    card.dataset.noticeTone = error ? "error" : "info";
    card.className = `pointer-events-auto relative w-full max-w-sm touch-pan-y rounded-lg border bg-card p-4 pr-12 text-card-foreground shadow-lg transition-transform motion-reduce:transition-none${
      error ? " border-destructive text-destructive" : ""
    }`;
    const title = doc.createElement("p");
    title.className = "font-semibold";
    title.textContent = String(notice.title ?? "");
    card.append(title);
    if (notice.description) {
      const description = doc.createElement("p");
      description.className = error ? "mt-1 text-sm text-foreground" : "mt-1 text-sm opacity-80";
      description.textContent = String(notice.description);
      card.append(description);
    }
    const close = doc.createElement("button");
    close.type = "button";
    close.dataset.noticeClose = "";
    close.setAttribute("aria-label", "Dismiss notice");
    close.className =
      "absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-lg leading-none hover:bg-muted";
    close.textContent = "×";
    card.append(close);
    // Swipe away: follow the finger sideways, dismiss past the threshold.
    let startX: number | undefined;
    card.addEventListener("pointerdown", (e) => {
      if ((e.target as Element).closest("button")) return;
      startX = e.clientX;
      card.setPointerCapture?.(e.pointerId);
    });
    card.addEventListener("pointermove", (e) => {
      if (startX !== undefined) card.style.transform = `translateX(${e.clientX - startX}px)`;
    });
    const endSwipe = (e: PointerEvent) => {
      if (startX === undefined) return;
      const dx = e.clientX - startX;
      startX = undefined;
      if (Math.abs(dx) >= SWIPE_PX) clearNotice();
      else card.style.transform = "";
    };
    card.addEventListener("pointerup", endSwipe);
    card.addEventListener("pointercancel", endSwipe);
    // A live region announces content added to it, so it stays in the page and only its children change.
    region.append(card);
    noticeTimer = setTimeout(clearNotice, NOTICE_MS);
  };

  const loc = win.location;
  const nav = win.navigator as Navigator & { globalPrivacyControl?: boolean };
  // Pages closed to search engines (noindex: the 404 page, a checkout's return, a quote, the back office) are not counted.
  const counted =
    !doc.querySelector('meta[name="robots"][content*="noindex"]') &&
    !/^\/(studio|quote)(\/|$)/.test(loc.pathname) &&
    typeof nav.sendBeacon === "function" &&
    nav.globalPrivacyControl !== true;
  const track = (name: string) => {
    if (!counted) return;
    const event: Record<string, string> = { name, path: loc.pathname };
    try {
      const from = new URL(doc.referrer).host;
      if (from && from !== loc.host) event.referrer = from;
    } catch {
      // No referrer, or not a URL.
    }
    const query = new URLSearchParams(loc.search);
    for (const key of ["utm_source", "utm_medium", "utm_campaign", "ref"]) {
      const value = query.get(key);
      if (value) event[key] = value.slice(0, 100);
    }
    nav.sendBeacon("/api/event", JSON.stringify(event));
  };
  // A second after load: Lighthouse's simulated LCP counts every request that starts before the
  // page's largest paint, and a beacon sent at load often did (LCP 1.05 → 1.35 s, reports/lighthouse.md).
  // A visitor who leaves sooner is counted as the page hides.
  let viewed = false;
  const pageview = () => {
    if (viewed) return;
    viewed = true;
    track("pageview");
  };
  const later = () => win.setTimeout(pageview, 1000);
  if (doc.readyState === "complete") later();
  else win.addEventListener("load", later, { once: true });
  // Chromium drops a beacon sent as a page hides for a navigation (measured: tests/e2e/funnel.spec.ts),
  // so a page left within the second by a link or a form counts as it is left; pagehide stays for the rest.
  win.addEventListener("pagehide", pageview, { once: true });
  doc.addEventListener("submit", pageview, true);

  doc.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (target.closest("a[href]")) pageview();
    if (target.closest('a[data-goal="demo-cta"]')) track("demo-cta");
    const toggle = target.closest<HTMLElement>("[data-menu-toggle]");
    if (toggle) {
      setMenu(toggle, toggle.getAttribute("aria-expanded") !== "true");
      return;
    }
    if (target.closest("a[href]")) {
      for (const open of openToggles()) if (menuOf(open)?.contains(target)) setMenu(open, false);
      return;
    }
    if (target.closest("[data-notice-close]")) {
      clearNotice();
      return;
    }
    const noticeSource = target.closest<HTMLElement>("[data-notice-title]");
    if (noticeSource)
      showNotice({
        title: noticeSource.dataset.noticeTitle,
        description: noticeSource.dataset.noticeDescription,
      });
  });

  doc.addEventListener("page-notice", (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail === "object" && detail !== null) showNotice(detail);
  });

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = openToggles();
    if (open.length > 0) {
      closeMenus();
      open[0]!.focus();
      return;
    }
    clearNotice();
  });

  win.addEventListener("popstate", closeMenus);
  win.addEventListener("hashchange", closeMenus);
}
