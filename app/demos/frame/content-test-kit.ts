import { expect } from "vitest";
import { themeContrastIssues } from "./contrast";
import { demoSiteSchema } from "./schemas";
import type { DemoSite } from "./types";

/**
 * Checks shared by the demo content tests: the frame identity is
 * well-formed (fictional 555 number, demo links stay inside the demo) and the
 * theme keeps WCAG AA contrast.
 */
export function expectValidDemoSite(site: DemoSite, slug: string) {
  demoSiteSchema.parse(site);
  expect(site.slug).toBe(slug);
  for (const link of [...site.nav, site.cta]) expect(link.to.startsWith(`/demo/${slug}`)).toBe(true);
  expect(themeContrastIssues(site.theme), `${slug} theme contrast`).toEqual([]);
}
