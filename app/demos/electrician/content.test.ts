import { describe, expect, it } from "vitest";

import { expectValidDemoSite } from "../frame/content-test-kit";
import { teamMemberSchema } from "../frame/schemas";
import * as c from "./content";

describe("electrician content", () => {
  it("has a valid identity and an AA theme", () => expectValidDemoSite(c.site, "electrician"));

  it("keeps the spec prices", () => {
    expect(c.prices).toEqual({ residential: "$120", commercial: "$200", emergency: "$150" });
    expect(c.servicesPage.priceCards.map((p) => p.price)).toEqual(["$120", "$200", "$150"]);
  });

  it("home has three services and three testimonials; /services six groups and three assurances", () => {
    expect(c.homeServices).toHaveLength(3);
    expect(c.testimonials).toHaveLength(3);
    for (const t of c.testimonials) expect(t.rating).toBeGreaterThanOrEqual(1);
    expect(c.serviceGroups).toHaveLength(6);
    expect(c.assurances).toHaveLength(3);
    expect(c.hero.text).toMatch(/2008.*master electrician/);
  });

  it("about: tagline, four history paragraphs, four values, three team members, eight badges", () => {
    expect(c.aboutPage.tagline).toMatch(/trusted electrical contractor since 2008/i);
    expect(c.aboutPage.history).toHaveLength(4);
    expect(c.coreValues).toHaveLength(4);
    expect(c.team.map((m) => m.role)).toEqual([
      "Master Electrician & Founder",
      "Project Manager",
      "Lead Electrician",
    ]);
    for (const m of c.team) {
      teamMemberSchema.parse(m);
      expect(m.bio).toMatch(/licence #|years of experience/i);
    }
    expect(c.certifications).toEqual([
      "Master Electrician License",
      "Fully Insured & Bonded",
      "NEC Code Certified",
      "EPA Certified",
      "OSHA Safety Certified",
      "State Contractor License",
      "Emergency Services Certified",
      "Commercial Electrical Certified",
    ]);
  });

  it("contact: exact texts, hours, areas and form options", () => {
    const g = c.contactPage.getInTouch;
    expect(g.title).toBe("Get In Touch");
    expect(g.phone.note).toBe("24/7 for emergencies");
    expect(g.email.note).toBe("Response within 4 hours");
    expect(g.hours.rows).toEqual([
      { days: "Mon-Fri", time: "7am-6pm" },
      { days: "Sat", time: "8am-4pm" },
      { days: "Emergency", time: "24/7" },
    ]);
    expect(c.contactPage.emergencyBanner.text).toMatch(/24\/7/);
    expect(c.contactPage.serviceAreas.title).toBe("Service Areas");
    expect(c.contactPage.serviceAreas.areas).toEqual([
      "Downtown",
      "North Side",
      "West End",
      "East District",
      "South Valley",
      "Suburbs",
      "Commercial Areas",
      "Surrounding Cities",
    ]);
    expect(c.contactPage.emergencyNote).toBe("For emergencies, please call us directly");
    expect(c.requestForm.title).toBe("Request Service");
    expect(c.requestForm.serviceTypePlaceholder).toBe("Select a service");
    expect(c.serviceTypes).toEqual([
      "Electrical Repair",
      "Installation",
      "Safety Inspection",
      "Panel Upgrade",
      "Lighting",
      "Wiring",
      "Other",
    ]);
    expect(c.propertyTypes).toEqual(["Residential", "Commercial", "Industrial"]);
    expect(c.requestForm.messageRows).toBe(5);
    expect(Object.values(c.requestForm.labels)).toEqual([
      "Name",
      "Phone",
      "Email",
      "Service Type",
      "Property Type",
      "Message",
    ]);
  });

  it("has a unique SEO title and description per page", () => {
    const entries = Object.values(c.seoText);
    expect(new Set(entries.map((e) => e.title)).size).toBe(4);
    expect(new Set(entries.map((e) => e.description)).size).toBe(4);
  });
});
