import type { ReactNode } from "react";
import { islandDev, islandScripts } from "virtual:islands";
import { useHydratedDocument } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";

/**
 * A part of a static page that React hydrates on its own: the page stays static
 * HTML and loads React DOM plus this one component, not React Router and every
 * route module (docs/decisions/0009-form-islands.md). `children` must render
 * exactly what the island's client entry hydrates.
 *
 * The entry loads once the page has loaded and the browser is idle, like the
 * deferred scripts of the router-hydrated pages (scripts/html/defer-hydration.ts).
 * In a document React Router hydrates anyway (a client navigation, or a page that
 * also hydrates), the router renders the component and no loader is emitted.
 */
export function Island({ name, children }: { name: string; children: ReactNode }) {
  const nonce = useNonce();
  const routerHydrated = useHydratedDocument();
  const src = islandScripts[name];
  if (!src) throw new Error(`No island entry named "${name}" (app/**/${name}.island.tsx)`);
  const load = islandDev
    ? // Vite's dev server: React Refresh needs its preamble before any component module.
      `import("/@id/virtual:react-router/inject-hmr-runtime").then(() => import(${JSON.stringify(src)}))`
    : `import(${JSON.stringify(src)})`;
  const loader = [
    "const idle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 2000 }) : setTimeout(fn, 1));",
    `const load = () => ${load};`,
    'if (document.readyState === "complete") idle(load);',
    'else addEventListener("load", () => idle(load), { once: true });',
  ].join("\n");
  return (
    <>
      <div data-island={name} className="contents">
        {children}
      </div>
      {routerHydrated ? null : <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />}
    </>
  );
}
