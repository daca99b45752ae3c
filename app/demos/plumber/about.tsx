import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { TeamGrid } from "~/demos/frame/team-grid";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";
import { ServiceVan, Wave } from "./art";
import { aboutPage, seoText } from "./content";
import { IconBadge } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.about, path: "/demo/plumber/about" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.eyebrow} title={aboutPage.title} text={aboutPage.text} />
      <DemoSection
        titleId="pl-story"
        className="pb-16"
        containerClassName="grid items-center gap-12 lg:grid-cols-2"
      >
        <div>
          <SectionHeading
            look="bare"
            title={aboutPage.storyTitle}
            titleClassName="text-3xl font-bold sm:text-4xl"
            description={aboutPage.story}
            descriptionClassName="mt-4 leading-relaxed text-muted-foreground"
          />
        </div>
        <ServiceVan className="mx-auto h-auto w-full max-w-lg" />
      </DemoSection>
      <section aria-label="Harbourline in numbers" className="bg-primary text-primary-foreground">
        <Container className="grid grid-cols-2 gap-8 py-12 text-center lg:grid-cols-4">
          {aboutPage.stats.map((s) => (
            <div key={s.label}>
              <p className="font-heading text-4xl font-bold">{s.number}</p>
              <p className="mt-1 text-sm opacity-90">{s.label}</p>
            </div>
          ))}
        </Container>
      </section>
      <DemoSection titleId="pl-values" className="py-16">
        <SectionHeading
          look="bare"
          title={aboutPage.valuesTitle}
          titleClassName="text-center text-3xl font-bold sm:text-4xl"
        />
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {aboutPage.values.map((v) => (
            <Card key={v.title} className="items-center rounded-3xl p-8 text-center">
              <IconBadge icon={v.icon} />
              <h3 className="font-heading text-xl font-semibold">{v.title}</h3>
              <p className="text-muted-foreground">{v.description}</p>
            </Card>
          ))}
        </div>
      </DemoSection>
      <section aria-labelledby="pl-team" className="bg-muted">
        <Wave className="text-background" flip />
        <Container className="py-14">
          <SectionHeading
            look="bare"
            id="pl-team"
            title={aboutPage.teamTitle}
            titleClassName="text-center text-3xl font-bold sm:text-4xl"
          />
          <TeamGrid team={aboutPage.team} />
        </Container>
      </section>
    </>
  );
}
