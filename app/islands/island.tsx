import type { ReactNode } from "react";
import { islandDev, islandScripts } from "virtual:islands";
import { useHydratedDocument } from "~/lib/hydration";
import { onFirstIntentSource } from "~/lib/intent";
import { useNonce } from "~/lib/nonce";

/**
 * A part of a static page that React hydrates on its own: the page stays static
 * HTML and loads React DOM plus this one component, not React Router and every
 * route module (docs/decisions/0009-form-islands.md). `children` must render
 * exactly what the island's client entry hydrates.
 *
 * The entry loads on the visitor's first sign of intent toward the island: a pointer
 * over it or pressed on it, a touch, or focus moving into it (keyboard and screen-reader
 * users included), or at once if focus is already inside it. Until then the page runs
 * no script but its enhancements; the form is complete HTML, and its fields are
 * uncontrolled, so text typed while the entry loads stays. Measured on
 * /demo/electrician/contact: React DOM's and the entry's evaluation were 20–27 ms
 * tasks each after load, TBT 85 ms median on Lighthouse's phone (4× slower), for a
 * form most visitors never touch (decision 0009).
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
  const loader = onFirstIntentSource(`[document.querySelector(${JSON.stringify(`[data-island="${name}"]`)})]`, load);
  return (
    <>
      <div data-island={name} className="contents">
        {children}
      </div>
      {routerHydrated ? null : <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />}
    </>
  );
}
