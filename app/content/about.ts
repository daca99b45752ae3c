import type { z } from "~/lib/zod";

import type { aboutContentSchema } from "./schemas";
import { siteConfig } from "./site";

/** Words of the About page: the about section and the founding story (from 2025). */

export const aboutContent: z.infer<typeof aboutContentSchema> = {
  intro: {
    eyebrow: "Who We Are",
    title: "A boutique studio for ambitious small businesses",
    paragraphs: [
      `${siteConfig.name} is a web development studio based in Vancouver, British Columbia, serving clients across Canada and around the world. We design and build websites that look premium, load fast and bring in business.`,
      "We keep our team small on purpose. You work directly with the people who design and code your site: no account managers, no hand-offs, no surprises. Every project gets senior attention from the first call to launch day and beyond.",
    ],
  },
  stats: [
    { value: "1-2 weeks", label: "Typical Basic delivery" },
    { value: "24 hours", label: "Quote reply promise" },
    { value: "8", label: "Live demo sites" },
    { value: "100%", label: "Mobile-first builds" },
  ],
  founding: {
    eyebrow: "Our Founding",
    title: `Founded in Vancouver in ${siteConfig.foundedYear}`,
    year: siteConfig.foundedYear,
    paragraphs: [
      `${siteConfig.name} was founded in ${siteConfig.foundedYear} by a developer who had spent years building websites for large agencies and kept hearing the same story from small business owners: their sites were slow, hard to update and far too expensive.`,
      "We set out to change that with two clear packages, honest prices and modern technology that used to be reserved for big budgets. Today we help bakers, tradespeople, consultants and creatives look their best online, and we are just getting started.",
    ],
  },
  valuesHeading: {
    eyebrow: "Our Values",
    title: "Six principles behind every project",
    intro: "They guide how we design, how we build and how we treat the people we work with.",
  },
  teamHeading: {
    eyebrow: "Our Team",
    title: "Meet the people behind your website",
    intro: "Four specialists, one team: you will know each of us by name.",
  },
};
