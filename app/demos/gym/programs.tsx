import { Check } from "lucide-react";
import type { Route } from "./+types/programs";
import { programs, programsPage, seoText } from "./content";
import { Heading, ProgramCard, TrialBand } from "./sections";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ ...seoText.programs, path: "/demo/gym/programs" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={programsPage.kicker} title={programsPage.title} text={programsPage.text} />
      <section aria-labelledby="gym-list" className="py-16">
        <h2 id="gym-list" className="sr-only">
          {programsPage.listTitle}
        </h2>
        <Container className="grid gap-px bg-border sm:grid-cols-2 lg:grid-cols-3">
          {programs.map((p, i) => (
            <ProgramCard key={p.title} program={p} index={i} />
          ))}
        </Container>
      </section>
      <section aria-labelledby="gym-included" className="pb-20">
        <Container className="grid gap-8 border border-border bg-card p-8 sm:p-12 lg:grid-cols-[1fr_1.5fr] lg:items-center">
          <Heading id="gym-included" className="text-3xl sm:text-4xl">
            {programsPage.includedTitle}
          </Heading>
          <ul className="grid gap-4 sm:grid-cols-2">
            {programsPage.included.map((x) => (
              <li key={x} className="flex items-center gap-3 text-lg">
                <span className="flex size-7 shrink-0 items-center justify-center bg-primary text-primary-foreground">
                  <Check aria-hidden className="size-4" />
                </span>
                {x}
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <TrialBand />
      <div className="h-16" />
    </>
  );
}
