import type * as React from "react";

import { Container } from "~/components/ui/container";
import { cn } from "~/lib/cn";

/** One page band: the vertical rhythm and optional tinted background shared by every section. */
export function SiteSection({
  id,
  tone = "plain",
  className,
  containerClassName,
  children,
  ...props
}: React.ComponentProps<"section"> & { tone?: "plain" | "muted" | "tinted"; containerClassName?: string }) {
  return (
    <section
      id={id}
      className={cn(
        "scroll-mt-20 py-16 sm:py-24",
        tone === "muted" && "bg-muted/60",
        tone === "tinted" && "bg-gradient-to-b from-secondary/70 to-background",
        className,
      )}
      {...props}
    >
      <Container className={containerClassName}>{children}</Container>
    </section>
  );
}

/** Eyebrow, h2 and intro above a section's content. */
export function SiteSectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = "center",
  className,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  /** Id of the h2, for aria-labelledby on the section. */
  id?: string;
  align?: "center" | "left";
  className?: string;
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-[0.16em] text-primary">{eyebrow}</p>}
      <h2 id={id} className="mt-3 text-3xl font-extrabold sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{intro}</p>}
    </div>
  );
}
