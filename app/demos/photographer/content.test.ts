import { describe, expect, it } from "vitest";

import { expectValidDemoContent } from "~/demos/frame/content-test-kit";

import * as c from "./content";
import { photoSize } from "./photo-art";

describe("photographer demo content", () => {
  it("matches the shared schemas", () => expectValidDemoContent(c, "portfolio"));

  it("prices photography, design and creative direction as docs/product.md#demo-sites says", () => {
    expect(c.services.map((s) => [s.title, s.price])).toEqual([
      ["Photography", "From $200"],
      ["Design", "From $150"],
      ["Creative Direction", "From $300"],
    ]);
  });

  it("gives every gallery photo a unique id, alt text, caption and size", () => {
    expect(c.gallery.length).toBeGreaterThanOrEqual(6);
    expect(new Set(c.gallery.map((p) => p.id)).size).toBe(c.gallery.length);
    for (const p of c.gallery) {
      expect(p.alt.length).toBeGreaterThan(20);
      expect(p.caption).not.toBe("");
      expect(photoSize(p.scene)).toHaveLength(2);
    }
  });

  it("anchors its nav to #portfolio, #services and #contact", () => {
    expect(c.site.nav.map((l) => l.to)).toEqual([
      "/demo/portfolio#portfolio",
      "/demo/portfolio#services",
      "/demo/portfolio#contact",
    ]);
  });
});
