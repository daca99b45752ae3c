import { describe, expect, it } from "vitest";

import { siteConfig } from "~/content/site";
import { publicRoutes } from "~/lib/route-registry";

import { documentHead, prerenderedHtml } from "../helpers/prerendered";

/**
 * Titles and descriptions of the prerendered pages, read from the built HTML: what the
 * server sends for them is that file, and a browser would add nothing to a check of the
 * head (these ran in Playwright, one page at a time). The pages come from the route
 * registry, so a page added to it is checked here.
 */

it("every main page has its own title and description", () => {
  const mainPages = publicRoutes.filter((r) => r.section === "main" && r.prerender).map((r) => r.path);
  expect(mainPages.length).toBeGreaterThan(0);
  const seen = new Set<string>();
  for (const path of mainPages) {
    const { title, description } = documentHead(prerenderedHtml(path));
    expect(title).toContain(siteConfig.name);
    expect(seen.has(title), `${path} title`).toBe(false);
    expect(seen.has(description ?? ""), `${path} description`).toBe(false);
    seen.add(title);
    seen.add(description ?? "");
  }
});

describe("every demo page", () => {
  // As tests/e2e/demos-part1.spec.ts chooses its pages: every page of the four demos of part 1
  // (all prerendered; one that is not has no file, and fails here).
  const landings = ["consultant", "portfolio", "landscaper", "bakery"].map((slug) => `/demo/${slug}`);
  const pages = publicRoutes
    .map((r) => r.path)
    .filter((path) => landings.some((l) => path === l || path.startsWith(`${l}/`)));

  it("titles and descriptions are unique", () => {
    expect(pages.length).toBeGreaterThan(0);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of pages) {
      const { title, description } = documentHead(prerenderedHtml(path));
      titles.add(title);
      descriptions.add(description ?? "");
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });
});
