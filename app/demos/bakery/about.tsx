import type { Route } from "./+types/about";
import { BakeryItemArt } from "./art";
import { aboutPage, pageSeo, stats, team, values } from "./content";
import { Container } from "~/components/ui/container";
import { StatsRow } from "~/demos/frame/stats-row";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";
import { TeamGrid } from "~/demos/frame/team-grid";
import { ValueGrid } from "~/demos/frame/value-grid";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.about, path: "/demo/bakery/about" });

export default function BakeryAbout() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.eyebrow} title={aboutPage.title} text={aboutPage.lead} />
      <section aria-label="How it began" className="py-14 sm:py-20">
        <Container className="grid items-center gap-10 lg:grid-cols-[3fr_2fr]">
          <div className="grid gap-5 text-lg leading-relaxed">
            {aboutPage.story.map((p, i) => (
              <p key={p.slice(0, 20)} className={i === 0 ? "font-heading text-2xl leading-snug first-letter:float-left first-letter:mr-2 first-letter:text-6xl first-letter:text-primary" : undefined}>
                {p}
              </p>
            ))}
          </div>
          <BakeryItemArt kind="loaf" label="Illustration of the bakery's signature sourdough loaf" className="mx-auto h-auto w-full max-w-md" />
        </Container>
      </section>
      <section aria-label="Golden Crust in numbers" className="bg-primary py-12 text-primary-foreground">
        <Container>
          <StatsRow stats={stats} className="grid-cols-1 sm:grid-cols-3 lg:grid-cols-3" numberClassName="font-semibold" iconClassName="text-accent" />
        </Container>
      </section>
      <section aria-labelledby="timeline-title" className="py-14 sm:py-20">
        <Container className="max-w-3xl">
          <h2 id="timeline-title" className="text-center font-heading text-4xl font-semibold">
            {aboutPage.timelineTitle}
          </h2>
          <ol className="mt-10 grid gap-6 border-l-2 border-dashed border-accent pl-6">
            {aboutPage.timeline.map((t) => (
              <li key={t.year} className="relative">
                <span aria-hidden className="absolute top-1.5 -left-[2.05rem] size-4 rounded-full border-4 border-background bg-primary" />
                <p className="font-heading text-2xl font-semibold text-primary">{t.year}</p>
                <p className="mt-1 text-lg">{t.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>
      <section aria-labelledby="values-title" className="bg-secondary py-14 text-secondary-foreground sm:py-20">
        <Container>
          <h2 id="values-title" className="text-center font-heading text-4xl font-semibold">
            {aboutPage.valuesTitle}
          </h2>
          <ValueGrid values={values} />
        </Container>
      </section>
      <section aria-labelledby="team-title" className="py-14 sm:py-20">
        <Container>
          <div className="text-center">
            <Eyebrow>{aboutPage.eyebrow}</Eyebrow>
            <h2 id="team-title" className="mt-1 font-heading text-4xl font-semibold">
              {aboutPage.teamTitle}
            </h2>
          </div>
          <TeamGrid team={team} />
        </Container>
      </section>
    </>
  );
}
