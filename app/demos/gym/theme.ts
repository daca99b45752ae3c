import { createElement } from "react";

import type { DemoTheme } from "~/demos/frame/types";

import { Slashes } from "./art";

/**
 * Ironside Athletic: a dark training-floor palette with volt-lime energy and a
 * hot orange second accent; condensed Oswald headlines over Archivo; hard
 * square corners. The footer stays dark (muted) like the rest of the site.
 */
export const gymTheme: DemoTheme = {
  colors: {
    background: "#0d0d0f",
    foreground: "#f4f4f5",
    card: "#17171b",
    cardForeground: "#f4f4f5",
    primary: "#c6f135",
    primaryForeground: "#0d0d0f",
    secondary: "#26262c",
    secondaryForeground: "#f4f4f5",
    muted: "#1c1c21",
    mutedForeground: "#a6a6b0",
    accent: "#ff6a2b",
    accentForeground: "#0d0d0f",
    border: "#2f2f36",
    input: "#7a7a85",
    ring: "#c6f135",
  },
  fonts: {
    heading: '"Oswald Variable", "Oswald Fallback", Impact, "Arial Narrow", sans-serif',
    body: '"Archivo Variable", "Archivo Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "0rem",
  header: "light",
  footer: "muted",
  slots: {
    eyebrow:
      "flex items-center gap-2 font-heading text-sm font-semibold tracking-[0.25em] text-primary uppercase",
    "page-header": "relative overflow-hidden border-b border-border",
    "page-header-inner": "relative py-16 sm:py-24",
    "page-header-title":
      "mt-4 max-w-4xl font-heading text-5xl leading-[0.95] font-bold uppercase sm:text-7xl",
    "page-header-text": "mt-6 max-w-2xl text-lg text-muted-foreground",
    "testimonial-grid": "mt-10 grid gap-6 md:grid-cols-3",
    testimonial: "flex flex-col border-l-4 border-primary bg-card p-7",
    "testimonial-rating": "flex gap-1 text-primary",
    "testimonial-quote": "mt-4 flex-1 text-lg",
    "testimonial-caption": "mt-5 font-heading tracking-widest uppercase",
    "testimonial-service": "text-muted-foreground",
  },
  marks: {
    eyebrow: createElement(Slashes, { className: "h-3 w-7" }),
    pageHeaderBackdrop: createElement("div", {
      "aria-hidden": true,
      className: "absolute inset-y-0 -right-24 w-1/2 -skew-x-12 bg-secondary",
    }),
    pageHeaderRule: createElement("span", {
      "aria-hidden": true,
      className: "mt-6 block h-2 w-24 -skew-x-12 bg-primary",
    }),
  },
};
