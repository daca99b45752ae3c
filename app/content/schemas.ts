import { z } from "~/lib/zod";

import { benefitIcons } from "./home";
import { coreValueIcons } from "./values";

/**
 * zod schemas of the site content modules. They live apart from the data so
 * pages never ship zod (~24 KB gzipped) for content that cannot change at
 * runtime: the content unit tests (and the legal PDF build script) validate the
 * data with them, and the content modules take their TypeScript types from
 * them with type-only imports, which the bundler erases.
 */

// about.ts
export const aboutContentSchema = z.object({
  intro: z.object({
    eyebrow: z.string(),
    title: z.string().min(1),
    paragraphs: z.array(z.string().min(1)).min(2),
  }),
  stats: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).length(4),
  founding: z.object({
    eyebrow: z.string(),
    title: z.string().min(1),
    year: z.number().int(),
    paragraphs: z.array(z.string().min(1)).min(2),
  }),
  valuesHeading: z.object({ eyebrow: z.string(), title: z.string().min(1), intro: z.string().min(1) }),
  teamHeading: z.object({ eyebrow: z.string(), title: z.string().min(1), intro: z.string().min(1) }),
});

// add-ons.ts
export const addOnSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Whole CAD dollars. */
  price: z.number().int().positive(),
  /** True when the price is a starting point ("$200+"). */
  from: z.boolean(),
  description: z.string().min(1),
});

// announcements.ts
export const announcementSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  content: z.string().min(1),
  /** ISO calendar date (YYYY-MM-DD); displayed in en-CA long form. */
  date: z.iso.date(),
  type: z.enum(["promotion", "update", "other"]),
  priority: z.enum(["high", "medium", "other"]),
});

// comparison.ts
export const comparisonValueSchema = z.union([z.boolean(), z.string().min(1)]);
export const comparisonRowSchema = z.object({
  feature: z.string().min(1),
  basic: comparisonValueSchema,
  pro: comparisonValueSchema,
});

// extras.ts
export const extraServiceSchema = z.object({
  id: z.enum(["maintenance", "seo", "mobile-app"]),
  title: z.string().min(1),
  description: z.string().min(1),
  /** Display price text, e.g. "From $50/month". */
  price: z.string().min(1),
  features: z.array(z.string().min(1)).min(3),
});
export const legalDocumentSchema = z.object({
  id: z.enum(["terms-of-service", "privacy-policy"]),
  title: z.string().min(1),
  description: z.string().min(1),
  /** Public URL of the PDF, generated at build time by scripts/legal-pdfs.ts. */
  href: z.string().regex(/^\/legal\/[a-z-]+\.pdf$/),
  /** The terms may also be saved; the privacy policy only opens in a new tab (docs/product.md#site-pages, Extras). */
  downloadable: z.boolean(),
});

// faq.ts
export const faqItemSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  question: z.string().min(1),
  answer: z.string().min(1),
});

// home.ts
export const linkSchema = z.object({ label: z.string().min(1), to: z.string().startsWith("/") });
export const homeHeroSchema = z.object({
  tagline: z.string().min(1),
  headline: z.string().min(1),
  intro: z.string().min(1),
  primary: linkSchema,
  secondary: linkSchema,
  highlights: z.array(z.string().min(1)).length(3),
});
export const benefitSchema = z.object({
  icon: z.enum(benefitIcons),
  title: z.string().min(1),
  description: z.string().min(1),
});
export const processStepSchema = z.object({ title: z.string().min(1), description: z.string().min(1) });
export const techGroupSchema = z.object({
  title: z.string().min(1),
  items: z.array(z.string().min(1)).min(2),
});

// legal.ts
export const legalSectionSchema = z.object({
  heading: z.string().min(1),
  paragraphs: z.array(z.string().min(1)).default([]),
  bullets: z.array(z.string().min(1)).default([]),
});
export const legalDocumentTextSchema = z.object({
  id: z.enum(["terms-of-service", "privacy-policy"]),
  title: z.string().min(1),
  effectiveDate: z.string().min(1),
  intro: z.string().min(1),
  sections: z.array(legalSectionSchema).min(5),
});

