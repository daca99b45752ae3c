import { describe, expect, it } from "vitest";

import { expectValidDemoSite } from "../frame/content-test-kit";
import * as c from "./content";

describe("gym content", () => {
  it("has a valid identity and an AA theme", () => expectValidDemoSite(c.site, "gym"));

  it("has the six programs at the spec prices", () => {
    expect(c.programs.map((p) => [p.title, p.price])).toEqual([
      ["Personal Training", "$60/session"],
      ["Strength Training", "$80/month"],
      ["Wellness & Recovery", "$50/month"],
      ["Nutrition Coaching", "$100/month"],
      ["Group Classes", "Included with membership"],
      ["HIIT", "Included with membership"],
    ]);
    expect(c.programsIntro.ctaLabel).toBe("Get Started");
    expect(c.contactPath).toBe("/demo/gym/contact");
  });

  it("offers a free 7-day trial", () => {
    expect(c.trial.badge).toBe("Free 7-day trial");
    expect(c.trial.title).toMatch(/free for 7 days/i);
    expect(c.contactPage.title).toBe("Start Your Free 7-Day Trial");
  });

  it("has a full timetable, coaches and a unique SEO text per page", () => {
    for (const row of c.schedule.rows) expect(row.classes).toHaveLength(c.schedule.days.length);
    expect(c.coaches.length).toBeGreaterThanOrEqual(3);
    const entries = Object.values(c.seoText);
    expect(new Set(entries.map((e) => e.title)).size).toBe(4);
    expect(new Set(entries.map((e) => e.description)).size).toBe(4);
  });
});
