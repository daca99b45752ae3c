import { describe, expect, it } from "vitest";

import { expectValidDemoContent } from "~/demos/frame/content-test-kit";

import * as c from "./content";

describe("consultant demo content", () => {
  it("matches the shared schemas", () => expectValidDemoContent(c, "consultant"));

  it("prices the three services as docs/product.md#demo-sites says", () => {
    expect(c.services.map((s) => s.price)).toEqual([
      "From $150/hour",
      "From $200/session",
      "From $2500/project",
    ]);
  });

  it("has the four process steps in order", () => {
    expect(c.process.map((p) => p.title)).toEqual([
      "Discovery",
      "Strategy",
      "Implementation",
      "Optimization",
    ]);
  });

  it("lists eight distinct industries and rated testimonials", () => {
    expect(new Set(c.industries.map((i) => i.name)).size).toBe(8);
    expect(c.testimonials.length).toBeGreaterThanOrEqual(3);
    for (const t of c.testimonials) expect(t.rating).toBeGreaterThanOrEqual(1);
  });

  it("anchors its nav to the one-page sections", () => {
    expect(c.site.nav.map((l) => l.to)).toEqual([
      "/demo/consultant#services",
      "/demo/consultant#about",
      "/demo/consultant#contact",
    ]);
  });
});
