import type { ProjectType } from "~/schemas/inquiry-fields";

/**
 * The demo sites (docs/product.md#demo-sites) in one typed list. The route table
 * (app/routes.ts), the route registry (prerender, sitemap, e2e pages) and the contact form's
 * preselected project type (app/content/lead-sources.ts) are built from it; the places that
 * cannot be (portfolio cards, previews, the demo's own content.ts, the e2e specs) are checked
 * against it by demo-sites.test.ts. Adding a demo: docs/how-to.md#a-demo.
 */
export type DemoSite = {
  /** The URL segment, /demo/<slug>; also the demo's `site.slug`, its portfolio card id and its preview files. */
  slug: string;
  /** Its folder under app/demos/ (the photographer lives at /demo/portfolio). */
  folder: string;
  /**
   * Pages besides the home page, each routed to app/demos/<folder>/<page>.tsx under the
   * folder's layout.tsx. A one-page demo has none and is the single module page.tsx.
   */
  pages: readonly string[];
  /** What the contact form preselects for a visitor arriving from its "Get a site like this" link. */
  projectType: ProjectType;
};

// The one-page demos are Basic sites, the bakery takes orders (e-commerce), the multi-page
// trade and service sites are Pro.
export const demoSites = [
  { slug: "consultant", folder: "consultant", pages: [], projectType: "basic" },
  { slug: "portfolio", folder: "photographer", pages: [], projectType: "basic" },
  {
    slug: "landscaper",
    folder: "landscaper",
    pages: ["services", "portfolio", "about", "contact"],
    projectType: "pro",
  },
  { slug: "bakery", folder: "bakery", pages: ["menu", "about", "contact"], projectType: "ecommerce" },
  { slug: "plumber", folder: "plumber", pages: ["services", "about", "contact"], projectType: "pro" },
  { slug: "gym", folder: "gym", pages: ["programs", "about", "contact"], projectType: "pro" },
  { slug: "barbershop", folder: "barbershop", pages: ["services", "about", "contact"], projectType: "pro" },
  { slug: "electrician", folder: "electrician", pages: ["services", "about", "contact"], projectType: "pro" },
] as const satisfies readonly DemoSite[];

/** Every page of every demo, home page first, in the list's order. */
export const demoPaths: readonly string[] = demoSites.flatMap((d) => [
  `/demo/${d.slug}`,
  ...d.pages.map((p) => `/demo/${d.slug}/${p}`),
]);
