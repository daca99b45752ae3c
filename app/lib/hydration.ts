import { useMatches } from "react-router";

/**
 * Route `handle` of the few routes React hydrates in the browser (forms and the
 * 404's console log). Every other page is static HTML plus the inline page
 * enhancements (docs/decisions/0007-static-content-pages.md), or, with a form
 * that validates in the page, an island (app/islands/, decision 0009).
 */
export type RouteHandle = { hydrate?: boolean };

export const hydratedRoute = { hydrate: true } as const satisfies RouteHandle;

/**
 * Whether this document loads React Router's scripts. In the browser it is always
 * true (we are running, so the page was hydrated, and client navigations keep the
 * scripts); on the server it follows the matched routes' handles.
 */
export function useHydratedDocument() {
  const matches = useMatches();
  if (typeof document !== "undefined") return true;
  return matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
}
