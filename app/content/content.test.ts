import { describe, expect, it } from "vitest";

import { footerGroups, mainNav, quoteCta } from "./navigation";
import { siteConfigSchema } from "./schemas";
import { siteConfig } from "./site";

describe("site config", () => {
  it("matches its schema", () => {
    expect(() => siteConfigSchema.parse(siteConfig)).not.toThrow();
  });

  it("keeps the studio's Pacific business hours (docs/product.md#identity-and-content)", () => {
    expect(siteConfig.hours).toEqual([
      expect.objectContaining({ days: "Monday - Friday", opens: "09:00", closes: "18:00" }),
      expect.objectContaining({ days: "Saturday", opens: "10:00", closes: "16:00" }),
      expect.objectContaining({ days: "Sunday", opens: null, closes: null }),
    ]);
    expect(siteConfig.timeZone).toBe("America/Vancouver");
  });

  it("uses fictional 555 phone numbers and a Vancouver address", () => {
    expect(siteConfig.phone.display).toMatch(/555-/);
    expect(siteConfig.address.city).toBe("Vancouver");
  });
});

describe("navigation", () => {
  it("has the eight header links (docs/product.md#navigation) in order", () => {
    expect(mainNav.map((l) => [l.label, l.to])).toEqual([
      ["Home", "/"],
      ["Portfolio", "/portfolio"],
      ["Pricing", "/pricing"],
      ["Our Story", "/story"],
      ["About Us", "/about"],
      ["Extras", "/extras"],
      ["Contact", "/contact"],
      ["Payment", "/payment"],
    ]);
    expect(quoteCta).toEqual({ label: "Get Quote", to: "/contact" });
  });

  it("points footer groups at the home page anchors", () => {
    const targets = footerGroups.flatMap((g) => g.links.map((l) => l.to));
    expect(targets).toEqual([
      "/#home",
      "/#portfolio",
      "/#story",
      "/#about",
      "/#pricing",
      "/#extras",
      "/#extras",
      "/#contact",
    ]);
  });
});
