import { expect } from "vitest";

import { themeContrastIssues } from "./contrast";
import {
  coreValueSchema,
  demoSiteSchema,
  serviceCardSchema,
  statSchema,
  teamMemberSchema,
  testimonialSchema,
} from "./schemas";
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

/** The lists a demo's content may share with the frame parts; each one present must match its schema. */
type SharedContent = {
  stats?: readonly unknown[];
  values?: readonly unknown[];
  team?: readonly unknown[];
  testimonials?: readonly unknown[];
  services?: readonly unknown[];
};

/**
 * The demo's identity and theme (above) and every shared list it has, against the frame's schemas,
 * so the content tests state only what is particular to each demo.
 */
export function expectValidDemoContent(content: SharedContent & { site: DemoSite }, slug: string) {
  expectValidDemoSite(content.site, slug);
  for (const s of content.stats ?? []) statSchema.parse(s);
  for (const v of content.values ?? []) coreValueSchema.parse(v);
  for (const m of content.team ?? []) teamMemberSchema.parse(m);
  for (const t of content.testimonials ?? []) testimonialSchema.parse(t);
  for (const s of content.services ?? []) serviceCardSchema.parse(s);
}
