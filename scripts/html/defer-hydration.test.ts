import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

// The shape React Router 7.18.4's <Scripts> prerenders (trimmed manifest).
const page = (moduleScript: string) => `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-1.js"/>
</head><body><main>Form</main>
<script>window.__reactRouterContext = {};</script><script type="module" async="">${moduleScript}</script></body></html>`;

const routerModule = `;
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/contact-1.js";
  window.__reactRouterManifest = { "entry": { "module": "/assets/entry.client-1.js" } };
  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};

import("/assets/entry.client-1.js");`;

describe("deferHydration", () => {
  it("leaves pages without React Router's scripts alone", () => {
    expect(deferHydration("<html><body><script>(function pageEnhancements(){})()</script></body></html>")).toBeUndefined();
  });

  it("drops the module preloads and loads the same modules after load and a paint", () => {
    const out = deferHydration(page(routerModule))!;
    expect(out).not.toContain("modulepreload");
    expect(out).not.toMatch(/^\s*import \* as/m);
    expect(out).toContain('const [route0, route1] = await Promise.all([import("/assets/root-1.js"), import("/assets/contact-1.js")]);');
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};');
    expect(out).toContain('idle(() => import("/assets/entry.client-1.js"));');
    expect(out).toContain('addEventListener("load", () => idle(hydrate), { once: true })');
    // Everything else is untouched.
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  /** Runs the rewritten script against a fake window, recording every module it imports. */
  function runScript(document: Record<string, unknown>) {
    const out = deferHydration(page(routerModule))!;
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    const loaded: string[] = [];
    const listeners: Record<string, () => void> = {};
    const idleQueue: (() => void)[] = [];
    const requestIdleCallback = (fn: () => void) => idleQueue.push(fn);
    const win: Record<string, unknown> = { requestIdleCallback };
    const run = new Function("window", "document", "addEventListener", "requestIdleCallback", "__import", body.replaceAll("import(", "__import("));
    run(
      win,
      document,
      (type: string, fn: () => void) => (listeners[type] = fn),
      requestIdleCallback,
      async (url: string) => {
        loaded.push(url);
        return { url };
      },
    );
    return { loaded, listeners, idleQueue, win };
  }

  /** A stand-in for the element marked data-hydrate-on-intent. */
  function intentTarget(containsFocus = false) {
    const listeners = new Map<string, () => void>();
    return {
      listeners,
      contains: () => containsFocus,
      addEventListener: (type: string, fn: () => void, options: { capture: boolean }) => {
        expect(options.capture).toBe(true);
        listeners.set(type, fn);
      },
      removeEventListener: (type: string) => listeners.delete(type),
    };
  }

  it("produces a script that runs: route modules load after the load event in an idle period, the entry in a later one", async () => {
    const selectors: string[] = [];
    const { loaded, listeners, idleQueue, win } = runScript({
      readyState: "interactive",
      querySelectorAll: (selector: string) => (selectors.push(selector), []),
    });
    expect(selectors).toEqual(["[data-hydrate-on-intent]"]);
    expect(loaded).toEqual([]);
    listeners.load!();
    expect(loaded).toEqual([]);
    idleQueue.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(loaded).toEqual(["/assets/root-1.js", "/assets/contact-1.js"]);
    idleQueue.shift()!();
    expect(loaded).toEqual(["/assets/root-1.js", "/assets/contact-1.js", "/assets/entry.client-1.js"]);
    expect(win.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-1.js" }, "routes/contact": { url: "/assets/contact-1.js" } });
  });

  it("fails the build when React Router's markup changes shape", () => {
    expect(() => deferHydration(page(`import("/assets/entry.client-1.js");`))).toThrow(/changed shape/);
    expect(() => deferHydration('<link rel="modulepreload" href="/x.js"/>')).toThrow(/modulepreload/);
  });

  it("with a form marked data-hydrate-on-intent, loads nothing on load, then everything on the first intent event, once", async () => {
    const target = intentTarget();
    const { loaded, listeners, idleQueue } = runScript({ readyState: "complete", activeElement: null, querySelectorAll: () => [target] });
    expect(listeners.load).toBeUndefined();
    expect(idleQueue).toEqual([]);
    expect([...target.listeners.keys()]).toEqual(["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "input"]);
    expect(loaded).toEqual([]);

    target.listeners.get("focusin")!();
    expect(target.listeners.size).toBe(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(loaded).toEqual(["/assets/root-1.js", "/assets/contact-1.js"]);
    idleQueue.shift()!();
    expect(loaded.at(-1)).toBe("/assets/entry.client-1.js");
  });

  it("starts at once when focus is already inside the marked form", async () => {
    const { loaded } = runScript({ readyState: "complete", activeElement: {}, querySelectorAll: () => [intentTarget(true)] });
    await new Promise((r) => setTimeout(r, 0));
    expect(loaded).toEqual(["/assets/root-1.js", "/assets/contact-1.js"]);
  });
});
