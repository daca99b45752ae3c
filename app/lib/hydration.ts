import { useMatches } from "react-router";

/**
 * Route `handle` of the routes React Router hydrates in the browser, all rendered per
 * request: the 404 page (for its console log) and the back office (app/studio: its
 * layout, login and account pages). Every public page is static HTML plus the inline
 * page enhancements (docs/decisions/0007-static-content-pages.md), or, with a form,
 * static HTML with the form as an island (app/islands/, decision 0012).
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
