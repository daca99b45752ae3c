import { describe, expect, it } from "vitest";

import { formatCalendarDate } from "~/lib/site-time";

import { aboutContent } from "./about";
import { addOns } from "./add-ons";
import { announcements } from "./announcements";
import { comparisonRows } from "./comparison";
import { extraServices, legalDocuments } from "./extras";
import { faqItems } from "./faq";
import { benefits, homeHero, homeSections, processSteps, techStack } from "./home";
import { legalTexts } from "./legal";
import { formatListPrice, formatStartingPrice, getPackage, packages, popularLabel } from "./packages";
import { pageCopy } from "./pages";
import { portfolioItems } from "./portfolio";
import { formatMonthlyRange, formatPrice } from "./price";
import {
  aboutContentSchema,
  addOnSchema,
  announcementSchema,
  benefitSchema,
  comparisonRowSchema,
  coreValueSchema,
  extraServiceSchema,
  faqItemSchema,
  homeHeroSchema,
  legalDocumentSchema,
  legalDocumentTextSchema,
  packageSchema,
  pageCopySchema,
  portfolioItemSchema,
  processStepSchema,
  teamMemberSchema,
  techGroupSchema,
  timelineEntrySchema,
} from "./schemas";
import { siteConfig } from "./site";
import { initials, team } from "./team";
import { timeline } from "./timeline";
import { coreValues } from "./values";

const parseAll = <T>(schema: { parse: (v: unknown) => T }, items: readonly unknown[]) =>
  items.forEach((i) => schema.parse(i));

describe("home (docs/product.md#site-pages)", () => {
  it("has the spec's hero words and buttons", () => {
    homeHeroSchema.parse(homeHero);
    expect(homeHero.headline).toBe("Stunning Websites That Drive Results");
    expect(homeHero.tagline).toBe("Premium Web Development");
    expect(homeHero.primary).toEqual({ label: "Start Your Project", to: "/contact" });
    expect(homeHero.secondary).toEqual({ label: "View Portfolio", to: "/portfolio" });
  });

  it("lists the four benefits: fast delivery of 1-2 weeks, modern stack, mobile-first, SEO", () => {
    parseAll(benefitSchema, benefits);
    expect(benefits.map((b) => b.title)).toEqual([
      "Fast Delivery",
      "Modern Tech Stack",
      "Mobile-First Design",
      "SEO Optimized",
    ]);
    expect(benefits[0]!.description).toContain("1-2 weeks");
  });

  it("has the four-step process in order", () => {
    parseAll(processStepSchema, processSteps);
    expect(processSteps.map((s) => s.title)).toEqual(["Consultation", "Design", "Development", "Launch"]);
  });

  it("has a technology stack and a closing call to action to /contact and /pricing", () => {
    parseAll(techGroupSchema, techStack);
    expect(techStack.flatMap((g) => g.items)).toEqual(
      expect.arrayContaining(["React", "TypeScript", "Tailwind CSS"]),
    );
    expect([homeSections.contact.primary.to, homeSections.contact.secondary.to]).toEqual([
      "/contact",
      "/pricing",
    ]);
    expect(homeSections.portfolio.link.to).toBe("/portfolio");
  });
});

describe("announcements (docs/product.md#site-pages)", () => {
  it("holds the one entry 'Operations as Normal' of September 23, 2025", () => {
    parseAll(announcementSchema, announcements);
    expect(announcements).toHaveLength(1);
    const [a] = announcements;
    expect(a!.title).toBe("Operations as Normal");
    expect(formatCalendarDate(a!.date)).toBe("September 23, 2025");
    expect(["promotion", "update", "other"]).toContain(a!.type);
    expect(["high", "medium", "other"]).toContain(a!.priority);
  });

  it("rejects a type or priority outside the spec's sets", () => {
    expect(() => announcementSchema.parse({ ...announcements[0], type: "news" })).toThrow();
    expect(() => announcementSchema.parse({ ...announcements[0], priority: "low" })).toThrow();
  });
});

describe("packages (docs/product.md#prices)", () => {
  it("keeps both price readings, each named for what it is", () => {
    parseAll(packageSchema, packages);
    const basic = getPackage("basic");
    const pro = getPackage("pro");
    expect([formatStartingPrice(basic), formatStartingPrice(pro)]).toEqual(["$220+", "$340+"]);
    expect([formatListPrice(basic), formatListPrice(pro)]).toEqual(["$350+", "$700+"]);
  });

  it("has Basic up to 5 pages and Pro up to 10 pages, Pro marked Most Popular", () => {
    expect(packages.map((p) => [p.name, p.pages, p.popular])).toEqual([
      ["Basic", 5, false],
      ["Pro", 10, true],
    ]);
    expect(popularLabel).toBe("Most Popular");
    expect(getPackage("basic").features).toContain("Up to 5 pages");
    expect(getPackage("pro").features).toContain("Up to 10 pages");
  });
});

describe("comparison table (docs/product.md#prices)", () => {
  it("compares pages, free support, revisions and delivery with the spec's figures", () => {
    parseAll(comparisonRowSchema, comparisonRows);
    const row = (feature: string) => comparisonRows.find((r) => r.feature === feature);
    expect(row("Pages")).toMatchObject({ basic: "Up to 5", pro: "Up to 10" });
    expect(row("Free support")).toMatchObject({ basic: "1 month", pro: "3 months" });
    expect(row("Revisions")).toMatchObject({ basic: "2", pro: "5" });
    expect(row("Delivery")).toMatchObject({ basic: "1-2 weeks", pro: "2-4 weeks" });
    expect(comparisonRows.some((r) => typeof r.basic === "boolean")).toBe(true);
  });
});

