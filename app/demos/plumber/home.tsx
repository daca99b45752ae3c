import { ArrowRight } from "lucide-react";

import { Container } from "~/components/ui/container";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { ButtonLink } from "~/demos/frame/inert-action";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StarRating } from "~/demos/frame/star-rating";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";
import { PipeScene, Wave } from "./art";
import {
  contactPath,
  emergencyCta,
  hero,
  seoText,
  services,
  servicesIntro,
  steps,
  stepsIntro,
  testimonials,
  testimonialsIntro,
  trustPoints,
} from "./content";
import { BookButton, CallButton, EmergencyBar, IconBadge, PlumbingServiceCard } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.home, path: "/demo/plumber" });

function Hero() {
  return (
    <section aria-labelledby="pl-hero" className="bg-secondary text-secondary-foreground">
      <Container className="grid items-center gap-10 pt-12 pb-4 sm:pt-16 lg:grid-cols-2 lg:pt-20">
        <div>
          <SectionHeading
            look="bare"
            as="h1"
            id="pl-hero"
            eyebrow={hero.eyebrow}
            eyebrowTone="band"
            title={hero.title}
            titleClassName="mt-5 text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl"
            description={hero.text}
            descriptionClassName="mt-5 max-w-xl text-lg text-muted-foreground"
          />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={hero.primaryCta.to} size="lg" className="rounded-full">
              {hero.primaryCta.label} <ArrowRight aria-hidden />
            </ButtonLink>
            <BookButton label={hero.bookLabel} />
          </div>
          <p className="mt-8 flex items-center gap-3 text-sm">
            <StarRating rating={5} className="flex text-primary" />
            <span>
              <strong>{hero.rating.score}</strong> {hero.rating.label}
            </span>
          </p>
        </div>
        <PipeScene className="mx-auto h-auto w-full max-w-lg" />
      </Container>
      <Wave className="text-background" />
    </section>
  );
}

function Trust() {
  return (
    <section aria-label="Why homeowners choose Harbourline" className="py-10">
      <Container className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {trustPoints.map((t) => (
          <div key={t.title} className="flex items-start gap-4">
            <IconBadge icon={t.icon} className="size-12" />
            <div>
              <h2 className="font-heading text-lg font-semibold">{t.title}</h2>
              <p className="text-sm text-muted-foreground">{t.description}</p>
            </div>
          </div>
        ))}
      </Container>
    </section>
  );
}

function FeaturedServices() {
  return (
    <DemoSection titleId="pl-services" className="py-14 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <SectionHeading
          look="bare"
          eyebrow={servicesIntro.eyebrow}
          title={servicesIntro.title}
          titleClassName="mt-4 text-3xl font-bold sm:text-4xl"
          description={servicesIntro.text}
          descriptionClassName="mt-3 text-muted-foreground"
        />
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {services.map((s) => (
          <PlumbingServiceCard key={s.title} service={s} />
        ))}
      </div>
    </DemoSection>
  );
}

function Steps() {
  return (
    <DemoSection titleId="pl-steps" className="bg-muted py-14 sm:py-20">
      <div className="text-center">
        <SectionHeading
          look="bare"
          eyebrow={stepsIntro.eyebrow}
          eyebrowTone="band"
          title={stepsIntro.title}
          titleClassName="mt-4 text-3xl font-bold sm:text-4xl"
        />
      </div>
      <ol className="relative mt-12 grid gap-10 md:grid-cols-3">
        <span
          aria-hidden
          className="absolute top-8 right-[16%] left-[16%] hidden border-t-4 border-dashed border-primary/30 md:block"
        />
        {steps.map((s, i) => (
          <li key={s.title} className="relative text-center">
            <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary font-heading text-2xl font-bold text-primary-foreground ring-8 ring-muted">
              {i + 1}
            </span>
            <h3 className="mt-5 font-heading text-xl font-semibold">{s.title}</h3>
            <p className="mx-auto mt-2 max-w-xs text-muted-foreground">{s.text}</p>
          </li>
        ))}
      </ol>
    </DemoSection>
  );
}

function Testimonials() {
  return (
    <section aria-labelledby="pl-reviews" className="bg-foreground text-background">
      <Wave className="text-muted" flip />
      <Container className="py-14 sm:py-16">
        <SectionHeading
          look="bare"
          id="pl-reviews"
          eyebrow={testimonialsIntro.eyebrow}
          eyebrowClassName="text-sm font-semibold uppercase tracking-widest opacity-85"
          title={testimonialsIntro.title}
          titleClassName="mt-3 text-3xl font-bold sm:text-4xl"
        />
        <TestimonialGrid testimonials={testimonials} />
      </Container>
      <Wave className="text-background" />
    </section>
  );
}

function Emergency() {
  return (
    <DemoSection titleId="pl-emergency" className="py-14 sm:py-20">
      <div className="relative overflow-hidden rounded-[2rem] bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12">
        <svg
          aria-hidden
          viewBox="0 0 200 200"
          width="200"
          height="200"
          className="absolute -top-10 -right-10 size-48 opacity-15"
        >
          <path
            d="M100 10 C 60 70 40 100 40 130 a60 60 0 0 0 120 0 c0 -30 -20 -60 -60 -120 Z"
            fill="currentColor"
          />
        </svg>
        <SectionHeading
          look="bare"
          title={emergencyCta.title}
          titleClassName="mx-auto max-w-2xl text-3xl font-bold sm:text-4xl"
          description={emergencyCta.text}
          descriptionClassName="mx-auto mt-4 max-w-2xl opacity-90"
        />
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <CallButton label={emergencyCta.callLabel} />
          <ButtonLink to={contactPath} size="lg" variant="secondary" className="rounded-full">
            {emergencyCta.requestLabel}
          </ButtonLink>
        </div>
      </div>
    </DemoSection>
  );
}

export default function Page() {
  return (
    <>
      <EmergencyBar />
      <Hero />
      <Trust />
      <FeaturedServices />
      <Steps />
      <Testimonials />
      <Emergency />
      <DemoBanner />
    </>
  );
}
