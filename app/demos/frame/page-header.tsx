import type * as React from "react";

import { Container } from "~/components/ui/container";

import { Eyebrow } from "./eyebrow";
import { useDemoStyle } from "./slots";

/** The band that opens an inner demo page with its single h1; the demo's theme styles and decorates it. */
export function PageHeader({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow: string;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  const { slots, marks } = useDemoStyle();
  return (
    <section data-slot="page-header" className={slots["page-header"]}>
      <div data-slot="page-header-band" className={slots["page-header-band"]}>
        {marks.pageHeaderBackdrop}
        <Container data-slot="page-header-inner" className={slots["page-header-inner"]}>
          <Eyebrow tone="band">{eyebrow}</Eyebrow>
          <h1 data-slot="page-header-title" className={slots["page-header-title"]}>
            {title}
          </h1>
          {marks.pageHeaderRule}
          {text && (
            <p data-slot="page-header-text" className={slots["page-header-text"]}>
              {text}
            </p>
          )}
          {children}
        </Container>
      </div>
      {marks.pageHeaderEnd}
    </section>
  );
}
