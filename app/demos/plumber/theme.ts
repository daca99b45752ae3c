import { createElement } from "react";

import type { DemoTheme } from "~/demos/frame/types";

import { Wave } from "./art";

/**
 * Harbourline Plumbing: harbour navy and clean water blue with a safety-orange
 * emergency accent; Outfit headings over DM Sans; soft, rounded corners.
 */
export const plumberTheme: DemoTheme = {
  colors: {
    background: "#ffffff",
    foreground: "#0b2239",
    card: "#ffffff",
    cardForeground: "#0b2239",
    primary: "#0a5cab",
    primaryForeground: "#ffffff",
    secondary: "#e3f0fb",
    secondaryForeground: "#0b2239",
    muted: "#f1f7fc",
    mutedForeground: "#475d72",
    accent: "#c2410c",
    accentForeground: "#ffffff",
    border: "#d3e2ef",
    input: "#6b8299",
    ring: "#0a5cab",
  },
  fonts: {
    heading: '"Outfit Variable", "Outfit Fallback", ui-sans-serif, system-ui, sans-serif',
    body: '"DM Sans Variable", "DM Sans Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "1rem",
  header: "light",
  slots: {
    eyebrow:
      "inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-primary data-[tone=band]:bg-background",
    "page-header": "bg-secondary text-secondary-foreground",
    "page-header-inner": "py-14 text-center sm:py-20",
    "page-header-title": "mx-auto mt-5 max-w-3xl text-4xl font-bold sm:text-5xl",
    "page-header-text": "mx-auto mt-4 max-w-2xl text-lg text-muted-foreground",
    "testimonial-grid": "mt-10 grid gap-6 md:grid-cols-3",
    testimonial: "flex flex-col gap-4 rounded-3xl bg-background/10 p-7 ring-1 ring-background/20",
    "testimonial-rating": "flex gap-1 [&>svg]:size-5",
    "testimonial-quote": "flex-1 text-lg leading-relaxed",
    "testimonial-caption": "text-sm",
    "testimonial-name": "block font-semibold",
    "testimonial-service": "opacity-85",
    service: "gap-0 rounded-3xl p-7 transition-shadow hover:shadow-lg",
    "service-badge":
      "flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-primary",
    "service-icon": "size-7",
    "service-price-note": "text-xs font-semibold uppercase tracking-wide text-muted-foreground",
    "service-price-value": "font-heading text-3xl font-bold text-primary",
    "service-header": "mt-5 gap-2",
    "service-title": "font-heading text-xl font-semibold",
    "service-text": "text-base",
    "service-features": "mt-4 grid gap-2 text-sm",
    "service-feature": "flex gap-2",
    "service-feature-icon": "mt-0.5 size-4 shrink-0 text-primary",
    "team-grid": "mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4",
    "team-member": "rounded-3xl bg-card p-6 text-center shadow-sm",
    "team-avatar": "mx-auto flex size-20 text-2xl font-bold",
    "team-name": "mt-4 font-heading text-lg font-semibold",
    "team-role": "font-medium text-primary",
    "team-bio": "mt-1 text-sm text-muted-foreground",
  },
  marks: { pageHeaderEnd: createElement(Wave, { className: "text-background" }) },
};
