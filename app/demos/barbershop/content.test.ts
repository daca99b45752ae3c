import { describe, expect, it } from "vitest";

import { z } from "~/lib/zod";

import { expectValidDemoSite } from "../frame/content-test-kit";
import * as c from "./content";

describe("barbershop content", () => {
  it("has a valid identity and an AA theme", () => expectValidDemoSite(c.site, "barbershop"));

  it("has nine services, each with price and duration, at the spec prices", () => {
    z.array(
      z.object({
        title: z.string().min(1),
        description: z.string().min(10),
        price: z.string().regex(/^\$\d+$/),
        duration: z.string().regex(/^\d+(-\d+)? min$/),
      }),
    )
      .length(9)
      .parse(c.services);
    expect(c.services.map((s) => [s.title, s.price])).toEqual([
      ["Classic Haircut", "$25"],
      ["Beard Trim", "$20"],
      ["Premium Cut", "$45"],
      ["Hot Towel Shave", "$35"],
      ["Kids Cut", "$18"],
      ["Hair Coloring", "$50"],
      ["Fade", "$28"],
      ["Royal Package", "$85"],
      ["Gray Blending", "$45"],
    ]);
    expect(c.services.find((s) => s.title === "Classic Haircut")?.duration).toBe("30-45 min");
    expect(c.services.find((s) => s.title === "Premium Cut")?.duration).toBe("60 min");
  });

  it("about: story, values, five barbers with every field, reasons to choose", () => {
    expect(c.aboutPage.story.length).toBeGreaterThanOrEqual(2);
    expect(c.aboutPage.values.length).toBeGreaterThanOrEqual(3);
    z.array(
      z.object({
        name: z.string().min(3),
        role: z.string().min(3),
        experience: z.string().min(2),
        specialty: z.string().min(3),
        bio: z.string().min(20),
      }),
    )
      .length(5)
      .parse(c.barbers);
    expect(c.reasons.length).toBeGreaterThanOrEqual(4);
  });

  it("contact: hours and the three membership plans", () => {
    expect(c.contactPage.hours).toEqual([
      { days: "Monday - Friday", time: "9:00 AM - 8:00 PM" },
      { days: "Saturday", time: "9:00 AM - 7:00 PM" },
      { days: "Sunday", time: "10:00 AM - 6:00 PM" },
    ]);
    expect(c.memberships.map((m) => [m.name, m.price, m.period, m.cuts])).toEqual([
      ["Bronze", "$35", "/month", "1 cut per month"],
      ["Silver", "$60", "/month", "2 cuts per month"],
      ["Gold", "$100", "/month", "Unlimited cuts"],
    ]);
    for (const m of c.memberships) expect(m.benefits.length).toBeGreaterThanOrEqual(3);
    expect(c.contactPage.mapAlt).toMatch(/map/i);
  });

  it("has a unique SEO text per page", () => {
    const entries = Object.values(c.seoText);
    expect(new Set(entries.map((e) => e.title)).size).toBe(4);
    expect(new Set(entries.map((e) => e.description)).size).toBe(4);
  });
});
