import { describe, expect, it } from "vitest";
import * as c from "./content";
import { expectValidDemoSite } from "~/demos/frame/content-test-kit";
import { serviceCardSchema, statSchema, teamMemberSchema, testimonialSchema } from "~/demos/frame/schemas";

describe("consultant demo content", () => {
  it("matches the shared schemas", () => {
    expectValidDemoSite(c.site, "consultant");
    for (const s of c.services) serviceCardSchema.parse(s);
    for (const s of c.stats) statSchema.parse(s);
    for (const t of c.testimonials) testimonialSchema.parse(t);
    for (const m of c.team) teamMemberSchema.parse(m);
  });

  it("prices the three services as docs/product.md#demo-sites says", () => {
    expect(c.services.map((s) => s.price)).toEqual(["From $150/hour", "From $200/session", "From $2500/project"]);
  });

  it("has the four process steps in order", () => {
    expect(c.process.map((p) => p.title)).toEqual(["Discovery", "Strategy", "Implementation", "Optimization"]);
  });

  it("lists eight distinct industries and rated testimonials", () => {
    expect(new Set(c.industries.map((i) => i.name)).size).toBe(8);
    expect(c.testimonials.length).toBeGreaterThanOrEqual(3);
    for (const t of c.testimonials) expect(t.rating).toBeGreaterThanOrEqual(1);
  });

  it("anchors its nav to the one-page sections", () => {
    expect(c.site.nav.map((l) => l.to)).toEqual(["/demo/consultant#services", "/demo/consultant#about", "/demo/consultant#contact"]);
  });
});
