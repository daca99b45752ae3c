import type { LucideIcon } from "lucide-react";

import type { DemoMarks, DemoSlots } from "./slots";

/**
 * Theme tokens of one demo site. They override the semantic colour variables
 * (app/styles/app.css) on the demo's own scope, so every shared primitive
 * (Button, Card, Badge...) takes the demo's look without a forked copy.
 * Colours are CSS colour strings; pairs must meet WCAG 2.2 AA contrast.
 */
export type DemoTheme = {
  colors: {
    background: string;
    foreground: string;
    card: string;
    cardForeground: string;
    primary: string;
    primaryForeground: string;
    secondary: string;
    secondaryForeground: string;
    muted: string;
    mutedForeground: string;
    accent: string;
    accentForeground: string;
    border: string;
    input: string;
    ring: string;
  };
  fonts: { heading: string; body: string };
  /** Corner radius, e.g. "0rem" for square, "1rem" for soft. */
  radius: string;
  /**
   * True when the primary colour is only ever a fill (with primary-foreground
   * text on it) or text on dark sections, never text on the light background;
   * the contrast check then skips that pair. E.g. safety yellow.
   */
  primaryIsFillOnly?: boolean;
  /** Header style: light bar, dark bar, or the primary colour. */
  header: "light" | "dark" | "primary";
  /**
   * Footer style: "inverse" (foreground colour as background, the default),
   * the primary colour, or muted (for dark themes where inverse would be light).
   */
  footer?: "inverse" | "primary" | "muted";
  /** Classes of the shared parts' `data-slot`s: the demo's look beyond its tokens. */
  slots?: DemoSlots;
  /** Decorations the demo draws into shared parts. */
  marks?: DemoMarks;
};

export type DemoLink = { label: string; to: string };

/** What the shared demo header and footer need to know about a demo business. */
export type DemoSite = {
  /** Route segment under /demo, e.g. "electrician". */
  slug: string;
  name: string;
  tagline: string;
  icon: LucideIcon;
  nav: DemoLink[];
  cta: DemoLink;
  contact: { phone: string; email: string; address: string };
  hours: { days: string; time: string }[];
  theme: DemoTheme;
};
