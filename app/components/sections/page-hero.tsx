import type * as React from "react";

import { Container } from "~/components/ui/container";

/** The headed band at the top of every site page except home. */
export function PageHero({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="border-b bg-gradient-to-b from-secondary to-background">
      <Container className="py-16 text-center sm:py-20">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>}
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold sm:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{children}</div>}
      </Container>
    </section>
  );
}
