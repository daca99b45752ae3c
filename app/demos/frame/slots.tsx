import * as React from "react";

/**
 * Styling hooks of the shared demo parts. Each part marks its elements with
 * `data-slot="…"`; a demo's theme.ts gives the Tailwind classes of each slot
 * (its "style", as a shadcn/ui v4 style file does for its primitives), and
 * ThemeScope hands them down, so eight looks come from one set of parts.
 */
export type DemoSlotName =
  | "eyebrow"
  | "section-heading"
  | "section-heading-eyebrow"
  | "section-heading-title"
  | "section-heading-text"
  | "page-header"
  | "page-header-band"
  | "page-header-inner"
  | "page-header-title"
  | "page-header-text"
  | "testimonial-grid"
  | "testimonial"
  | "testimonial-mark"
  | "testimonial-rating"
  | "testimonial-quote"
  | "testimonial-caption"
  | "testimonial-name"
  | "testimonial-service"
  | "value-grid"
  | "value"
  | "value-badge"
  | "value-icon"
  | "value-title"
  | "value-text"
  | "team-grid"
  | "team-member"
  | "team-avatar"
  | "team-name"
  | "team-role"
  | "team-bio"
  | "team-meta"
  | "service"
  | "service-header"
  | "service-badge"
  | "service-icon"
  | "service-title"
  | "service-text"
  | "service-features"
  | "service-feature"
  | "service-feature-icon"
  | "service-footer"
  | "service-top"
  | "service-price"
  | "service-price-note"
  | "service-price-value"
  | "price-list"
  | "price-item"
  | "price-line"
  | "price-name"
  | "price-leader"
  | "price-value"
  | "price-details"
  | "price-text"
  | "timeline"
  | "timeline-entry"
  | "timeline-dot"
  | "timeline-label"
  | "timeline-text";

export type DemoSlots = Partial<Record<DemoSlotName, string>>;

/** Decorations a demo draws into shared parts (a leaf before each eyebrow, a wave under the page header). */
export type DemoMarks = {
  eyebrow?: React.ReactNode;
  sectionHeadingRule?: React.ReactNode;
  pageHeaderBackdrop?: React.ReactNode;
  pageHeaderRule?: React.ReactNode;
  pageHeaderEnd?: React.ReactNode;
};

type DemoStyle = { slots: DemoSlots; marks: DemoMarks };

const DemoStyleContext = React.createContext<DemoStyle>({ slots: {}, marks: {} });

export function DemoStyleProvider({
  slots = {},
  marks = {},
  children,
}: Partial<DemoStyle> & { children: React.ReactNode }) {
  return <DemoStyleContext value={{ slots, marks }}>{children}</DemoStyleContext>;
}

/** The demo's classes per slot and its marks (none outside a demo). */
export function useDemoStyle(): DemoStyle {
  return React.use(DemoStyleContext);
}
