import type * as React from "react";
import { cn } from "~/lib/cn";

type SectionHeadingProps = {
  /** Small line above the title (e.g. "What we do"). */
  eyebrow?: string;
  title: string;
  description?: string;
  align?: "left" | "center";
  /** Heading level; sections of a page are h2 (the page has one h1). */
  as?: "h1" | "h2" | "h3";
  id?: string;
  className?: string;
  eyebrowClassName?: string;
  titleClassName?: string;
  children?: React.ReactNode;
};

/** Eyebrow, title and intro of a demo section; the demo's theme decides fonts and colours. */
export function SectionHeading({
  eyebrow,
  title,
  description,
  align = "left",
  as: Heading = "h2",
  id,
  className,
  eyebrowClassName,
  titleClassName,
  children,
}: SectionHeadingProps) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && (
        <p className={cn("text-sm font-semibold uppercase tracking-[0.18em] text-primary", eyebrowClassName)}>{eyebrow}</p>
      )}
      <Heading id={id} className={cn("mt-2 font-heading text-3xl font-bold sm:text-4xl", titleClassName)}>
        {title}
      </Heading>
      {description && <p className="mt-4 text-base text-muted-foreground sm:text-lg">{description}</p>}
      {children}
    </div>
  );
}
