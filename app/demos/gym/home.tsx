import { Link } from "react-router";

import { Container } from "~/components/ui/container";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { ButtonLink } from "~/demos/frame/inert-action";
import { DemoSection } from "~/demos/frame/section";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";
import { LoadedBarbell } from "./art";
import {
  features,
  hero,
  programs,
  programsIntro,
  schedule,
  seoText,
  stats,
  testimonials,
  testimonialsIntro,
  trial,
} from "./content";
import { Heading, ProgramCard, TrialBand } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.home, path: "/demo/gym" });

function Hero() {
  return (
    <DemoSection
      titleId="gym-hero"
      className="relative overflow-hidden"
      containerClassName="grid items-center gap-8 py-14 sm:py-20 lg:grid-cols-[1.1fr_0.9fr]"
    >
      <div>
        <p className="inline-block -skew-x-12 bg-accent px-3 py-1 font-heading text-sm font-bold tracking-[0.2em] text-accent-foreground uppercase">
          <span className="inline-block skew-x-12">{trial.badge}</span>
        </p>
        <Eyebrow className="mt-6">{hero.kicker}</Eyebrow>
        <h1
          id="gym-hero"
          className="mt-4 font-heading text-7xl leading-[0.85] font-bold uppercase sm:text-8xl lg:text-9xl"
        >
          {hero.titleLines.map((line, i) => (
            <span key={line} className={i === hero.titleLines.length - 1 ? "block text-primary" : "block"}>
              {line}
              {i < hero.titleLines.length - 1 ? " " : ""}
            </span>
          ))}
        </h1>
        <p className="mt-8 max-w-lg text-lg text-muted-foreground">{hero.text}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <ButtonLink
            to={hero.primaryCta.to}
            size="lg"
            className="font-heading text-base tracking-widest uppercase"
          >
            {hero.primaryCta.label}
          </ButtonLink>
          <ButtonLink
            to={hero.programsLink.to}
            size="lg"
            variant="outline"
            className="font-heading text-base tracking-widest uppercase"
          >
            {hero.programsLink.label}
          </ButtonLink>
        </div>
      </div>
      <LoadedBarbell className="mx-auto h-auto w-full max-w-xl" />
    </DemoSection>
  );
}

function Stats() {
  return (
    <section aria-label="Ironside in numbers" className="border-y border-border bg-secondary">
      <Container className="grid grid-cols-2 lg:grid-cols-4">
        {stats.map((s, i) => (
          <div
            key={s.label}
            className={
              i % 2
                ? "border-l border-border py-8 pl-6"
                : "py-8 lg:border-l lg:border-border lg:pl-6 lg:first:border-l-0 lg:first:pl-0"
            }
          >
            <p className="font-heading text-4xl font-bold text-primary sm:text-5xl">{s.number}</p>
            <p className="mt-1 text-sm tracking-widest text-muted-foreground uppercase">{s.label}</p>
          </div>
        ))}
      </Container>
    </section>
  );
}

function Programs() {
  return (
    <DemoSection titleId="gym-programs" className="py-16 sm:py-24">
      <div className="flex flex-col justify-between gap-4 lg:flex-row lg:items-end">
        <div>
          <Heading
            eyebrow={programsIntro.kicker}
            titleClassName="mt-3"
            title={programsIntro.title}
            description={programsIntro.text}
            descriptionClassName="mt-4 max-w-xl text-muted-foreground"
          />
        </div>
        <Link
          to={programsIntro.allLink.to}
          className="font-heading tracking-widest text-primary uppercase underline underline-offset-8"
        >
          {programsIntro.allLink.label}
        </Link>
      </div>
      <div className="mt-12 grid gap-px bg-border sm:grid-cols-2 lg:grid-cols-3">
        {programs.map((p, i) => (
          <ProgramCard key={p.title} program={p} index={i} />
        ))}
      </div>
    </DemoSection>
  );
}

function Features() {
  return (
    <DemoSection
      titleId="gym-why"
      className="bg-secondary py-16 sm:py-24"
      containerClassName="grid gap-12 lg:grid-cols-2"
    >
      <div>
        <Heading eyebrow={features.kicker} titleClassName="mt-3" title={features.title} />
      </div>
      <ul className="grid gap-8 sm:grid-cols-2">
        {features.items.map((f) => (
          <li key={f.title}>
            <f.icon aria-hidden className="size-8 text-accent" />
            <h3 className="mt-3 font-heading text-xl font-bold tracking-wide uppercase">{f.title}</h3>
            <p className="mt-1 text-muted-foreground">{f.text}</p>
          </li>
        ))}
      </ul>
    </DemoSection>
  );
}

function Timetable() {
  return (
    <DemoSection titleId="gym-timetable" className="py-16 sm:py-24">
      <Heading eyebrow={schedule.kicker} titleClassName="mt-3" title={schedule.title} />
      <div
        className="scroll-cue mt-10 overflow-x-auto border border-border"
        tabIndex={0}
        role="region"
        aria-label="Class timetable, scrolls sideways on small screens"
      >
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="bg-secondary font-heading tracking-widest uppercase">
            <tr>
              <th scope="col" className="p-4">
                Time
              </th>
              {schedule.days.map((d) => (
                <th key={d} scope="col" className="p-4">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {schedule.rows.map((r) => (
              <tr key={r.time} className="border-t border-border">
                <th scope="row" className="p-4 font-heading font-semibold whitespace-nowrap text-primary">
                  {r.time}
                </th>
                {r.classes.map((c, i) => (
                  <td key={i} className="p-4">
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DemoSection>
  );
}

function Testimonials() {
  return (
    <DemoSection titleId="gym-reviews" className="pb-20">
      <Heading eyebrow={testimonialsIntro.kicker} titleClassName="mt-3" title={testimonialsIntro.title} />
      <TestimonialGrid testimonials={testimonials} caption="inline" />
    </DemoSection>
  );
}

export default function Page() {
  return (
    <>
      <Hero />
      <Stats />
      <Programs />
      <Features />
      <Timetable />
      <Testimonials />
      <TrialBand />
      <div className="h-16" />
      <DemoBanner />
    </>
  );
}
