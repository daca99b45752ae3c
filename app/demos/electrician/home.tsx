import { Link } from "react-router";

import { Container } from "~/components/ui/container";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { ServiceCard } from "~/demos/frame/service-card";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";
import { BreakerPanel, CircuitHouse } from "./art";
import {
  aboutIntro,
  callToAction,
  hero,
  homeServices,
  homeServicesIntro,
  seoText,
  stats,
  testimonials,
  testimonialsIntro,
} from "./content";
import { CallButton, DarkBand, PrimaryLink } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.home, path: "/demo/electrician" });

function Hero() {
  return (
    <DarkBand aria-labelledby="el-hero-title">
      <Container className="grid items-center gap-10 py-16 sm:py-20 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div>
          <SectionHeading
            look="bare"
            as="h1"
            id="el-hero-title"
            eyebrow={hero.eyebrow}
            eyebrowTone="band"
            title={hero.title}
            titleClassName="mt-5 text-4xl font-bold leading-[1.05] sm:text-5xl lg:text-6xl"
            description={hero.text}
            descriptionClassName="mt-6 max-w-xl text-lg text-secondary-foreground/85"
          />
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <PrimaryLink to={hero.primaryCta.to}>{hero.primaryCta.label}</PrimaryLink>
            <CallButton label={hero.callLabel} onDark />
          </div>
          <CheckList
            items={hero.highlights}
            className="mt-8 grid gap-2 text-sm sm:grid-cols-3"
            itemClassName="flex items-center gap-2"
            iconClassName="size-4 text-primary"
          />
        </div>
        <CircuitHouse className="mx-auto h-auto w-full max-w-md" />
      </Container>
    </DarkBand>
  );
}

function StatsStrip() {
  return (
    <section aria-label="Brightline Electric in numbers" className="bg-primary text-primary-foreground">
      <Container className="grid grid-cols-2 gap-6 py-8 lg:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="flex items-center gap-3">
            <s.icon aria-hidden className="hidden size-8 shrink-0 sm:block" />
            <div>
              <p className="font-heading text-2xl font-bold sm:text-3xl">{s.number}</p>
              <p className="text-sm">{s.label}</p>
            </div>
          </div>
        ))}
      </Container>
    </section>
  );
}

function About() {
  return (
    <DemoSection
      titleId="el-about"
      className="py-16 sm:py-24"
      containerClassName="grid items-center gap-12 lg:grid-cols-2"
    >
      <BreakerPanel className="mx-auto h-auto w-full max-w-xs" />
      <div>
        <SectionHeading
          look="bare"
          eyebrow={aboutIntro.eyebrow}
          title={aboutIntro.title}
          titleClassName="mt-4 text-3xl font-bold sm:text-4xl"
          description={aboutIntro.paragraphs}
          descriptionClassName="mt-4 text-muted-foreground"
        />
        <CheckList
          items={aboutIntro.points}
          className="mt-6 grid gap-3 sm:grid-cols-2"
          itemClassName="flex items-center gap-2 font-medium"
          badgeClassName="flex size-6 items-center justify-center rounded-sm bg-primary text-primary-foreground"
          iconClassName="size-4"
        />
        <Link
          to={aboutIntro.link.to}
          className="mt-6 inline-block font-semibold text-accent underline underline-offset-4"
        >
          {aboutIntro.link.label}
        </Link>
      </div>
    </DemoSection>
  );
}

function Services() {
  return (
    <DemoSection titleId="el-services" className="bg-muted py-16 sm:py-24">
      <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
        <div>
          <SectionHeading
            look="bare"
            eyebrow={homeServicesIntro.eyebrow}
            title={homeServicesIntro.title}
            titleClassName="mt-4 text-3xl font-bold sm:text-4xl"
          />
        </div>
        <Link
          to={homeServicesIntro.link.to}
          className="font-semibold text-accent underline underline-offset-4"
        >
          {homeServicesIntro.link.label}
        </Link>
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {homeServices.map((s) => (
          <ServiceCard key={s.title} service={s} />
        ))}
      </div>
    </DemoSection>
  );
}

function Testimonials() {
  return (
    <DemoSection titleId="el-reviews" className="py-16 sm:py-24">
      <SectionHeading
        look="bare"
        eyebrow={testimonialsIntro.eyebrow}
        title={testimonialsIntro.title}
        titleClassName="mt-4 text-3xl font-bold sm:text-4xl"
      />
      <TestimonialGrid testimonials={testimonials} />
    </DemoSection>
  );
}

function CallToAction() {
  return (
    <DarkBand aria-labelledby="el-cta">
      <Container className="flex flex-col items-start gap-8 py-16 lg:flex-row lg:items-center lg:justify-between">
        <div className="border-l-4 border-primary pl-6">
          <SectionHeading
            look="bare"
            id="el-cta"
            title={callToAction.title}
            titleClassName="text-3xl font-bold sm:text-4xl"
            description={callToAction.text}
            descriptionClassName="mt-3 max-w-xl text-secondary-foreground/85"
          />
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <PrimaryLink to={callToAction.primary.to}>{callToAction.primary.label}</PrimaryLink>
          <CallButton label={callToAction.callLabel} onDark />
        </div>
      </Container>
    </DarkBand>
  );
}

export default function Page() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <About />
      <Services />
      <Testimonials />
      <CallToAction />
      <DemoBanner />
    </>
  );
}
