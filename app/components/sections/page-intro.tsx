import type * as React from "react";

import type { PageCopy } from "~/content/pages";

import { PageHero } from "./page-hero";

/** A page's hero band from its copy module entry. */
export function PageIntro({ copy, children }: { copy: PageCopy; children?: React.ReactNode }) {
  return (
    <PageHero eyebrow={copy.eyebrow} title={copy.title}>
      <p>{copy.intro}</p>
      {children}
    </PageHero>
  );
}
