import { Check } from "lucide-react";
import * as React from "react";

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
 * A band of a demo page: a named <section> around the page-width Container. Its SectionHeading
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

/** The titleId of the enclosing DemoSection, which its SectionHeading takes by default. */
export function useSectionTitleId() {
  return React.use(SectionIdContext);
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
export function StepList({
  steps,
  className,
  itemClassName,
  numberClassName,
  textClassName,
}: {
  steps: readonly string[];
  className?: string;
  itemClassName?: string;
  numberClassName?: string;
  textClassName?: string;
}) {
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
