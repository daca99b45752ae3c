import { href } from "~/lib/href";
import type { z } from "~/lib/zod";

import type { benefitSchema, homeHeroSchema, processStepSchema, techGroupSchema } from "./schemas";

/** Words of the home page (docs/product.md#site-pages, Home). */

export const homeHero: z.infer<typeof homeHeroSchema> = {
  tagline: "Premium Web Development",
  headline: "Stunning Websites That Drive Results",
  intro:
    "We design and build fast, beautiful, mobile-first websites that turn visitors into clients. Crafted in Vancouver, delivered worldwide, launched in as little as 1-2 weeks.",
  primary: { label: "Start Your Project", to: href("/contact") },
  secondary: { label: "View Portfolio", to: href("/portfolio") },
  highlights: ["Launch in 1-2 weeks", "50% upfront, 50% on completion", "Reply within 24 hours"],
};

export const benefitIcons = ["zap", "code", "smartphone", "search"] as const;
export type Benefit = z.infer<typeof benefitSchema>;

/** Why choose us: the four benefits (docs/product.md#site-pages) (fast delivery, modern stack, mobile-first, SEO). */
export const benefits: Benefit[] = [
  {
    icon: "zap",
    title: "Fast Delivery",
    description: "Your website live in 1-2 weeks, not months, with a clear schedule from day one.",
  },
  {
    icon: "code",
    title: "Modern Tech Stack",
    description: "Built with React, TypeScript and Tailwind CSS: secure, lightning fast and easy to grow.",
  },
  {
    icon: "smartphone",
    title: "Mobile-First Design",
    description: "Designed for phones first, then scaled up, so it looks perfect on every screen.",
  },
  {
    icon: "search",
    title: "SEO Optimized",
    description: "Clean markup, fast pages and smart metadata that help customers find you on Google.",
  },
];

export type ProcessStep = z.infer<typeof processStepSchema>;

/** The four-step process (docs/product.md#site-pages): consultation, design, development, launch. */
export const processSteps: ProcessStep[] = [
  {
    title: "Consultation",
    description: "We learn about your business, goals and audience, then send a clear quote within 24 hours.",
  },
  {
    title: "Design",
    description: "We shape the look and structure of your site and refine it with you until it feels right.",
  },
  {
    title: "Development",
    description: "We build your site with modern, fast technology and test it on every kind of device.",
  },
  {
    title: "Launch",
    description: "We put your site live, connect your domain and show you how to keep it fresh.",
  },
];

export type TechGroup = z.infer<typeof techGroupSchema>;

/** The technology stack section. */
export const techStack: TechGroup[] = [
  { title: "Frontend", items: ["React", "TypeScript", "Tailwind CSS", "React Router"] },
  { title: "Backend", items: ["Node.js", "Hono", "PostgreSQL", "SQLite"] },
  { title: "Tooling", items: ["Vite", "Vitest", "Playwright", "Git"] },
  { title: "Services", items: ["Stripe", "Lighthouse", "axe accessibility", "Cloud hosting"] },
];

/** Teasers of the home anchor sections (ids in docs/product.md#site-pages, Home). */
export const homeSections = {
  announcements: { title: "Announcements" },
  whyUs: {
    eyebrow: "Why Choose Us",
    title: "Everything your website needs to win clients",
    intro:
      "Premium quality without the agency overhead: a small senior team, modern tools and a process built around your business.",
  },
  process: {
    eyebrow: "Our Process",
    title: "From first call to launch in four steps",
    intro: "A simple, transparent process that keeps you in control at every stage.",
  },
  tech: {
    eyebrow: "Technology Stack",
    title: "Built on modern, proven technology",
    intro:
      "The same tools trusted by the world's leading tech companies, chosen for speed, security and longevity.",
  },
  portfolio: {
    eyebrow: "Portfolio",
    title: "See what we can build for you",
    intro: "Eight live demo websites for real kinds of businesses, from bakeries to electricians.",
    link: { label: "View Portfolio", to: href("/portfolio") },
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Simple packages, honest prices",
    intro: "Two packages to start from, every project quoted to fit. Prices in Canadian dollars.",
    link: { label: "Compare Packages", to: href("/pricing") },
  },
  story: {
    eyebrow: "Our Story",
    title: "A Vancouver studio founded in 2025",
    intro:
      "We started with a simple belief: every small business deserves a website as good as the work it does.",
    link: { label: "Read Our Story", to: href("/story") },
  },
  about: {
    eyebrow: "About Us",
    title: "A small senior team that cares",
    intro: "Designers, developers and a growth strategist who treat your business like their own.",
    link: { label: "Meet the Team", to: href("/about") },
  },
  extras: {
    eyebrow: "Extras",
    title: "Support that continues after launch",
    intro:
      "Maintenance, SEO and mobile apps to keep your business growing, plus our terms and privacy policy.",
    link: { label: "Explore Extras", to: href("/extras") },
  },
  contact: {
    eyebrow: "Get Started",
    title: "Ready to grow your business online?",
    intro: "Tell us about your project and receive a free, no-obligation quote within 24 hours.",
    primary: { label: "Start Your Project", to: href("/contact") },
    secondary: { label: "View Pricing", to: href("/pricing") },
  },
} as const;
