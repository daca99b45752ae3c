import { createElement } from "react";

import { badgeVariants } from "~/components/ui/badge";
import type { DemoTheme } from "~/demos/frame/types";

import { BlueprintGrid } from "./art";

/**
 * Brightline Electric: graphite and safety yellow, Space Grotesk over Inter,
 * crisp small radius. Yellow is only ever a background (with graphite text)
 * or text on the dark sections; on light backgrounds links use the blue accent.
 */
/** The Request Service form's look of the form kit's parts (their data-slot), scoped to that form. */
export const requestFormLook = "[&_[data-slot=field-error]]:font-medium";

export const electricianTheme: DemoTheme = {
  colors: {
    background: "#f6f7f9",
    foreground: "#0f172a",
    card: "#ffffff",
    cardForeground: "#0f172a",
    primary: "#facc15",
    primaryForeground: "#111827",
    secondary: "#1e293b",
    secondaryForeground: "#f8fafc",
    muted: "#eceff4",
    mutedForeground: "#475569",
    accent: "#1d4ed8",
    accentForeground: "#ffffff",
    border: "#dce1e8",
    input: "#64748b",
    ring: "#1d4ed8",
  },
  fonts: {
    heading: '"Space Grotesk Variable", "Space Grotesk Fallback", ui-sans-serif, system-ui, sans-serif',
    body: '"Inter Variable", "Inter Fallback", ui-sans-serif, system-ui, sans-serif',
  },
  radius: "0.375rem",
  header: "dark",
  primaryIsFillOnly: true,
  slots: {
    timeline: "relative grid gap-8 border-l-2 border-primary pl-8",
    "timeline-entry": "relative",
    "timeline-dot":
      "absolute top-1.5 -left-[2.45rem] size-4 rounded-full border-4 border-background bg-primary ring-2 ring-primary",
    "timeline-text": "leading-relaxed",
    service: "gap-5 border-t-4 border-t-primary",
    "service-header": "gap-3",
    "service-badge": "flex size-12 items-center justify-center rounded-md bg-secondary text-primary",
    "service-icon": "size-6",
    "service-title": "text-xl",
    "service-text": "text-base",
    "service-features": "grid gap-2 text-sm",
    "service-feature": "flex gap-2",
    "service-feature-icon": "mt-0.5 size-4 shrink-0 text-accent",
    "service-footer": "border-t pt-4",
    "service-price": "font-heading text-lg font-bold",
    "team-grid": "mt-8 grid gap-6 md:grid-cols-3",
    "team-member":
      "flex flex-col items-center rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm",
    "team-avatar": "mb-4 flex size-20 bg-secondary text-2xl font-bold text-primary ring-4 ring-primary",
    "team-name": "font-heading text-xl font-bold",
    "team-role": "font-medium text-accent",
    "team-bio": "mt-2 text-sm text-muted-foreground",
    eyebrow:
      "flex items-center gap-3 font-heading text-xs font-bold uppercase tracking-[0.2em] text-accent data-[tone=band]:text-primary",
    "page-header": "relative isolate overflow-hidden bg-secondary text-secondary-foreground",
    "page-header-inner": "py-16 sm:py-20",
    "page-header-title": "mt-4 max-w-3xl text-4xl font-bold sm:text-5xl",
    "page-header-text": "mt-4 max-w-2xl text-lg text-secondary-foreground/85",
    "testimonial-grid": "mt-10 grid gap-6 md:grid-cols-3",
    testimonial: "flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm",
    "testimonial-rating": "flex text-primary [&>svg]:stroke-secondary",
    "testimonial-quote": "flex-1 text-base leading-relaxed",
    "testimonial-caption": "flex flex-wrap items-center justify-between gap-2 border-t pt-4 text-sm",
    "testimonial-name": "font-semibold",
    "testimonial-service": badgeVariants({ variant: "secondary" }),
  },
  marks: {
    eyebrow: createElement("span", { "aria-hidden": true, className: "h-1 w-8 bg-primary" }),
    pageHeaderBackdrop: createElement(BlueprintGrid, {
      className: "absolute inset-0 -z-10 text-secondary-foreground",
    }),
  },
};
