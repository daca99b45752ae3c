import type { DemoTheme } from "~/demos/frame/types";

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
};
