import { HYDRATE_ON_INTENT_ATTR, onFirstIntentSource } from "../../app/lib/intent";

/**
 * Build step for the few prerendered pages React hydrates (forms): React Router's
 * <Scripts> starts ~30 module downloads (130+ KB) at once, competing with the HTML's
 * CSS and fonts on a slow link and pushing the first paint back by more than a
 * second. This rewrites the page so those downloads begin once the page has loaded and
 * the browser is idle (requestIdleCallback), the React entry in a later idle period:
 * the page paints as fast as a static one, and the forms (which post without
 * JavaScript too, docs/decisions/0007-static-content-pages.md) gain their in-page
 * states a moment later.
 *
 * A page that marks its form with `data-hydrate-on-intent` waits longer still: the
 * downloads begin on the visitor's first sign of intent toward it (a pointer over it,
 * a touch, focus, typing; lib/intent.ts), so a visitor who only reads runs no React
 * at all. Until then the form is plain HTML that posts to the route action; what is
 * typed meanwhile is adopted by the form when it hydrates (decision 0011).
 *
 * Concretely: drops the `modulepreload` links and turns React Router's inline module
 * (static `import * as routeN from "..."` lines, then the manifest, then
 * `import(entry)`) into the same statements behind dynamic imports, run on load.
 * React Router is pinned to one version; any change in that markup fails the build
 * here instead of shipping a page that never hydrates.
 */
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const ROUTE_IMPORT = /^\s*import \* as (route\d+) from "([^"]+)";\s*$/gm;
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g;

/** The rewritten page, or `undefined` when it loads no React Router scripts. */
export function deferHydration(html: string): string | undefined {
  const match = MODULE_SCRIPT.exec(html);
  if (!match) {
    if (html.includes("modulepreload")) throw new Error("defer-hydration: modulepreload links without React Router's module script");
    return undefined;
  }
  const source = match[1]!;
  const imports = [...source.matchAll(ROUTE_IMPORT)].map((m) => ({ name: m[1]!, url: m[2]! }));
  const rest = source.replace(ROUTE_IMPORT, "").trim().replace(/^;/, "").trim();
  if (imports.length === 0 || !rest.includes("window.__reactRouterRouteModules") || !/import\("[^"]+"\);?\s*$/.test(rest)) {
    throw new Error("defer-hydration: React Router's module script changed shape; update scripts/html/defer-hydration.ts");
  }
  const names = imports.map((i) => i.name).join(", ");
  const loads = imports.map((i) => `import(${JSON.stringify(i.url)})`).join(", ");
  const entry = /import\(("[^"]+")\);?\s*$/.exec(rest)![1]!;
  const deferred = [
    // Idle, not just after load: the browser has painted and has nothing else to do.
    "const idle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 1));",
    "const hydrate = async () => {",
    `  const [${names}] = await Promise.all([${loads}]);`,
    rest.replace(/import\("[^"]+"\);?\s*$/, "").trimEnd(),
    // The entry (React DOM, the router) evaluates in its own task once the route modules have.
    `  idle(() => import(${entry}));`,
    "};",
    `const intentTargets = Array.from(document.querySelectorAll(${JSON.stringify(`[${HYDRATE_ON_INTENT_ATTR}]`)}));`,
    "if (intentTargets.length > 0) {",
    onFirstIntentSource("intentTargets", "hydrate()"),
    '} else if (document.readyState === "complete") idle(hydrate);',
    'else addEventListener("load", () => idle(hydrate), { once: true });',
  ].join("\n");
  return html.replace(MODULE_PRELOAD, "").replace(match[0], `<script type="module" async="">${deferred}</script>`);
}
