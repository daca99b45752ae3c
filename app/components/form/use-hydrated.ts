import { useLayoutEffect, useState } from "react";

/**
 * Whether React is in charge of the form. Every form is server-rendered and posts natively
 * first (an island's or the studio's), so this is false on the server and in the first render
 * that adopts the server's markup, and true from the commit that hydrated it: a layout effect,
 * so it is set before the browser paints or a held submit is replayed (islands/loader.ts).
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The form element's props that follow hydration: the browser's own validation bubbles guard a
 * post made without JavaScript, the form's inline errors answer once hydrated, and
 * `data-hydrated` tells the e2e suite that React has the form.
 */
export const hydratedFormProps = (hydrated: boolean) => ({
  noValidate: hydrated,
  "data-hydrated": hydrated || undefined,
});
