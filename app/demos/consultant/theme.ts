import type { DemoTheme } from "~/demos/frame/types";

/** Summit Advisory Group: a sober navy and brass one-pager with tight corners and semibold headings. */
export const consultantTheme: DemoTheme = {
  colors: {
    background: "#fbfaf7",
    foreground: "#0f1b33",
    card: "#ffffff",
    cardForeground: "#0f1b33",
    primary: "#1b2f5b",
    primaryForeground: "#ffffff",
    secondary: "#efe8d8",
    secondaryForeground: "#0f1b33",
    muted: "#f2efe8",
    mutedForeground: "#4a5468",
    accent: "#b8904a",
    accentForeground: "#0f1b33",
    border: "#e2dccd",
    input: "#a59c88",
    ring: "#1b2f5b",
  },
  fonts: {
    heading: '"Playfair Display Variable", "Playfair Display Fallback", Georgia, "Times New Roman", serif',
    body: '"DM Sans Variable", "DM Sans Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "0.25rem",
  header: "light",
  footer: "inverse",
  slots: {
    "section-heading-title": "font-semibold",
    "testimonial-grid": "mt-12 grid gap-6 md:grid-cols-3",
    testimonial: "flex flex-col rounded border bg-card p-7",
    "testimonial-mark": "size-8 text-accent",
    "testimonial-rating": "mt-4 text-accent",
    "testimonial-quote": "mt-4 flex-1 font-heading text-lg leading-relaxed",
    "testimonial-caption": "mt-6 border-t pt-4 text-sm",
    "testimonial-name": "block font-semibold",
    "testimonial-service": "text-muted-foreground",
  },
};