describe("add-ons (docs/product.md#prices)", () => {
  it("lists the ten add-ons at the spec's prices", () => {
    parseAll(addOnSchema, addOns);
    expect(addOns.map((a) => [a.name, formatPrice(a.price, a.from ? "+" : "")])).toEqual([
      ["E-commerce Integration", "$200+"],
      ["Custom Forms", "$50"],
      ["Blog Setup", "$100"],
      ["Photo Gallery", "$75"],
      ["Social Media Integration", "$50"],
      ["Analytics Setup", "$50"],
      ["Live Chat", "$100"],
      ["Booking System", "$150"],
      ["Multi-language Support", "$200"],
      ["Advanced SEO", "$150"],
    ]);
  });
});

describe("FAQ (docs/product.md#site-pages)", () => {
  it("has eight questions with unique ids", () => {
    parseAll(faqItemSchema, faqItems);
    expect(faqItems).toHaveLength(8);
    expect(new Set(faqItems.map((f) => f.id)).size).toBe(8);
  });

  it("answers hosting, maintenance, SEO, payment split, timelines and revisions with the spec's figures", () => {
    const all = faqItems.map((f) => f.answer).join("\n");
    expect(all).toContain("$0-20/month");
    expect(all).toMatch(/paid separately/);
    expect(all).toContain("from $50/month");
    expect(all).toContain("from $150/month");
    expect(all).toContain("50% upfront");
    expect(all).toContain("50% on completion");
    expect(all).toContain("1-2 weeks");
    expect(all).toContain("2-4 weeks");
    expect(all).toMatch(/2 rounds of revisions and the Pro package includes 5/);
  });
});

describe("portfolio (docs/product.md#site-pages)", () => {
  it("has eight Live Demo cards, one per demo route", () => {
    parseAll(portfolioItemSchema, portfolioItems);
    expect(portfolioItems.map((p) => p.link)).toEqual([
      "/demo/consultant",
      "/demo/portfolio",
      "/demo/landscaper",
      "/demo/bakery",
      "/demo/plumber",
      "/demo/gym",
      "/demo/barbershop",
      "/demo/electrician",
    ]);
    expect(new Set(portfolioItems.map((p) => p.type))).toEqual(new Set(["Live Demo"]));
  });
});

describe("about (docs/product.md#site-pages)", () => {
  it("tells the founding story from 2025", () => {
    aboutContentSchema.parse(aboutContent);
    expect(aboutContent.founding.year).toBe(2025);
    expect(aboutContent.founding.paragraphs.join(" ")).toContain("founded in 2025");
  });

  it("has six core values and a team of four with initials", () => {
    parseAll(coreValueSchema, coreValues);
    parseAll(teamMemberSchema, team);
    expect(coreValues).toHaveLength(6);
    expect(team).toHaveLength(4);
    expect(initials("Maya Chen")).toBe("MC");
    expect(team.map((m) => initials(m.name))).toEqual(
      team.map((m) =>
        m.name
          .split(" ")
          .map((p) => p[0])
          .join(""),
      ),
    );
  });
});

describe("story (docs/product.md#site-pages)", () => {
  it("has a four-entry timeline in chronological order", () => {
    parseAll(timelineEntrySchema, timeline);
    expect(timeline).toHaveLength(4);
    const dates = timeline.map((t) => t.dateTime);
    expect([...dates].sort()).toEqual(dates);
  });
});

describe("extras (docs/product.md#site-pages)", () => {
  it("offers maintenance from $50/month, SEO from $150/month and mobile apps", () => {
    parseAll(extraServiceSchema, extraServices);
    expect(extraServices.map((s) => [s.id, s.price])).toEqual([
      ["maintenance", "From $50/month"],
      ["seo", "From $150/month"],
      ["mobile-app", "Custom quote"],
    ]);
  });

  it("links the terms (downloadable) and the privacy policy (new tab only)", () => {
    parseAll(legalDocumentSchema, legalDocuments);
    expect(legalDocuments.map((d) => [d.title, d.href, d.downloadable])).toEqual([
      ["Terms of Service", "/legal/terms-of-service.pdf", true],
      ["Privacy Policy", "/legal/privacy-policy.pdf", false],
    ]);
  });
});

describe("legal text source", () => {
  it("is valid and carries the studio's identity", () => {
    for (const doc of legalTexts()) {
      const parsed = legalDocumentTextSchema.parse(doc);
      expect(parsed.intro).toContain(siteConfig.name);
    }
  });
});

describe("page copy", () => {
  it("gives every page a unique title and description", () => {
    const pages = Object.values(pageCopy);
    parseAll(pageCopySchema, pages);
    expect(new Set(pages.map((p) => p.metaTitle)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.metaDescription)).size).toBe(pages.length);
  });
});

describe("price formatting", () => {
  it("formats CAD whole dollars the spec's way", () => {
    expect(formatPrice(220, "+")).toBe("$220+");
    expect(formatPrice(1200)).toBe("$1,200");
    expect(formatPrice(50, "/month")).toBe("$50/month");
    expect(formatMonthlyRange(0, 20)).toBe("$0-20/month");
  });
});
