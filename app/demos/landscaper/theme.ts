import { Leaf } from "lucide-react";
import { createElement } from "react";

import type { DemoTheme } from "~/demos/frame/types";

import { HeaderLeaf } from "./art";

/** Evergreen landscaping: forest and moss greens with a warm accent, extra-bold headings, a leaf on every eyebrow. */
export const landscaperTheme: DemoTheme = {
  colors: {
    background: "#f7f5ee",
    foreground: "#1b281d",
    card: "#ffffff",
    cardForeground: "#1b281d",
    primary: "#2f5d34",
    primaryForeground: "#ffffff",
    secondary: "#e2e9d6",
    secondaryForeground: "#1b281d",
    muted: "#ecefe3",
    mutedForeground: "#4b584c",
    accent: "#9a4a1f",
    accentForeground: "#ffffff",
    border: "#d8dccb",
    input: "#8d9780",
    ring: "#2f5d34",
  },
  fonts: {
    heading: '"Archivo Variable", "Archivo Fallback", ui-sans-serif, system-ui, sans-serif',
    body: '"Lora Variable", "Lora Fallback", Georgia, "Times New Roman", serif',
  },
  radius: "0.75rem",
  header: "primary",
  footer: "inverse",
  slots: {
    service: "gap-0 rounded-2xl p-7",
    "service-badge": "flex size-12 items-center justify-center rounded-xl bg-secondary text-primary",
    "service-icon": "size-6",
    "service-price-note": "text-xs uppercase tracking-wider text-muted-foreground",
    "service-price-value": "font-heading text-xl font-extrabold text-primary",
    "service-header": "mt-5 gap-2",
    "service-title": "font-heading text-2xl font-bold",
    "service-text": "text-base",
    "service-features": "mt-5 grid gap-2 border-t pt-5 text-sm",
    "service-feature": "flex gap-2",
    "service-feature-icon": "mt-0.5 size-4 shrink-0 text-primary",
    "value-grid": "mt-10 grid gap-6 md:grid-cols-3",
    value: "rounded-2xl border bg-card p-7 text-center",
    "value-badge": "mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-accent",
    "value-icon": "size-7",
    "value-title": "mt-4 font-heading text-xl font-bold",
    "value-text": "mt-2 text-muted-foreground",
    "team-grid": "mt-10 grid gap-6 md:grid-cols-3",
    "team-member": "rounded-2xl bg-card p-7 shadow-sm",
    "team-avatar": "size-16 text-xl",
    "team-name": "mt-4 font-heading text-xl font-bold",
    "team-role": "text-sm font-semibold text-primary",
    "team-bio": "mt-3 text-muted-foreground",
    "team-meta": "mt-3 text-sm text-muted-foreground",
    eyebrow:
      "flex items-center gap-2 font-heading text-sm font-semibold uppercase tracking-[0.16em] text-accent",
    "section-heading-eyebrow": "text-accent",
    "section-heading-title": "font-extrabold",
    "page-header": "relative overflow-hidden bg-secondary",
    "page-header-inner": "relative py-14 sm:py-20",
    "page-header-title": "mt-3 max-w-3xl font-heading text-4xl font-extrabold tracking-tight sm:text-5xl",
    "page-header-text": "mt-4 max-w-2xl text-lg text-muted-foreground",
    "testimonial-grid": "mt-10 grid gap-6 md:grid-cols-3",
    // Column cards: the quote takes the spare height so every name sits on the same line.
    testimonial: "flex flex-col rounded-xl border bg-card p-6",
    "testimonial-rating": "text-accent",
    "testimonial-quote": "mt-4 flex-1 italic",
    "testimonial-name": "mt-5 block font-heading text-sm font-bold",
    "testimonial-service": "block text-sm text-muted-foreground",
  },
  marks: {
    eyebrow: createElement(Leaf, { "aria-hidden": true, className: "size-4" }),
    // Small and high on phones so it stays clear of the title and intro.
    pageHeaderBackdrop: createElement(HeaderLeaf, {
      className: "absolute -top-16 -right-16 size-48 text-primary/10 sm:-top-10 sm:-right-10 sm:size-80",
    }),
  },
};
