import { ArrowRight, BadgeCheck } from "lucide-react";
import { Link } from "react-router";

import { Container } from "~/components/ui/container";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { ButtonLink, CallAction } from "~/demos/frame/inert-action";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StatsRow } from "~/demos/frame/stats-row";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";
import { GardenArt } from "./art";
import { home, pageSeo, stats } from "./content";
import { QuoteBand, TestimonialStrip } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.home, path: "/demo/landscaper" });

function Hero() {
  const { hero } = home;
  return (
    <section className="relative overflow-hidden bg-secondary">
      <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          <Eyebrow>{hero.eyebrow}</Eyebrow>
          <h1 className="mt-4 font-heading text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">{hero.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={hero.primaryCta.to} size="lg">
              {hero.primaryCta.label} <ArrowRight aria-hidden />
            </ButtonLink>
            <CallAction label={hero.secondaryCta} variant="outline" />
          </div>
          <CheckList
            items={hero.badges}
            className="mt-8 flex flex-wrap gap-x-5 gap-y-2 text-sm"
            itemClassName="flex items-center gap-1.5"
            iconClassName="size-4 text-primary"
            icon={BadgeCheck}
          />
        </div>
        <div className="overflow-hidden rounded-[2rem] shadow-xl ring-8 ring-card">
          <GardenArt id="lh-hero" scene="hero" label={hero.art} className="block h-auto w-full" />
        </div>
      </Container>
    </section>
  );
}

function Figures() {
  return (
    <section aria-label="Evergreen in numbers" className="border-b bg-card">
      <Container className="py-10">
        <StatsRow stats={stats} iconClassName="text-accent" numberClassName="font-extrabold text-primary" />
      </Container>
    </section>
  );
}

function LinkCards() {
  return (
    <DemoSection titleId="explore-title" className="py-16 sm:py-24">
      <SectionHeading id="explore-title" {...home.cardsIntro} align="center" />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {home.cards.map(({ icon: Icon, ...c }) => (
          <li key={c.title}>
            <Link
              to={c.link.to}
              className="group flex h-full flex-col rounded-2xl border bg-card p-7 shadow-sm transition hover:-translate-y-1 hover:border-primary hover:shadow-lg"
            >
              <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary transition group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon aria-hidden className="size-7" />
              </span>
              <h3 className="mt-5 font-heading text-2xl font-bold">{c.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{c.description}</p>
              <span className="mt-6 inline-flex items-center gap-2 font-heading text-sm font-bold text-primary">
                {c.link.label}{" "}
                <ArrowRight aria-hidden className="size-4 transition group-hover:translate-x-1" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </DemoSection>
  );
}

export default function LandscaperHome() {
  return (
    <>
      <Hero />
      <Figures />
      <LinkCards />
      <div className="bg-muted">
        <TestimonialStrip {...home.testimonialsIntro} />
      </div>
      <QuoteBand {...home.closing} />
      <DemoBanner />
    </>
  );
}
