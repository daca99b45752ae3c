import { createElement } from "react";

import type { DemoTheme } from "~/demos/frame/types";

import { Scallop } from "./art";

/** Golden Crust Bakery: warm crust and cream, Fraunces italics over Outfit, soft round cards and a scalloped doily edge. */
export const bakeryTheme: DemoTheme = {
  colors: {
    background: "#fdf6ec",
    foreground: "#3b2416",
    card: "#fffbf5",
    cardForeground: "#3b2416",
    primary: "#9c3d1f",
    primaryForeground: "#ffffff",
    secondary: "#f6e3c6",
    secondaryForeground: "#3b2416",
    muted: "#f7ecdc",
    mutedForeground: "#6b4a35",
    accent: "#e8b04b",
    accentForeground: "#3b2416",
    border: "#ead8bf",
    input: "#b39472",
    ring: "#9c3d1f",
  },
  fonts: {
    heading: '"Fraunces Variable", "Fraunces Fallback", Georgia, "Times New Roman", serif',
    body: '"Outfit Variable", "Outfit Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "1.25rem",
  header: "light",
  footer: "primary",
  slots: {
    timeline: "mt-10 grid gap-6 border-l-2 border-dashed border-accent pl-6",
    "timeline-entry": "relative",
    "timeline-dot":
      "absolute top-1.5 -left-[2.05rem] size-4 rounded-full border-4 border-background bg-primary",
    "timeline-label": "font-heading text-2xl font-semibold text-primary",
    "timeline-text": "mt-1 text-lg",
    "value-grid": "mt-10 grid gap-6 md:grid-cols-3",
    value: "rounded-[2rem] bg-card p-7 text-center",
    "value-badge": "contents",
    "value-icon": "mx-auto size-9 text-primary",
    "value-title": "mt-3 font-heading text-2xl font-semibold",
    "value-text": "mt-2 text-muted-foreground",
    "team-grid": "mt-10 grid gap-8 md:grid-cols-3",
    "team-member": "text-center",
    "team-avatar": "size-24 bg-secondary text-3xl text-primary ring-4 ring-accent",
    "team-name": "mt-4 font-heading text-2xl font-semibold",
    "team-role": "font-medium text-primary",
    "team-bio": "mx-auto mt-2 max-w-xs text-muted-foreground",
    "team-meta": "mt-2 text-sm text-muted-foreground",
    "price-list": "mt-12 grid gap-6 md:grid-cols-3",
    "price-item": "items-center rounded-[2rem] bg-card p-6 text-center shadow-sm",
    "price-name": "mt-2 font-heading text-2xl font-semibold",
    "price-text": "mt-2 text-muted-foreground",
    "price-value": "mt-4 font-heading text-2xl font-semibold text-primary",
    eyebrow: "font-heading text-lg italic text-primary",
    "page-header-band": "bg-secondary text-secondary-foreground",
    "page-header-inner": "pt-14 pb-10 text-center sm:pt-20 sm:pb-14",
    "page-header-title": "mt-2 font-heading text-5xl font-semibold sm:text-6xl",
    "page-header-text": "mx-auto mt-4 max-w-2xl text-lg text-muted-foreground",
    "testimonial-grid": "mt-12 grid gap-6 md:grid-cols-3 md:[&>li:nth-child(2)]:-translate-y-4",
    // Column cards: the quote takes the spare height so every name sits on the same line.
    testimonial: "flex flex-col rounded-[1.75rem] bg-card p-7 shadow-sm ring-1 ring-border",
    "testimonial-rating": "text-primary",
    "testimonial-quote": "mt-4 flex-1 font-heading text-lg leading-relaxed",
    "testimonial-name": "mt-5 block font-semibold",
    "testimonial-service": "block text-sm text-muted-foreground",
  },
  marks: { pageHeaderEnd: createElement(Scallop, { className: "text-secondary" }) },
};
