import { describe, expect, it } from "vitest";

import { expectValidDemoSite } from "../frame/content-test-kit";
import * as c from "./content";

describe("plumber content", () => {
  it("has a valid identity and an AA theme", () => expectValidDemoSite(c.site, "plumber"));

  it("has the six services at the spec prices", () => {
    expect(c.services.map((s) => [s.title, s.price])).toEqual([
      ["Plumbing Repairs", "$89"],
      ["Water Heater Service", "$150"],
      ["Drain Cleaning", "$120"],
      ["Bathroom Plumbing", "$100"],
      ["Gas Line Service", "$200"],
      ["Emergency Service", "$150"],
    ]);
    expect(c.servicesIntro.requestLabel).toBe("Request Service");
    expect(c.contactPath).toBe("/demo/plumber/contact");
  });

  it("office hours are 7-6 with 24/7 emergency service", () => {
    expect(c.site.hours).toEqual([
      { days: "Office", time: "7am - 6pm" },
      { days: "Emergency", time: "24/7" },
    ]);
    expect(c.contactPage.hours.at(-1)).toEqual({ days: "Emergency service", time: "24/7, 365 days" });
    expect(c.contactPage.text).toMatch(/7am to 6pm.*24\/7/);
  });

  it("has three testimonials, three steps and a unique SEO text per page", () => {
    expect(c.testimonials).toHaveLength(3);
    expect(c.steps).toHaveLength(3);
    const entries = Object.values(c.seoText);
    expect(new Set(entries.map((e) => e.title)).size).toBe(4);
    expect(new Set(entries.map((e) => e.description)).size).toBe(4);
  });
});
