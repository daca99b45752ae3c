import type { ComponentType } from "react";
import { islandDev, islandScripts } from "virtual:islands";

import { useHydratedDocument } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";

import { islandLoaderSource } from "./loader";

/**
 * A form on a static page that React hydrates on its own: the page stays static HTML
 * and loads React DOM plus this one component, not React Router and every route module
 * (docs/decisions/0009-form-islands.md, 0012-forms-are-islands.md). The island's client
 * entry (`<name>.island.tsx`) hydrates the same `component` with the same `props`,
 * which travel as JSON in the markup (a route action's answer, for instance).
 *
 * The entry loads on the visitor's first sign of intent toward the island (lib/intent.ts),
 * or when a submit inside it is held until React is in charge (islands/loader.ts). Until
 * then the form is complete HTML with uncontrolled fields, so text typed meanwhile stays.
 * In a document React Router hydrates anyway (a client navigation from the 404 page), the
 * router renders the component and no loader is emitted.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  const nonce = useNonce();
  const routerHydrated = useHydratedDocument();
  const src = islandScripts[name];
  if (!src) throw new Error(`No island entry named "${name}" (app/**/${name}.island.tsx)`);
  const load = islandDev
    ? // Vite's dev server: React Refresh needs its preamble before any component module.
      `import("/@id/virtual:react-router/inject-hmr-runtime").then(() => import(${JSON.stringify(src)}))`
    : `import(${JSON.stringify(src)})`;
  const serialized = JSON.stringify(props);
  return (
    <>
      <div
        data-island={name}
        data-island-props={serialized === "{}" ? undefined : serialized}
        className="contents"
      >
        <Component {...props} />
      </div>
      {routerHydrated ? null : (
        <script
          type="module"
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: islandLoaderSource(`[data-island="${name}"]`, load) }}
        />
      )}
    </>
  );
}
