import { describe, expect, it } from "vitest";

import { expectValidDemoContent } from "~/demos/frame/content-test-kit";

import * as c from "./content";

describe("bakery demo content", () => {
  it("matches the shared schemas", () => expectValidDemoContent(c, "bakery"));

  it("has the three menu items with the demo's prices (docs/product.md#demo-sites) and an Order Now link", () => {
    expect(c.menu.map((m) => [m.title, m.price])).toEqual([
      ["Artisan Breads", "From $6"],
      ["Custom Cakes", "$45"],
      ["Pastries & Desserts", "$4"],
    ]);
    expect(c.menuPage.orderLabel).toBe("Order Now");
    expect(c.contactPath).toBe("/demo/bakery/contact");
  });

  it("titles the about page Our Story and opens 6AM-7PM", () => {
    expect(c.aboutPage.title).toBe("Our Story");
    expect(c.site.nav.find((l) => l.to === "/demo/bakery/about")?.label).toBe("Our Story");
    expect(c.site.hours).toEqual([{ days: "Every day", time: "6AM - 7PM" }]);
  });

  it("gives every page a unique title and description", () => {
    const pages = Object.values(c.pageSeo);
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
  });
});
