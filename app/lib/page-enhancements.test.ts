import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { pageEnhancements } from "./page-enhancements";

/**
 * Runs the enhancements the way pages do: serialised with toString into a fresh
 * document's inline script, which proves the function is self-contained.
 */
function load(body: string) {
  document.body.innerHTML = body;
  delete (window as Window & { __pageEnhanced?: boolean }).__pageEnhanced;
  // A new Function has no access to this module's scope, as in the browser.
  new Function("document", `(${pageEnhancements.toString()})(document);`)(document);
}

const menuMarkup = `
  <button type="button" data-menu-toggle data-label-open="Open menu" data-label-close="Close menu"
    aria-expanded="false" aria-controls="menu" aria-label="Open menu">menu</button>
  <nav id="menu" hidden><a href="#pricing">Pricing</a><span>text</span></nav>
  <a href="#outside">Outside</a>`;

const listeners: [EventTarget, string, EventListenerOrEventListenerObject][] = [];
beforeEach(() => {
  // Each load() adds document/window listeners; remove them so tests stay independent.
  for (const target of [document, window]) {
    const add = target.addEventListener.bind(target);
    vi.spyOn(target, "addEventListener").mockImplementation(
      (type: string, fn: EventListenerOrEventListenerObject, opts?: boolean | AddEventListenerOptions) => {
        listeners.push([target, type, fn]);
        add(type, fn, opts);
      },
    );
  }
});
afterEach(() => {
  for (const [target, type, fn] of listeners.splice(0)) target.removeEventListener(type, fn);
  // The app's test files share a worker's document (vitest.config.ts): leave it as found.
  delete (window as Window & { __pageEnhanced?: boolean }).__pageEnhanced;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("footer year", () => {
  it("shows the visitor's current year, whatever year the page was built in", () => {
    load(`<p>© <span data-current-year>1999</span> Studio</p>`);
    expect(document.querySelector("[data-current-year]")).toHaveTextContent(String(new Date().getFullYear()));
  });
});

describe("mobile menu", () => {
  const toggle = () => document.querySelector<HTMLButtonElement>("[data-menu-toggle]")!;
  const menu = () => document.getElementById("menu")!;

  it("opens and closes on its button, with aria-expanded and the label following", () => {
    load(menuMarkup);
    toggle().click();
    expect(menu().hidden).toBe(false);
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(toggle()).toHaveAttribute("aria-label", "Close menu");
    toggle().click();
    expect(menu().hidden).toBe(true);
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAttribute("aria-label", "Open menu");
  });

  it("closes on Escape and returns focus to the toggle", () => {
    load(menuMarkup);
    toggle().click();
    menu().querySelector("a")!.focus();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(menu().hidden).toBe(true);
    expect(document.activeElement).toBe(toggle());
  });

  it("closes when a link inside it is chosen, but not on other clicks inside it", () => {
    load(menuMarkup);
    toggle().click();
    menu().querySelector("span")!.click();
    expect(menu().hidden).toBe(false);
    menu().querySelector("a")!.click();
    expect(menu().hidden).toBe(true);
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
  });

  it("stays open when a link elsewhere is clicked, and closes on history navigation", () => {
    load(menuMarkup);
    toggle().click();
    document.querySelector<HTMLAnchorElement>('a[href="#outside"]')!.click();
    expect(menu().hidden).toBe(false);
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(menu().hidden).toBe(true);
  });

  it("installs once even if the script runs twice", () => {
    load(menuMarkup);
    new Function("document", `(${pageEnhancements.toString()})(document);`)(document);
    toggle().click();
    expect(menu().hidden).toBe(false);
  });
});

describe("demo notice", () => {
  const markup = `
    <button type="button" data-notice-title="This is a demo site" data-notice-description="Nothing is booked.">Book</button>
    <div data-notice-region role="status" aria-live="polite"></div>`;
  const region = () => document.querySelector("[data-notice-region]")!;
  const press = () => document.querySelector<HTMLButtonElement>("[data-notice-title]")!.click();

  it("shows the button's notice in the live region and dismisses it after six seconds", () => {
    vi.useFakeTimers();
    load(markup);
    press();
    expect(region()).toHaveTextContent("This is a demo site");
    expect(region()).toHaveTextContent("Nothing is booked.");
    vi.advanceTimersByTime(5900);
    expect(region().children).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(region().children).toHaveLength(0);
  });

  it("shows one notice at a time and restarts its timer on a second press", () => {
    vi.useFakeTimers();
    load(markup);
    press();
    vi.advanceTimersByTime(4000);
    press();
    expect(region().children).toHaveLength(1);
    vi.advanceTimersByTime(4000);
    expect(region().children).toHaveLength(1);
  });

  it("is dismissed by its close button and by Escape", () => {
    load(markup);
    press();
    region().querySelector<HTMLButtonElement>("[data-notice-close]")!.click();
    expect(region().children).toHaveLength(0);
    press();
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(region().children).toHaveLength(0);
  });

  it("never renders the notice text as HTML", () => {
    document.body.innerHTML = "";
    load(`<button data-notice-title="<img src=x onerror=alert(1)>">x</button><div data-notice-region></div>`);
    press();
    expect(region().querySelector("img")).toBeNull();
    expect(region()).toHaveTextContent("<img src=x onerror=alert(1)>");
  });

  it("shows a notice raised by a form (lib/notice.ts), marked as an error when it is one", async () => {
    const { showNotice } = await import("./notice");
    load(markup);
    showNotice({ title: "Invalid Amount", description: "Please enter a valid amount", tone: "error" });
    const card = region().querySelector<HTMLElement>("[data-notice]")!;
    expect(card).toHaveTextContent("Invalid AmountPlease enter a valid amount");
    expect(card.dataset.noticeTone).toBe("error");
    showNotice({ title: "<b>x</b>" });
    expect(region().querySelectorAll("[data-notice]")).toHaveLength(1);
    expect(region().querySelector("b")).toBeNull();
  });
});

describe("analytics beacon", () => {
  // jsdom has no sendBeacon; Chromium's real one is exercised by tests/e2e/analytics.spec.ts.
  let sent: Array<{ url: string; body: Record<string, string> }>;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    Object.defineProperty(navigator, "sendBeacon", {
      configurable: true,
      value: (url: string, body: string) =>
        sent.push({ url, body: JSON.parse(body) as Record<string, string> }) > 0,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    delete (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl;
    vi.restoreAllMocks();
    window.history.replaceState(null, "", "/");
  });

  it("sends one page view with the path, the referrer's host, UTM values and ref, and no more", () => {
    window.history.replaceState(
      null,
      "",
      "/contact?utm_source=newsletter&utm_campaign=fall&ref=demo-gym&email=a@example.com",
    );
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://news.example.com/story?id=1");
    load("<p>page</p>");
    // Not at load: a second later, clear of the page's own paint.
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      {
        url: "/api/event",
        body: {
          name: "pageview",
          path: "/contact",
          referrer: "news.example.com",
          utm_source: "newsletter",
          utm_campaign: "fall",
          ref: "demo-gym",
        },
      },
    ]);
  });

  it("leaves out a referrer on this site", () => {
    window.history.replaceState(null, "", "/pricing");
    vi.spyOn(document, "referrer", "get").mockReturnValue(`${location.origin}/`);
    load("<p>page</p>");
    vi.runAllTimers();
    expect(sent).toEqual([{ url: "/api/event", body: { name: "pageview", path: "/pricing" } }]);
  });

  it("sends nothing from the back office, a quote link's page, a noindex page, or a browser with Global Privacy Control", () => {
    for (const path of ["/studio", "/studio/leads/1", "/quote/abcdefabcdefabcdefabcdef"]) {
      window.history.replaceState(null, "", path);
      load("<p>page</p>");
    }
    // A page closed to search engines: the 404 page, a checkout's return.
    window.history.replaceState(null, "", "/no-such-page");
    const robots = document.head.appendChild(
      Object.assign(document.createElement("meta"), { name: "robots", content: "noindex, nofollow" }),
    );
    load("<p>page</p>");
    robots.remove();
    window.history.replaceState(null, "", "/");
    Object.defineProperty(navigator, "globalPrivacyControl", { configurable: true, value: true });
    load("<p>page</p>");
    vi.runAllTimers();
    window.dispatchEvent(new Event("pagehide"));
    expect(sent).toEqual([]);
  });

  it("counts a visitor who leaves within the second once, as the page hides", () => {
    window.history.replaceState(null, "", "/pricing");
    load("<p>page</p>");
    window.dispatchEvent(new Event("pagehide"));
    vi.runAllTimers();
    expect(sent).toEqual([{ url: "/api/event", body: { name: "pageview", path: "/pricing" } }]);
  });

  it("counts a visitor who follows a link or sends a form within the second as they leave, once, before the demo's goal", () => {
    window.history.replaceState(null, "", "/demo/gym");
    load('<a href="#contact" data-goal="demo-cta">Get a site like this</a>');
    document.querySelector<HTMLElement>("[data-goal]")!.click();
    vi.runAllTimers();
    window.dispatchEvent(new Event("pagehide"));
    expect(sent.map((s) => s.body)).toEqual([
      { name: "pageview", path: "/demo/gym" },
      { name: "demo-cta", path: "/demo/gym" },
    ]);
    sent.length = 0;
    window.history.replaceState(null, "", "/contact");
    load('<form action="/contact" method="post"><button>Send</button></form>');
    document.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    vi.runAllTimers();
    expect(sent.map((s) => s.body)).toEqual([{ name: "pageview", path: "/contact" }]);
  });

  it('sends the demo\'s goal when its "Get a site like this" link is followed', () => {
    window.history.replaceState(null, "", "/demo/gym");
    load('<a href="#contact" data-goal="demo-cta">Get a site like this</a><a href="#other">Other</a>');
    vi.runAllTimers();
    document.querySelector<HTMLElement>('a[href="#other"]')!.click();
    document.querySelector<HTMLElement>("[data-goal]")!.click();
    expect(sent.map((s) => s.body)).toEqual([
      { name: "pageview", path: "/demo/gym" },
      { name: "demo-cta", path: "/demo/gym" },
    ]);
  });
});
