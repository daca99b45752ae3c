import { Container } from "~/components/ui/container";
import { initials } from "~/demos/frame/initials-avatar";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";
import { Kettlebell } from "./art";
import { aboutPage, coaches, seoText } from "./content";
import { Heading } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.about, path: "/demo/gym/about" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.kicker} title={aboutPage.title} text={aboutPage.text} />
      <DemoSection
        titleId="gym-story"
        className="py-16 sm:py-24"
        containerClassName="grid items-center gap-12 lg:grid-cols-[1.3fr_1fr]"
      >
        <div>
          <Heading
            title={aboutPage.storyTitle}
            description={aboutPage.story}
            descriptionClassName="mt-5 text-lg text-muted-foreground"
          />
        </div>
        <Kettlebell className="mx-auto h-auto w-full max-w-xs" />
      </DemoSection>
      <section aria-label="Ironside in numbers" className="bg-primary text-primary-foreground">
        <Container className="grid grid-cols-2 gap-8 py-12 lg:grid-cols-4">
          {aboutPage.stats.map((s) => (
            <div key={s.label}>
              <p className="font-heading text-5xl font-bold">{s.number}</p>
              <p className="mt-1 text-sm font-semibold tracking-widest uppercase">{s.label}</p>
            </div>
          ))}
        </Container>
      </section>
      <DemoSection titleId="gym-coaches" className="py-16 sm:py-24">
        <Heading eyebrow="Team" titleClassName="mt-3" title={aboutPage.coachesTitle} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {coaches.map((c) => (
            <li key={c.name} className="border border-border bg-card">
              <div
                aria-hidden
                className="relative flex aspect-[4/3] items-end overflow-hidden bg-secondary p-5"
              >
                <svg
                  viewBox="0 0 200 120"
                  width="200"
                  height="120"
                  className="absolute -top-4 -right-6 h-auto w-52"
                >
                  <text
                    x="200"
                    y="110"
                    textAnchor="end"
                    fontFamily="Oswald Variable, sans-serif"
                    fontWeight="700"
                    fontSize="128"
                    fill="currentColor"
                    className="text-background/60"
                  >
                    {initials(c.name)}
                  </text>
                </svg>
                <span className="h-2 w-16 -skew-x-12 bg-primary" />
              </div>
              <div className="p-5">
                <h3 className="font-heading text-2xl font-bold uppercase">{c.name}</h3>
                <p className="text-sm font-semibold tracking-wider text-primary uppercase">{c.role}</p>
                <p className="mt-1 text-sm text-accent">{c.specialty}</p>
                <p className="mt-3 text-sm text-muted-foreground">{c.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </DemoSection>
      <DemoSection titleId="gym-values" className="border-t border-border bg-secondary py-16 sm:py-20">
        <Heading title={aboutPage.valuesTitle} />
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {aboutPage.values.map((v, i) => (
            <li key={v.title} className="border-t-4 border-primary pt-5">
              <p aria-hidden className="font-heading text-5xl font-bold text-primary">
                {String(i + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-2 font-heading text-2xl font-bold uppercase">{v.title}</h3>
              <p className="mt-2 text-muted-foreground">{v.text}</p>
            </li>
          ))}
        </ol>
      </DemoSection>
    </>
  );
}
