import { Check } from "lucide-react";
import * as React from "react";
import { Eyebrow } from "./eyebrow";
import { Container } from "~/components/ui/container";

const SectionIdContext = React.createContext<string | undefined>(undefined);

type DemoSectionProps = {
  /** The id of the section's title, which names the section for assistive technology. */
  titleId?: string;
  /** A name for a section without a visible title. */
  label?: string;
  className?: string;
  /** Classes of the inner Container (width, grid, padding). */
  containerClassName?: string;
  children: React.ReactNode;
};

/**
 * A band of a demo page: a named <section> around the page-width Container. Its SectionTitle
 * takes the id from it, so the name and the heading cannot drift apart.
 */
export function DemoSection({ titleId, label, className, containerClassName, children }: DemoSectionProps) {
  return (
    <section data-slot="demo-section" aria-labelledby={titleId} aria-label={label} className={className}>
      <SectionIdContext value={titleId}>
        <Container className={containerClassName}>{children}</Container>
      </SectionIdContext>
    </section>
  );
}

export type SectionTitleProps = {
  title: React.ReactNode;
  /** Small line above the title: the demo's <Eyebrow>, or a plain line when eyebrowClassName is given. */
  eyebrow?: string;
  eyebrowTone?: "default" | "band";
  eyebrowClassName?: string;
  /** The intro under the title; a list gives one paragraph each. */
  text?: string | readonly string[];
  textClassName?: string;
  /** Classes of the heading itself. */
  className?: string;
  as?: "h1" | "h2";
  /** Defaults to the enclosing DemoSection's titleId. */
  id?: string;
};

/**
 * Eyebrow, heading and intro of a demo section, without a wrapper of its own so each demo
 * lays them out; the demo's classes come in per call and its theme styles the eyebrow slot.
 */
export function SectionTitle({ title, eyebrow, eyebrowTone, eyebrowClassName, text, textClassName, className, as: Heading = "h2", id }: SectionTitleProps) {
  const sectionId = React.use(SectionIdContext);
  const paragraphs = text === undefined ? [] : typeof text === "string" ? [text] : text;
  return (
    <>
      {eyebrow !== undefined &&
        (eyebrowClassName ? (
          <p data-slot="section-eyebrow" className={eyebrowClassName}>
            {eyebrow}
          </p>
        ) : (
          <Eyebrow tone={eyebrowTone}>{eyebrow}</Eyebrow>
        ))}
      <Heading id={id ?? sectionId} data-slot="section-title" className={className}>
        {title}
      </Heading>
      {paragraphs.map((p) => (
        <p key={p} data-slot="section-text" className={textClassName}>
          {p}
        </p>
      ))}
    </>
  );
}

/**
 * A list of short points each led by an icon (a tick unless told otherwise). `badgeClassName`
 * puts the icon on a filled badge; the demo gives every class.
 */
export function CheckList({
  items,
  className,
  itemClassName,
  iconClassName,
  badgeClassName,
  icon: Icon = Check,
}: {
  items: readonly string[];
  className?: string;
  itemClassName?: string;
  iconClassName?: string;
  badgeClassName?: string;
  /** A lucide icon, or "span" for a shape drawn with the icon classes alone. */
  icon?: React.ElementType<{ className?: string; "aria-hidden"?: boolean }>;
}) {
  return (
    <ul data-slot="check-list" className={className}>
      {items.map((item) => (
        <li key={item} data-slot="check-item" className={itemClassName}>
          {badgeClassName ? (
            <span data-slot="check-badge" className={badgeClassName}>
              <Icon aria-hidden className={iconClassName} />
            </span>
          ) : (
            <Icon aria-hidden className={iconClassName} />
          )}
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps ("1 Call us, 2 …"), each number on the demo's badge; the demo gives every class. */
export function StepList({ steps, className, itemClassName, numberClassName, textClassName }: { steps: readonly string[]; className?: string; itemClassName?: string; numberClassName?: string; textClassName?: string }) {
  return (
    <ol data-slot="step-list" className={className}>
      {steps.map((step, i) => (
        <li key={step} data-slot="step" className={itemClassName}>
          <span data-slot="step-number" className={numberClassName}>
            {i + 1}
          </span>
          {textClassName ? <span className={textClassName}>{step}</span> : step}
        </li>
      ))}
    </ol>
  );
}
