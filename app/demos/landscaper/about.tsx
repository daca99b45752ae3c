import type { Route } from "./+types/about";
import { GardenArt } from "./art";
import { aboutPage, home, pageSeo, stats, team, values } from "./content";
import { QuoteBand } from "./sections";
import { Container } from "~/components/ui/container";
import { InitialsAvatar } from "~/demos/frame/initials-avatar";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StatsRow } from "~/demos/frame/stats-row";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";

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
            <GardenArt id="la-story" scene="park" label="Illustration of a planted meadow and path, the kind of space the team builds" className="block h-auto w-full" />
          </div>
        </Container>
      </section>
      <section aria-labelledby="figures-title" className="bg-primary py-14 text-primary-foreground">
        <Container>
          <h2 id="figures-title" className="text-center font-heading text-2xl font-extrabold">
            {aboutPage.figuresTitle}
          </h2>
          <StatsRow stats={stats} className="mt-8" numberClassName="font-extrabold" />
        </Container>
      </section>
      <section aria-labelledby="values-title" className="py-16 sm:py-20">
        <Container>
          <SectionHeading id="values-title" title={aboutPage.valuesTitle} align="center" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {values.map(({ icon: Icon, ...v }) => (
              <li key={v.title} className="rounded-2xl border bg-card p-7 text-center">
                <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-secondary text-accent">
                  <Icon aria-hidden className="size-7" />
                </span>
                <h3 className="mt-4 font-heading text-xl font-bold">{v.title}</h3>
                <p className="mt-2 text-muted-foreground">{v.description}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <section aria-labelledby="team-title" className="bg-muted py-16 sm:py-20">
        <Container>
          <SectionHeading id="team-title" title={aboutPage.teamTitle} align="center" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {team.map((m) => (
              <li key={m.name} className="rounded-2xl bg-card p-7 shadow-sm">
                <InitialsAvatar name={m.name} className="size-16 text-xl" />
                <h3 className="mt-4 font-heading text-xl font-bold">{m.name}</h3>
                <p className="text-sm font-semibold text-primary">{m.role}</p>
                <p className="mt-3 text-muted-foreground">{m.bio}</p>
                <p className="mt-3 text-sm text-muted-foreground">
                  {m.experience} · {m.specialty}
                </p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <QuoteBand {...home.closing} />
    </>
  );
}
