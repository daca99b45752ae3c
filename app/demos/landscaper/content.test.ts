import { describe, expect, it } from "vitest";

import { expectValidDemoContent } from "~/demos/frame/content-test-kit";

import * as c from "./content";

describe("landscaper demo content", () => {
  it("matches the shared schemas", () => expectValidDemoContent(c, "landscaper"));

  it("has the six services with the starting prices of docs/product.md#demo-sites", () => {
    expect(c.services.map((s) => [s.title, s.price])).toEqual([
      ["Landscape Design", "From $500"],
      ["Installation", "From $800"],
      ["Irrigation Systems", "From $1,200"],
      ["Lawn Maintenance", "From $120/month"],
      ["Seasonal Planting", "From $300"],
      ["Outdoor Lighting", "From $600"],
    ]);
    for (const s of c.services) expect(s.features.length).toBeGreaterThanOrEqual(3);
    expect(c.servicesPage.quoteLabel).toBe("Get Quote");
    expect(c.contactPath).toBe("/demo/landscaper/contact");
  });

  it("shows four projects, each Residential, Commercial or Public, with image and details", () => {
    expect(c.projects).toHaveLength(4);
    for (const p of c.projects) {
      expect(["Residential", "Commercial", "Public"]).toContain(p.category);
      expect(p.image.alt).not.toBe("");
      expect(p.details.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("has three link cards to services, portfolio and about, and three values", () => {
    expect(c.home.cards.map((x) => x.link.to)).toEqual([
      "/demo/landscaper/services",
      "/demo/landscaper/portfolio",
      "/demo/landscaper/about",
    ]);
    expect(c.values).toHaveLength(3);
  });

  it("opens Mon-Sat 7-6 and offers a Schedule Free Consultation button", () => {
    expect(c.site.hours[0]).toEqual({ days: "Monday - Saturday", time: "7AM - 6PM" });
    expect(c.contactPage.consultation.cta).toBe("Schedule Free Consultation");
  });

  it("gives every page a unique title and description", () => {
    const pages = Object.values(c.pageSeo);
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
  });
});
