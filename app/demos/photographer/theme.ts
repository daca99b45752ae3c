import type { DemoTheme } from "~/demos/frame/types";

/** Photographer portfolio: a dark gallery wall, warm gold type, Space Grotesk light headings, square corners. */
export const photographerTheme: DemoTheme = {
  colors: {
    background: "#121110",
    foreground: "#f3efe8",
    card: "#1b1a18",
    cardForeground: "#f3efe8",
    primary: "#e8b86a",
    primaryForeground: "#121110",
    secondary: "#2a2724",
    secondaryForeground: "#f3efe8",
    muted: "#1f1d1b",
    mutedForeground: "#b0a99f",
    accent: "#d98f6c",
    accentForeground: "#121110",
    border: "#35312c",
    input: "#6b645b",
    ring: "#e8b86a",
  },
  fonts: {
    heading: '"Space Grotesk Variable", "Space Grotesk Fallback", ui-sans-serif, system-ui, sans-serif',
    body: '"Inter Variable", "Inter Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "0rem",
  header: "light",
  footer: "muted",
  slots: {
    eyebrow: "text-xs font-medium uppercase tracking-[0.35em] text-primary",
    "section-heading-eyebrow": "text-xs font-medium tracking-[0.35em]",
    "section-heading-title": "font-light",
    "testimonial-grid": "mt-16 grid gap-10 md:grid-cols-2",
    "testimonial-rating": "text-primary",
    "testimonial-quote": "mt-4 font-heading text-xl leading-snug font-light sm:text-2xl",
    "testimonial-caption": "mt-4 text-sm text-muted-foreground",
  },
};
