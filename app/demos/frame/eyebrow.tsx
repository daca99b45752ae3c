import type * as React from "react";

import { cn } from "~/lib/cn";

import { useDemoStyle } from "./slots";

/**
 * The small line above a title ("Our services"). The demo's theme styles the
 * `eyebrow` slot and may draw a mark before it; `tone="band"` (set as
 * data-tone) lets that style pick a colour for a page header band.
 */
export function Eyebrow({
  children,
  className,
  tone = "default",
}: {
  children: React.ReactNode;
  className?: string;
  tone?: "default" | "band";
}) {
  const { slots, marks } = useDemoStyle();
  return (
    <p data-slot="eyebrow" data-tone={tone} className={cn(slots.eyebrow, className)}>
      {marks.eyebrow}
      {children}
    </p>
  );
}
