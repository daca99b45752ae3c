import { ArrowDown, ArrowUpRight, Mail, MapPin, Phone } from "lucide-react";

import { Container } from "~/components/ui/container";
import { EmailAddress } from "~/demos/frame/contact-card";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { HoursTable } from "~/demos/frame/hours-table";
import { ButtonLink, CallAction, InertAction } from "~/demos/frame/inert-action";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { StatsRow } from "~/demos/frame/stats-row";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";

import {
  about,
  contactBlock,
  gallery,
  galleryIntro,
  hero,
  services,
  servicesIntro,
  site,
  stats,
  testimonials,
} from "./content";
import { PhotoArt, PhotoImage } from "./photo-art";

export function PhotoHero() {
  return (
    <section className="pt-12 sm:pt-20">
      <Container>
        <Eyebrow>{hero.eyebrow}</Eyebrow>
        <h1 className="mt-5 max-w-4xl font-heading text-5xl font-light leading-[0.95] tracking-tight sm:text-7xl lg:text-8xl">
          {hero.title}
        </h1>
        <div className="mt-8 grid gap-6 md:grid-cols-[1fr_auto] md:items-end">
          <p className="max-w-xl text-lg text-muted-foreground">{hero.lead}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={hero.primaryCta.to} size="lg">
              {hero.primaryCta.label} <ArrowDown aria-hidden />
            </ButtonLink>
            <InertAction size="lg" variant="outline" className="bg-transparent">
              {hero.secondaryCta}
            </InertAction>
          </div>
        </div>
      </Container>
      <figure className="mt-12 sm:mt-16">
        <PhotoArt {...hero.photo} className="block h-[52vh] max-h-[640px] min-h-[260px] w-full" />
        <Container>
          <figcaption className="mt-3 text-xs uppercase tracking-[0.25em] text-muted-foreground">
            {hero.photo.caption}
          </figcaption>
        </Container>
      </figure>
    </section>
  );
}

