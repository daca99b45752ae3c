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

  it("produces a script that runs: route modules load after the load event in an idle period, the entry in a later one", async () => {
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
      { readyState: "interactive" },
      (type: string, fn: () => void) => (listeners[type] = fn),
      requestIdleCallback,
      async (url: string) => {
        loaded.push(url);
        return { url };
      },
    );
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
});
