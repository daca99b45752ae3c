import type { z } from "~/lib/zod";

import type { timelineEntrySchema } from "./schemas";
import { siteConfig } from "./site";

/** The four milestones of the Our Story page. */
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timeline: TimelineEntry[] = [
  {
    when: "January 2025",
    dateTime: "2025-01",
    title: "The Idea",
    description:
      "After years of watching small businesses overpay for slow, template-bound websites, our founder set out to offer premium craftsmanship at honest prices.",
  },
  {
    when: "March 2025",
    dateTime: "2025-03",
    title: "Studio Founded in Vancouver",
    description: `${siteConfig.name} opened its doors in Vancouver, British Columbia, with two simple packages, clear pricing and a promise to reply to every inquiry within 24 hours.`,
  },
  {
    when: "June 2025",
    dateTime: "2025-06",
    title: "Eight Showcase Sites",
    description:
      "We designed and built eight demo websites, from a bakery to an electrician, to show what a modern, mobile-first site can do for each kind of business.",
  },
  {
    when: "September 2025",
    dateTime: "2025-09",
    title: "Growing With Our Clients",
    description:
      "We added maintenance plans, SEO services and mobile app development, so the businesses we launch can keep growing with a partner they already trust.",
  },
];
