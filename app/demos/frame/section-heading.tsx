import { cva } from "class-variance-authority";
import type * as React from "react";
import { useDemoStyle } from "./slots";
import { cn } from "~/lib/cn";

const titleVariants = cva("mt-2 font-heading font-bold", {
  variants: {
    size: {
      md: "text-3xl sm:text-4xl",
      lg: "text-3xl sm:text-5xl",
      xl: "text-4xl sm:text-6xl",
    },
  },
  defaultVariants: { size: "md" },
});

type SectionHeadingProps = {
  /** Small line above the title (e.g. "What we do"). */
  eyebrow?: string;
  title: string;
  description?: string;
  align?: "left" | "center";
  size?: "md" | "lg" | "xl";
  /** "dark" and "primary" (set as data-tone) let the demo's style recolour the heading on a dark or primary band. */
  tone?: "default" | "dark" | "primary";
  /** Heading level; sections of a page are h2 (the page has one h1). */
  as?: "h1" | "h2" | "h3";
  id?: string;
  className?: string;
  children?: React.ReactNode;
};

/** Eyebrow, title and intro of a demo section; the demo's theme styles the `section-heading*` slots. */
export function SectionHeading({ eyebrow, title, description, align = "left", size, tone = "default", as: Heading = "h2", id, className, children }: SectionHeadingProps) {
  const { slots, marks } = useDemoStyle();
  return (
    <div data-slot="section-heading" className={cn("max-w-2xl", align === "center" && "mx-auto text-center", slots["section-heading"], className)}>
      {eyebrow && (
        <p data-slot="section-heading-eyebrow" data-tone={tone} className={cn("text-sm font-semibold uppercase tracking-[0.18em] text-primary", slots["section-heading-eyebrow"])}>
          {eyebrow}
        </p>
      )}
      <Heading id={id} data-slot="section-heading-title" className={cn(titleVariants({ size }), slots["section-heading-title"])}>
        {title}
      </Heading>
      {marks.sectionHeadingRule}
      {description && (
        <p data-slot="section-heading-text" data-tone={tone} className={cn("mt-4 text-base text-muted-foreground sm:text-lg", slots["section-heading-text"])}>
          {description}
        </p>
      )}
      {children}
    </div>
  );
}