// packages.ts
export const packageIdSchema = z.enum(["basic", "pro"]);
export const packageSchema = z.object({
  id: packageIdSchema,
  name: z.string().min(1),
  /** Whole CAD dollars; shown as "$220+". */
  startingPrice: z.number().int().positive(),
  /** Whole CAD dollars; shown on the pricing card as "$350+". */
  listPrice: z.number().int().positive(),
  popular: z.boolean(),
  description: z.string().min(1),
  pages: z.number().int().positive(),
  features: z.array(z.string().min(1)).min(3),
});

// pages.ts
export const pageCopySchema = z.object({
  path: z.string().startsWith("/"),
  metaTitle: z.string().min(1),
  metaDescription: z.string().min(50).max(170),
  eyebrow: z.string().min(1),
  title: z.string().min(1),
  intro: z.string().min(1),
});

// portfolio.ts
export const portfolioItemSchema = z.object({
  id: z.string().regex(/^[a-z-]+$/),
  title: z.string().min(1),
  description: z.string().min(1),
  category: z.string().min(1),
  features: z.array(z.string().min(1)).min(3),
  technologies: z.array(z.string().min(1)).min(2),
  /** The demo's route under /demo. */
  link: z.string().regex(/^\/demo\/[a-z-]+$/),
  type: z.literal("Live Demo"),
});

// site.ts
export const openingHoursSchema = z.object({
  /** Display label, e.g. "Monday - Friday". */
  days: z.string().min(1),
  /** schema.org day names, for JSON-LD. */
  dayOfWeek: z
    .array(z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]))
    .min(1),
  /** 24-hour "HH:MM", or null when closed. */
  opens: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
  closes: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .nullable(),
});
export const siteConfigSchema = z.object({
  name: z.string().min(1),
  shortName: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(1),
  email: z.email(),
  phone: z.object({ display: z.string().min(1), href: z.string().startsWith("tel:") }),
  address: z.object({
    street: z.string().min(1),
    city: z.string().min(1),
    region: z.string().length(2),
    postalCode: z.string().regex(/^[A-Z]\d[A-Z] \d[A-Z]\d$/),
    country: z.string().length(2),
  }),
  timeZone: z.string().min(1),
  timeZoneLabel: z.string().min(1),
  hours: z.array(openingHoursSchema).min(1),
  areaServed: z.array(z.string().min(1)).min(1),
  foundedYear: z.number().int(),
  social: z.array(z.object({ label: z.string().min(1), href: z.url() })),
  /** The terms a new quote starts with (the studio may edit them per quote). */
  quoteTerms: z.string().min(1).max(4000),
});

// team.ts
export const teamMemberSchema = z.object({
  name: z.string().min(1),
  role: z.string().min(1),
  description: z.string().min(1),
});

// timeline.ts
export const timelineEntrySchema = z.object({
  /** Display label of when it happened, e.g. "January 2025". */
  when: z.string().min(1),
  /** Machine-readable date for <time dateTime>, "YYYY-MM". */
  dateTime: z.string().regex(/^\d{4}-\d{2}$/),
  title: z.string().min(1),
  description: z.string().min(1),
});

// values.ts
export const coreValueSchema = z.object({
  icon: z.enum(coreValueIcons),
  title: z.string().min(1),
  description: z.string().min(1),
});

// care-plans.ts (also what the back office validates a plan with: server/billing/plans)
export const carePlanSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,40}$/),
  name: z.string().min(1).max(60),
  /** Before tax, in CAD cents, per month. */
  priceCents: z.number().int().min(100).max(10_000_00),
  included: z.array(z.string().min(1).max(120)).min(1).max(12),
  /** Hours of changes a month the plan includes. */
  changeHours: z.number().int().min(0).max(100),
});
