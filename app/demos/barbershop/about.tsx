import type { Route } from "./+types/about";
import { BarberPole, Monogram, ShopSeal } from "./art";
import { aboutPage, barbers, hero, reasons, seoText, site } from "./content";
import { SectionTitle } from "./sections";
import { Container } from "~/components/ui/container";
import { initials } from "~/demos/frame/initials-avatar";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";
import { ValueGrid } from "~/demos/frame/value-grid";

export const meta: Route.MetaFunction = () => seo({ ...seoText.about, path: "/demo/barbershop/about" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.eyebrow} title={aboutPage.title} />
      <section aria-labelledby="bb-story" className="py-16 sm:py-20">
        <Container className="grid items-center gap-12 md:grid-cols-[auto_1fr] lg:grid-cols-[auto_1fr_auto]">
          <BarberPole className="mx-auto hidden h-72 w-auto md:block" />
          <div className="max-w-2xl">
            <h2 id="bb-story" className="text-3xl font-bold italic sm:text-4xl">
              {aboutPage.storyTitle}
            </h2>
            {aboutPage.story.map((p) => (
              <p key={p} className="mt-5 text-lg leading-relaxed">
                {p}
              </p>
            ))}
          </div>
          <ShopSeal name={site.name} established={hero.established} className="hidden size-56 text-primary lg:block" />
        </Container>
      </section>
      <section aria-labelledby="bb-values" className="bg-muted py-16 sm:py-20">
        <Container>
          <SectionTitle title={aboutPage.valuesTitle} id="bb-values" />
          <ValueGrid values={aboutPage.values} />
        </Container>
      </section>
      <section aria-labelledby="bb-barbers" className="py-16 sm:py-20">
        <Container>
          <SectionTitle title={aboutPage.barbersTitle} id="bb-barbers" />
          <ul className="mt-12 flex flex-wrap justify-center gap-6">
            {barbers.map((b) => (
              <li key={b.name} className="flex w-full flex-col items-center border border-border bg-card p-6 text-center sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
                <Monogram initials={initials(b.name)} className="size-24" />
                <h3 className="mt-4 font-heading text-2xl font-bold">{b.name}</h3>
                <p className="text-sm font-semibold tracking-widest text-primary uppercase">{b.role}</p>
                <dl className="mt-4 grid w-full grid-cols-2 gap-2 border-y border-border py-3 text-sm">
                  <div>
                    <dt className="text-muted-foreground">Experience</dt>
                    <dd className="font-semibold">{b.experience}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Specialty</dt>
                    <dd className="font-semibold">{b.specialty}</dd>
                  </div>
                </dl>
                <p className="mt-4 text-sm leading-relaxed">{b.bio}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <section aria-labelledby="bb-reasons" className="bg-secondary py-16 text-secondary-foreground sm:py-20">
        <Container>
          <SectionTitle title={aboutPage.reasonsTitle} id="bb-reasons" onDark />
          <ul className="mt-12 grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
            {reasons.map((r) => (
              <li key={r.title} className="flex gap-4">
                <r.icon aria-hidden className="size-7 shrink-0 text-accent" />
                <div>
                  <h3 className="font-heading text-xl font-bold">{r.title}</h3>
                  <p className="mt-1 opacity-90">{r.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
