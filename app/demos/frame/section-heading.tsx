import type * as React from "react";

import { cn } from "~/lib/cn";

import { Eyebrow } from "./eyebrow";
import { useSectionTitleId } from "./section";
import { useDemoStyle } from "./slots";

/**
 * The stacked look's title sizes. A plain map rather than cva: every demo page renders this
 * heading, and importing cva here split it into a chunk of its own that the form islands then
 * fetched too.
 */
const titleSizes = {
  md: "text-3xl sm:text-4xl",
  lg: "text-3xl sm:text-5xl",
  xl: "text-4xl sm:text-6xl",
} as const;

export type SectionHeadingProps = {
  /** Small line above the title (e.g. "What we do"). */
  eyebrow?: string;
  title: React.ReactNode;
  /** The intro under the title; a list gives one paragraph each. */
  description?: string | readonly string[];
  /**
   * "stack" (the default): a block of its own, styled by the frame and the demo's theme
   * (the `section-heading*` slots). "bare": no wrapper and no classes but the caller's, so a
   * demo lays eyebrow, title and intro out itself; its eyebrow is the demo's <Eyebrow> unless
   * eyebrowClassName is given.
   */
  look?: "stack" | "bare";
  align?: "left" | "center";
  /** Title size of the stacked look. */
  size?: keyof typeof titleSizes;
  /** "dark" and "primary" (set as data-tone) let the demo's style recolour the heading on a dark or primary band. */
  tone?: "default" | "dark" | "primary";
  /** Tone of the bare look's <Eyebrow>: "band" on a page header band. */
  eyebrowTone?: "default" | "band";
  /** Heading level; sections of a page are h2 (the page has one h1). */
  as?: "h1" | "h2" | "h3";
  /** Defaults to the enclosing DemoSection's titleId, so the section's name and its heading cannot drift apart. */
  id?: string;
  /** Classes of the stacked look's wrapper. */
  className?: string;
  eyebrowClassName?: string;
  titleClassName?: string;
  descriptionClassName?: string;
  children?: React.ReactNode;
};

/**
 * Eyebrow, title and intro of a demo section: one primitive, many looks (as shadcn/ui v4 does).
 * Every part carries a `data-slot` styling hook; the demo's theme styles the stacked look's slots.
 */
export function SectionHeading(props: SectionHeadingProps) {
  const {
    eyebrow,
    title,
    description,
    look = "stack",
    tone = "default",
    as: Heading = "h2",
    eyebrowClassName,
    titleClassName,
    descriptionClassName,
  } = props;
  const { slots, marks } = useDemoStyle();
  const sectionTitleId = useSectionTitleId();
  const id = props.id ?? sectionTitleId;
  const paragraphs =
    description === undefined ? [] : typeof description === "string" ? [description] : description;
  const themed = look === "stack";
  const eyebrowLine =
    eyebrow === undefined ? null : themed || eyebrowClassName ? (
      <p
        data-slot="section-heading-eyebrow"
        data-tone={themed ? tone : undefined}
        className={
          themed
            ? cn(
                "text-sm font-semibold uppercase tracking-[0.18em] text-primary",
                slots["section-heading-eyebrow"],
                eyebrowClassName,
              )
            : eyebrowClassName
        }
      >
        {eyebrow}
      </p>
    ) : (
      <Eyebrow tone={props.eyebrowTone}>{eyebrow}</Eyebrow>
    );
  const parts = (
    <>
      {eyebrowLine}
      <Heading
        id={id}
        data-slot="section-heading-title"
        className={
          themed
            ? cn(
                "mt-2 font-heading font-bold",
                titleSizes[props.size ?? "md"],
                slots["section-heading-title"],
                titleClassName,
              )
            : titleClassName
        }
      >
        {title}
      </Heading>
      {themed && marks.sectionHeadingRule}
      {paragraphs.map((p) => (
        <p
          key={p}
          data-slot="section-heading-text"
          data-tone={themed ? tone : undefined}
          className={
            themed
              ? cn(
                  "mt-4 text-base text-muted-foreground sm:text-lg",
                  slots["section-heading-text"],
                  descriptionClassName,
                )
              : descriptionClassName
          }
        >
          {p}
        </p>
      ))}
    </>
  );
  if (!themed) return parts;
  return (
    <div
      data-slot="section-heading"
      className={cn(
        "max-w-2xl",
        props.align === "center" && "mx-auto text-center",
        slots["section-heading"],
        props.className,
      )}
    >
      {parts}
      {props.children}
    </div>
  );
}