export function PhotoGallery() {
  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="py-16 sm:py-24">
      <Container>
        <div className="flex flex-col justify-between gap-4 border-b pb-6 sm:flex-row sm:items-end">
          <SectionHeading id="portfolio-title" {...galleryIntro} size="xl" />
          <p className="text-sm text-muted-foreground">{gallery.length} frames</p>
        </div>
        <ul className="mt-10 columns-1 gap-5 sm:columns-2 lg:columns-3">
          {gallery.map((p, i) => (
            <li key={p.id} className="lazy-item mb-5 break-inside-avoid">
              <figure className="group">
                <div className="overflow-hidden bg-muted">
                  {/* Only transform transitions, on an HTML box: the compositor runs them. A
                      transition of every property on the SVG restyled its whole tree each frame. */}
                  <div className="transition-transform duration-700 group-hover:scale-[1.03]">
                    <PhotoImage {...p} className="block h-auto w-full" />
                  </div>
                </div>
                <figcaption className="mt-3 flex items-baseline justify-between gap-4 text-sm">
                  <span>
                    <span className="font-heading font-medium">{p.caption}</span>
                    <span className="block text-xs text-muted-foreground">
                      {p.category} · {p.location}
                    </span>
                  </span>
                  <span aria-hidden className="font-heading text-xs text-muted-foreground tabular-nums">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function PhotoAbout() {
  return (
    <DemoSection
      titleId="about-title"
      className="border-y bg-card py-16 sm:py-24"
      containerClassName="grid items-center gap-12 lg:grid-cols-[2fr_3fr]"
    >
      <figure>
        <PhotoImage {...about.portrait} className="block h-auto w-full max-w-md" />
        <figcaption className="mt-3 text-xs uppercase tracking-[0.25em] text-muted-foreground">
          {about.portrait.caption}
        </figcaption>
      </figure>
      <div>
        <SectionHeading id="about-title" eyebrow={about.eyebrow} title={about.title} size="lg" />
        {about.paragraphs.map((p) => (
          <p key={p.slice(0, 20)} className="mt-5 text-muted-foreground">
            {p}
          </p>
        ))}
        <StatsRow
          stats={stats}
          align="start"
          className="mt-10 gap-8 border-t pt-8"
          iconClassName="size-5 text-primary"
          numberClassName="font-light"
        />
        <p className="mt-10 text-xs uppercase tracking-[0.3em] text-muted-foreground">
          {about.publicationsLabel}
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 font-heading text-lg">
          {about.publications.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </DemoSection>
  );
}

export function PhotoServices() {
  return (
    <section id="services" aria-labelledby="services-title" className="py-16 sm:py-24">
      <Container>
        <SectionHeading id="services-title" {...servicesIntro} size="xl" />
        <ol className="mt-12 border-t">
          {services.map(({ icon: Icon, ...s }, i) => (
            <li
              key={s.title}
              className="grid gap-4 border-b py-8 md:grid-cols-[5rem_1.2fr_1.5fr_auto] md:items-start md:gap-8"
            >
              <span aria-hidden className="font-heading text-sm text-muted-foreground tabular-nums">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="flex items-center gap-3 font-heading text-2xl font-normal sm:text-3xl">
                <Icon aria-hidden className="size-6 text-primary" /> {s.title}
              </h3>
              <div>
                <p className="text-muted-foreground">{s.description}</p>
                <ul className="mt-3 flex flex-wrap gap-2">
                  {s.features.map((f) => (
                    <li key={f} className="border px-2.5 py-1 text-xs">
                      {f}
                    </li>
                  ))}
                </ul>
              </div>
              <p className="font-heading text-xl text-primary md:text-right">{s.price}</p>
            </li>
          ))}
        </ol>
        <TestimonialGrid testimonials={testimonials} caption="inline" />
      </Container>
    </section>
  );
}

export function PhotoContact() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="border-t bg-card py-16 sm:py-24">
      <Container>
        <SectionHeading
          look="bare"
          id="contact-title"
          eyebrow={contactBlock.eyebrow}
          title={contactBlock.title}
          titleClassName="mt-4 max-w-3xl font-heading text-4xl font-light leading-tight sm:text-6xl"
          description={contactBlock.description}
          descriptionClassName="mt-6 max-w-xl text-muted-foreground"
        />
        <a
          href={`mailto:${site.contact.email}`}
          className="mt-8 inline-flex max-w-full items-center gap-2 [overflow-wrap:anywhere] font-heading text-2xl text-primary underline-offset-8 hover:underline sm:text-4xl"
        >
          <EmailAddress email={site.contact.email} /> <ArrowUpRight aria-hidden className="size-6 shrink-0" />
        </a>
        <div className="mt-12 grid gap-8 border-t pt-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <h3 className="text-xs uppercase tracking-[0.3em] text-muted-foreground">
              {contactBlock.labels.phone}
            </h3>
            <p className="mt-2 flex items-center gap-2">
              <Phone aria-hidden className="size-4 text-primary" /> {site.contact.phone}
            </p>
          </div>
          <div>
            <h3 className="text-xs uppercase tracking-[0.3em] text-muted-foreground">
              {contactBlock.labels.email}
            </h3>
            <p className="mt-2 flex items-center gap-2 [overflow-wrap:anywhere]">
              <Mail aria-hidden className="size-4 shrink-0 text-primary" />{" "}
              <EmailAddress email={site.contact.email} />
            </p>
          </div>
          <div>
            <h3 className="text-xs uppercase tracking-[0.3em] text-muted-foreground">
              {contactBlock.labels.address}
            </h3>
            <p className="mt-2 flex gap-2">
              <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-primary" /> {site.contact.address}
            </p>
          </div>
          <div>
            <h3 className="text-xs uppercase tracking-[0.3em] text-muted-foreground">
              {contactBlock.labels.hours}
            </h3>
            <HoursTable
              hours={site.hours}
              className="mt-2 grid gap-1 text-sm"
              daysClassName="text-muted-foreground"
              rowClassName="block"
            />
          </div>
        </div>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <InertAction size="lg">{contactBlock.primaryCta}</InertAction>
          <CallAction label={contactBlock.secondaryCta} variant="outline" className="bg-transparent" />
        </div>
      </Container>
    </section>
  );
}
