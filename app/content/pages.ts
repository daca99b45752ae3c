import { href } from "~/lib/href";
import type { z } from "~/lib/zod";

import type { pageCopySchema } from "./schemas";
import { siteConfig } from "./site";

/**
 * Per-page head tags and hero words of the site pages: one unique title and
 * description each (read by every route's `meta`), and the page's hero band.
 */
export type PageCopy = z.infer<typeof pageCopySchema>;

export const pageCopy = {
  home: {
    path: "/",
    metaTitle: "Stunning Websites That Drive Results",
    metaDescription:
      "Premium web development from Vancouver, BC: fast, mobile-first websites for small businesses, from $220+, delivered in 1-2 weeks.",
    eyebrow: "Premium Web Development",
    title: "Stunning Websites That Drive Results",
    intro: "Fast, mobile-first websites for small businesses.",
  },
  portfolio: {
    path: "/portfolio",
    metaTitle: "Portfolio",
    metaDescription: `Eight live demo websites built by ${siteConfig.name}: consultant, photographer, landscaper, bakery, plumber, gym, barbershop and electrician.`,
    eyebrow: "Our Work",
    title: "Portfolio",
    intro:
      "Eight live demo websites, each designed for a real kind of business. Open any of them and explore it like a client would.",
  },
  pricing: {
    path: "/pricing",
    metaTitle: "Pricing",
    metaDescription:
      "Basic and Pro website packages, a side-by-side comparison, ten add-ons and answers about hosting, payments, timelines and revisions.",
    eyebrow: "Pricing",
    title: "Simple, Transparent Pricing",
    intro:
      "Two packages, ten add-ons, no hidden fees. Every project receives a tailored quote in Canadian dollars within 24 hours.",
  },
  about: {
    path: "/about",
    metaTitle: "About Us",
    metaDescription: `Meet ${siteConfig.name}: a Vancouver web studio founded in ${siteConfig.foundedYear}, its six core values and the team of four behind every website.`,
    eyebrow: "About Us",
    title: "The Studio Behind Your Next Website",
    intro:
      "Designers and developers in Vancouver, British Columbia, building websites that help small businesses grow.",
  },
  story: {
    path: "/story",
    metaTitle: "Our Story",
    metaDescription: `How ${siteConfig.name} began in ${siteConfig.foundedYear}: from an idea to a Vancouver studio with eight showcase sites and growing services.`,
    eyebrow: "Our Story",
    title: "From an Idea to a Studio",
    intro: `The milestones that shaped ${siteConfig.name}, from the first sketch to the team we are today.`,
  },
  extras: {
    path: "/extras",
    metaTitle: "Extras",
    metaDescription:
      "Website maintenance from $50/month, SEO services from $150/month and mobile app development, plus our terms of service and privacy policy.",
    eyebrow: "Extras",
    title: "Extra Services & Legal",
    intro:
      "Keep your website growing after launch with maintenance, SEO and mobile apps, and read the terms that govern our work together.",
  },
  contact: {
    path: "/contact",
    metaTitle: "Contact",
    metaDescription: `Contact ${siteConfig.name} in Vancouver, BC: tell us about your project and receive a free, tailored quote within 24 hours.`,
    eyebrow: "Contact",
    title: "Let's Build Something Great",
    intro: "Tell us about your project and we will reply with a free, tailored quote within 24 hours.",
  },
} satisfies Record<string, PageCopy>;

export const contactCopy = {
  detailsTitle: "Contact Details",
  bookCall: { before: "Rather talk? ", linkText: "Book a free 30-minute call", href: href("/book") },
  hoursTitle: "Business Hours",
  closed: "Closed",
  responseNote: "We reply to every inquiry within 24 hours, quote included.",
};

/** Section headings and closing call to action of the pricing page. */
export const pricingSections = {
  packages: {
    eyebrow: "Packages",
    title: "Choose your starting point",
    intro: "Both packages include mobile-first design, on-page SEO and free support after launch.",
  },
  comparison: {
    eyebrow: "Compare",
    title: "Basic vs Pro, side by side",
    intro: "Everything each package includes, at a glance.",
  },
  addOns: {
    eyebrow: "Add-ons",
    title: "Add exactly what you need",
    intro: "Extend either package with features priced upfront. Prices in CAD.",
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently asked questions",
    intro: "Straight answers about hosting, payments, timelines and revisions.",
  },
  cta: {
    eyebrow: "Get Started",
    title: "Not sure which package fits?",
    intro:
      "Tell us about your project and we will recommend the right package with a free quote within 24 hours.",
    primary: { label: "Get Your Free Quote", to: href("/contact") },
    secondary: { label: "View Portfolio", to: href("/portfolio") },
  },
};

/** Section headings of the extras page. */
export const extrasSections = {
  services: {
    eyebrow: "Additional Services",
    title: "Keep growing after launch",
    intro: "Three ways we help your website keep working for your business.",
  },
  legal: {
    eyebrow: "Legal Documents",
    title: "Terms of Service & Privacy Policy",
    intro:
      "The terms that govern our work together and how we protect your personal information, as PDF documents.",
  },
  cta: {
    eyebrow: "Questions?",
    title: "Let's talk about what your site needs next",
    intro: "Maintenance, SEO or a mobile app: tell us your goals and receive a free quote within 24 hours.",
    primary: { label: "Contact Us", to: href("/contact") },
    secondary: { label: "View Pricing", to: href("/pricing") },
  },
};

/** Closing call to action of the about and story pages. */
export const aboutCta = {
  eyebrow: "Work With Us",
  title: "Let's write the next chapter together",
  intro: "Tell us about your business and receive a free, tailored quote within 24 hours.",
  primary: { label: "Start Your Project", to: href("/contact") },
  secondary: { label: "View Portfolio", to: href("/portfolio") },
};
