import { expect } from "vitest";
import { z } from "~/lib/zod";
import { themeContrastIssues } from "./contrast";
import type { DemoSite } from "./types";

/**
 * Checks shared by the demo content tests: the frame identity is
 * well-formed (fictional 555 number, demo links stay inside the demo) and the
 * theme keeps WCAG AA contrast.
 */
const hex = z.string().regex(/^#[0-9a-f]{6}$/i);
export const demoSiteSchema = z.object({
  slug: z.string().regex(/^[a-z-]+$/),
  name: z.string().min(3),
  tagline: z.string().min(20),
  nav: z.array(z.object({ label: z.string().min(1), to: z.string().startsWith("/demo/") })).min(4),
  cta: z.object({ label: z.string().min(1), to: z.string().startsWith("/demo/") }),
  contact: z.object({
    phone: z.string().regex(/^\(\d{3}\) 555-01\d{2}$/),
    email: z.email(),
    address: z.string().includes("Vancouver, BC"),
  }),
  hours: z.array(z.object({ days: z.string().min(1), time: z.string().min(1) })).min(1),
  theme: z.object({
    colors: z.record(z.string(), hex),
    fonts: z.object({ heading: z.string().min(1), body: z.string().min(1) }),
    radius: z.string(),
    header: z.enum(["light", "dark", "primary"]),
    footer: z.enum(["inverse", "primary", "muted"]).optional(),
    primaryIsFillOnly: z.boolean().optional(),
  }),
});

export function expectValidDemoSite(site: DemoSite, slug: string) {
  demoSiteSchema.parse(site);
  expect(site.slug).toBe(slug);
  for (const link of [...site.nav, site.cta]) expect(link.to.startsWith(`/demo/${slug}`)).toBe(true);
  expect(themeContrastIssues(site.theme), `${slug} theme contrast`).toEqual([]);
}
