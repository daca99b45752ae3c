import { PageHeader } from "~/demos/frame/page-header";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/programs";
import { programs, programsPage, seoText } from "./content";
import { Heading, ProgramCard, TrialBand } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.programs, path: "/demo/gym/programs" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={programsPage.kicker} title={programsPage.title} text={programsPage.text} />
      <DemoSection titleId="gym-list" className="py-16">
        <SectionHeading look="bare" title={programsPage.listTitle} titleClassName="sr-only" />
        {/* The grid sits inside the page column: its 1px gaps show the border colour behind the cards. */}
        <div className="grid gap-px bg-border sm:grid-cols-2 lg:grid-cols-3">
          {programs.map((p, i) => (
            <ProgramCard key={p.title} program={p} index={i} />
          ))}
        </div>
      </DemoSection>
      <DemoSection titleId="gym-included" className="pb-20">
        <div className="grid gap-8 border border-border bg-card p-8 sm:p-12 lg:grid-cols-[1fr_1.5fr] lg:items-center">
          <Heading titleClassName="text-3xl sm:text-4xl" title={programsPage.includedTitle} />
          <CheckList
            items={programsPage.included}
            className="grid gap-4 sm:grid-cols-2"
            itemClassName="flex items-center gap-3 text-lg"
            badgeClassName="flex size-7 shrink-0 items-center justify-center bg-primary text-primary-foreground"
            iconClassName="size-4"
          />
        </div>
      </DemoSection>
      <TrialBand />
      <div className="h-16" />
    </>
  );
}
