import { demoPaths } from "./demo-sites";

/**
 * Every public path (docs/product.md#routes) in one list. The prerenderer, the sitemap, the
 * SEO test and the end-to-end suites all read it, so a page added here is built,
 * listed and tested everywhere at once.
 *
 * The demos' paths come from app/lib/demo-sites.ts; the rest is written by hand beside the
 * route table (app/routes.ts) rather than derived from it: the table's helpers come from the
 * build tooling and each handle would mean importing every page module here. route-registry.test.ts fails when the two disagree, and when a page's
 * `hydration` disagrees with whether its module renders an <Island>.
 */
export type PublicRoute = {
  path: string;
  /** Main site page or one of the eight demo sites. */
  section: "main" | "demo";
  /** Prerendered to static HTML at build time. */
  prerender: boolean;
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
  /**
   * What React does in the browser. "island": the page is static but its form hydrates
   * on its own once the visitor reaches for it (app/islands/, docs/decisions/0012).
   * "static": static HTML plus the inline page enhancements. No public page loads React
   * Router in the browser. The e2e suite checks each page's scripts against this.
   */
  hydration: "static" | "island";
};

const mainPaths = [
  "/",
  "/portfolio",
  "/pricing",
  "/about",
  "/story",
  "/contact",
  "/extras",
  "/payment",
] as const;

/** The pages whose forms need React in the browser, and how much of the page hydrates. */
const hydrationOf: Readonly<Record<string, PublicRoute["hydration"]>> = {
  "/contact": "island",
  "/payment": "island",
  "/demo/electrician/contact": "island",
};
const hydration = (path: string) => ({ hydration: hydrationOf[path] ?? "static" });

export const publicRoutes: readonly PublicRoute[] = [
  ...mainPaths.map((path) => ({
    path,
    section: "main" as const,
    prerender: true,
    indexable: true,
    ...hydration(path),
  })),
  // Reached only from checkout with a session id; rendered per request and never indexed.
  {
    path: "/payment-success",
    section: "main",
    prerender: false,
    indexable: false,
    ...hydration("/payment-success"),
  },
  // Rendered per request (its open slots change with every booking) and listed for search engines.
  { path: "/book", section: "main", prerender: false, indexable: true, ...hydration("/book") },
  ...demoPaths.map((path) => ({
    path,
    section: "demo" as const,
    prerender: true,
    indexable: true,
    ...hydration(path),
  })),
];

export function prerenderPaths(): string[] {
  return publicRoutes.filter((r) => r.prerender).map((r) => r.path);
}

/**
 * Paths of the route table that are deliberately not public pages, and why. `path` is a
 * route-table path as written there; `under` covers a whole section (itself and every path
 * below it), e.g. staff pages rendered per request and never prerendered.
 */
export type UnlistedRoute = ({ path: string } | { under: string }) & { why: string };

export const unlistedRoutes: readonly UnlistedRoute[] = [
  { path: "/*", why: "the 404 page, rendered per request for any unknown path" },
  {
    path: "/demo/portfolio/photos/:file",
    why: "photo files, prerendered from the photo list (react-router.config.ts)",
  },
  { path: "/quote/:token", why: "a client's quote, rendered per request, noindex" },
  { path: "/unsubscribe/:token", why: "a reminder's unsubscribe link, rendered per request, noindex" },
  { path: "/quote/:token/agreement.pdf", why: "a client's signed agreement (PDF), per request, noindex" },
  {
    path: "/book/manage/:token",
    why: "a visitor's booking behind its secret link, rendered per request, noindex",
  },
  {
    path: "/book/manage/:token/invitation.ics",
    why: "a visitor's booked call as a calendar file, behind the same secret link, noindex",
  },
  { under: "/portal", why: "the client portal, rendered per request behind a client's sign-in, noindex" },
  { under: "/studio", why: "the back office, rendered per request behind sign-in, robots-disallowed" },
];
