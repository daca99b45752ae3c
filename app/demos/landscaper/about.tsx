import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StatsRow } from "~/demos/frame/stats-row";
import { TeamGrid } from "~/demos/frame/team-grid";
import { ValueGrid } from "~/demos/frame/value-grid";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";
import { GardenArt } from "./art";
import { aboutPage, home, pageSeo, stats, team, values } from "./content";
import { QuoteBand } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.about, path: "/demo/landscaper/about" });

export default function LandscaperAbout() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.eyebrow} title={aboutPage.title} text={aboutPage.story[0] ?? ""} />
      <section aria-label="Our story" className="py-16 sm:py-20">
        <Container className="grid items-center gap-10 lg:grid-cols-2">
          <div className="grid gap-5 text-lg">
            {aboutPage.story.slice(1).map((p) => (
              <p key={p.slice(0, 20)}>{p}</p>
            ))}
          </div>
          <div className="overflow-hidden rounded-3xl shadow-lg">
            <GardenArt
              id="la-story"
              scene="park"
              label="Illustration of a planted meadow and path, the kind of space the team builds"
              className="block h-auto w-full"
            />
          </div>
        </Container>
      </section>
      <DemoSection titleId="figures-title" className="bg-primary py-14 text-primary-foreground">
        <SectionHeading
          look="bare"
          title={aboutPage.figuresTitle}
          titleClassName="text-center font-heading text-2xl font-extrabold"
        />
        <StatsRow stats={stats} className="mt-8" numberClassName="font-extrabold" />
      </DemoSection>
      <DemoSection titleId="values-title" className="py-16 sm:py-20">
        <SectionHeading id="values-title" title={aboutPage.valuesTitle} align="center" />
        <ValueGrid values={values} />
      </DemoSection>
      <DemoSection titleId="team-title" className="bg-muted py-16 sm:py-20">
        <SectionHeading id="team-title" title={aboutPage.teamTitle} align="center" />
        <TeamGrid team={team} />
      </DemoSection>
      <QuoteBand {...home.closing} />
    </>
  );
}
