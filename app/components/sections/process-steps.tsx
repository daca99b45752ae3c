import { homeSections, type ProcessStep } from "~/content/home";

import { SiteSection, SiteSectionHeading } from "./site-section";

/** The four-step process as an ordered list: the order is the meaning. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  const h = homeSections.process;
  return (
    <SiteSection id="process" tone="muted" aria-labelledby="process-title">
      <SiteSectionHeading id="process-title" eyebrow={h.eyebrow} title={h.title} intro={h.intro} />
      <ol className="relative mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((s, i) => (
          <li key={s.title} className="relative rounded-2xl border bg-card p-6 shadow-sm">
            <span
              aria-hidden
              className="flex size-11 items-center justify-center rounded-full border-2 border-primary bg-background font-heading text-lg font-extrabold text-primary"
            >
              {i + 1}
            </span>
            <h3 className="mt-5 text-lg font-bold">
              <span className="sr-only">Step {i + 1}: </span>
              {s.title}
            </h3>
            <p className="mt-2 leading-relaxed text-muted-foreground">{s.description}</p>
          </li>
        ))}
      </ol>
    </SiteSection>
  );
}
