import type { z } from "~/lib/zod";

import type { coreValueSchema } from "./schemas";

/** The studio's six core values (icon, title, description; docs/product.md#site-pages). */
export const coreValueIcons = ["award", "handshake", "eye", "gauge", "accessibility", "sprout"] as const;

export type CoreValue = z.infer<typeof coreValueSchema>;

export const coreValues: CoreValue[] = [
  {
    icon: "award",
    title: "Craftsmanship",
    description: "We sweat the details, from pixel-perfect layouts to clean, maintainable code.",
  },
  {
    icon: "handshake",
    title: "Partnership",
    description: "We work with you, not for you: your goals shape every decision we make.",
  },
  {
    icon: "eye",
    title: "Transparency",
    description:
      "Clear quotes, honest timelines and no hidden fees. You always know where your project stands.",
  },
  {
    icon: "gauge",
    title: "Performance",
    description: "Fast sites win clients. We build lean pages that load quickly on any network.",
  },
  {
    icon: "accessibility",
    title: "Accessibility",
    description: "Every site we build is usable by everyone, meeting WCAG 2.2 AA guidelines.",
  },
  {
    icon: "sprout",
    title: "Growth",
    description: "We build for where your business is going, with sites that scale as you do.",
  },
];
