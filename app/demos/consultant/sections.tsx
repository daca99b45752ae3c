import { ArrowRight, Clock } from "lucide-react";

import { Container } from "~/components/ui/container";
import { ContactDetails } from "~/demos/frame/contact-card";
import { HoursTable } from "~/demos/frame/hours-table";
import { ButtonLink, CallAction, InertAction } from "~/demos/frame/inert-action";
import { InitialsAvatar } from "~/demos/frame/initials-avatar";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { ServiceCard } from "~/demos/frame/service-card";
import { StatsRow } from "~/demos/frame/stats-row";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";

import { SummitChart } from "./art";
import {
  about,
  contactBlock,
  hero,
  industries,
  industriesIntro,
  process,
  processIntro,
  resultsIntro,
  services,
  servicesIntro,
  site,
  stats,
  team,
  testimonials,
  testimonialsIntro,
} from "./content";

export function ConsultantHero() {
  return (
    <section className="relative overflow-hidden border-b">
      <Container className="grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">{hero.eyebrow}</p>
          <h1 className="mt-4 font-heading text-4xl font-semibold leading-[1.1] sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">{hero.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <InertAction size="lg">{hero.primaryCta}</InertAction>
            <ButtonLink to={hero.secondaryCta.to} size="lg" variant="outline">
              {hero.secondaryCta.label} <ArrowRight aria-hidden />
            </ButtonLink>
          </div>
          <dl className="mt-10 grid max-w-md grid-cols-2 gap-6 border-t pt-6">
            {hero.proof.map((p) => (
              <div key={p.label} className="flex flex-col">
                <dt className="text-sm text-muted-foreground">{p.label}</dt>
                <dd className="order-first font-heading text-3xl font-semibold text-primary">{p.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative">
          <div
            aria-hidden
            className="absolute -inset-3 -z-10 translate-x-4 translate-y-4 rounded bg-secondary"
          />
          <SummitChart label={hero.art} />
        </div>
      </Container>
    </section>
  );
}

export function ConsultantServices() {
  return (
    <section id="services" aria-labelledby="services-title" className="py-16 sm:py-24">
      <Container>
        <SectionHeading id="services-title" {...servicesIntro} />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {services.map((s) => (
            <ServiceCard key={s.title} service={s} />
          ))}
        </div>
      </Container>
    </section>
  );
}

export function ConsultantResults() {
  return (
    <DemoSection titleId="results-title" className="bg-primary py-16 text-primary-foreground sm:py-20">
      <div className="flex flex-col gap-2 text-center">
        <SectionHeading
          look="bare"
          eyebrow={resultsIntro.eyebrow}
          eyebrowClassName="text-sm font-semibold uppercase tracking-[0.2em] opacity-85"
          title={resultsIntro.title}
          titleClassName="font-heading text-3xl font-semibold sm:text-4xl"
        />
      </div>
      <StatsRow
        stats={stats}
        className="mt-12 gap-y-10"
        iconClassName="text-accent"
        numberClassName="text-4xl sm:text-5xl font-semibold"
      />
    </DemoSection>
  );
}

export function ConsultantProcess() {
  return (
    <DemoSection titleId="process-title" className="py-16 sm:py-24">
      <SectionHeading id="process-title" {...processIntro} align="center" />
      <ol className="relative mt-14 grid gap-10 md:grid-cols-4 md:gap-6">
        <span aria-hidden className="absolute top-7 right-[12%] left-[12%] hidden h-px bg-border md:block" />
        {process.map((p) => (
          <li key={p.title} className="relative flex gap-5 md:flex-col md:items-center md:text-center">
            <span className="relative flex size-14 shrink-0 items-center justify-center rounded-full border-2 border-accent bg-background font-heading text-lg font-semibold text-primary">
              {p.step}
            </span>
            <div>
              <h3 className="font-heading text-xl font-semibold">{p.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{p.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </DemoSection>
  );
}

export function ConsultantAbout() {
  return (
    <section id="about" aria-labelledby="about-title" className="border-y bg-muted py-16 sm:py-24">
      <Container className="grid gap-12 lg:grid-cols-2">
        <div>
          <SectionHeading id="about-title" eyebrow={about.eyebrow} title={about.title} />
          {about.paragraphs.map((p) => (
            <p key={p.slice(0, 24)} className="mt-5 text-muted-foreground">
              {p}
            </p>
          ))}
          <ul className="mt-6 flex flex-wrap gap-2">
            {about.highlights.map((h) => (
              <li
                key={h}
                className="rounded-full border border-accent bg-background px-3 py-1 text-sm font-medium"
              >
                {h}
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-4 self-center">
          {team.map((m) => (
            <li key={m.name} className="flex gap-4 rounded border bg-card p-5">
              <InitialsAvatar name={m.name} className="size-14 text-lg" />
              <div>
                <h3 className="font-heading text-lg font-semibold">{m.name}</h3>
                <p className="text-sm font-medium text-primary">{m.role}</p>
                <p className="mt-1 text-sm text-muted-foreground">{m.bio}</p>
                <p className="mt-2 text-xs text-muted-foreground">
                  {m.experience} · {m.specialty}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function ConsultantTestimonials() {
  return (
    <DemoSection titleId="testimonials-title" className="py-16 sm:py-24">
      <SectionHeading id="testimonials-title" {...testimonialsIntro} />
      <TestimonialGrid testimonials={testimonials} mark="both" />
    </DemoSection>
  );
}

export function ConsultantIndustries() {
  return (
    <DemoSection titleId="industries-title" className="bg-secondary py-16 text-secondary-foreground sm:py-20">
      <SectionHeading id="industries-title" {...industriesIntro} align="center" />
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {industries.map(({ icon: Icon, name }) => (
          <li
            key={name}
            className="flex items-center gap-3 rounded border border-accent/40 bg-background p-4 text-sm font-medium sm:text-base"
          >
            <Icon aria-hidden className="size-5 shrink-0 text-primary" />
            {name}
          </li>
        ))}
      </ul>
    </DemoSection>
  );
}

export function ConsultantContact() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="py-16 sm:py-24">
      <Container>
        <div className="grid gap-10 overflow-hidden rounded bg-primary p-8 text-primary-foreground sm:p-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              look="bare"
              id="contact-title"
              eyebrow={contactBlock.eyebrow}
              eyebrowClassName="text-sm font-semibold uppercase tracking-[0.2em] opacity-85"
              title={contactBlock.title}
              titleClassName="mt-2 font-heading text-3xl font-semibold sm:text-4xl"
              description={contactBlock.description}
              descriptionClassName="mt-4 opacity-90"
            />
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <InertAction size="lg" variant="accent">
                {contactBlock.primaryCta}
              </InertAction>
              <CallAction
                label={contactBlock.secondaryCta}
                variant="outline"
                className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
              />
            </div>
          </div>
          <div className="grid gap-6 rounded bg-primary-foreground/5 p-6 ring-1 ring-primary-foreground/15">
            <ContactDetails
              contact={site.contact}
              labels={contactBlock.labels}
              fields={["phone", "email", "address"]}
              className="grid gap-4"
              itemClassName="relative pl-8"
              termClassName="text-xs font-semibold uppercase tracking-wider opacity-85"
              iconClassName="absolute top-0.5 left-0 size-5 text-accent"
              valueClassName="[overflow-wrap:anywhere]"
            />
            <div className="flex gap-3 border-t border-primary-foreground/15 pt-5">
              <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
              <div className="w-full">
                <h3 className="text-xs font-semibold uppercase tracking-wider opacity-85">
                  {contactBlock.labels.hours}
                </h3>
                <HoursTable
                  hours={site.hours}
                  className="mt-1 grid gap-1 text-sm"
                  rowClassName="flex justify-between gap-4"
                />
              </div>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
