import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StatsRow } from "~/demos/frame/stats-row";
import { TeamGrid } from "~/demos/frame/team-grid";
import { Timeline } from "~/demos/frame/timeline";
import { ValueGrid } from "~/demos/frame/value-grid";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";
import { BakeryItemArt } from "./art";
import { aboutPage, pageSeo, stats, team, values } from "./content";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.about, path: "/demo/bakery/about" });

export default function BakeryAbout() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.eyebrow} title={aboutPage.title} text={aboutPage.lead} />
      <section aria-label="How it began" className="py-14 sm:py-20">
        <Container className="grid items-center gap-10 lg:grid-cols-[3fr_2fr]">
          <div className="grid gap-5 text-lg leading-relaxed">
            {aboutPage.story.map((p, i) => (
              <p
                key={p.slice(0, 20)}
                className={
                  i === 0
                    ? "font-heading text-2xl leading-snug first-letter:float-left first-letter:mr-2 first-letter:text-6xl first-letter:text-primary"
                    : undefined
                }
              >
                {p}
              </p>
            ))}
          </div>
          <BakeryItemArt
            kind="loaf"
            label="Illustration of the bakery's signature sourdough loaf"
            className="mx-auto h-auto w-full max-w-md"
          />
        </Container>
      </section>
      <section aria-label="Golden Crust in numbers" className="bg-primary py-12 text-primary-foreground">
        <Container>
          <StatsRow
            stats={stats}
            className="grid-cols-1 sm:grid-cols-3 lg:grid-cols-3"
            numberClassName="font-semibold"
            iconClassName="text-accent"
          />
        </Container>
      </section>
      <DemoSection titleId="timeline-title" className="py-14 sm:py-20" containerClassName="max-w-3xl">
        <SectionHeading
          look="bare"
          title={aboutPage.timelineTitle}
          titleClassName="text-center font-heading text-4xl font-semibold"
        />
        <Timeline entries={aboutPage.timeline.map((t) => ({ label: t.year, text: t.text }))} />
      </DemoSection>
      <DemoSection titleId="values-title" className="bg-secondary py-14 text-secondary-foreground sm:py-20">
        <SectionHeading
          look="bare"
          title={aboutPage.valuesTitle}
          titleClassName="text-center font-heading text-4xl font-semibold"
        />
        <ValueGrid values={values} />
      </DemoSection>
      <DemoSection titleId="team-title" className="py-14 sm:py-20">
        <div className="text-center">
          <SectionHeading
            look="bare"
            eyebrow={aboutPage.eyebrow}
            title={aboutPage.teamTitle}
            titleClassName="mt-1 font-heading text-4xl font-semibold"
          />
        </div>
        <TeamGrid team={team} />
      </DemoSection>
    </>
  );
}
