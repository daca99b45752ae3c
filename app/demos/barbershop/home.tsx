import { Link } from "react-router";

import { Container } from "~/components/ui/container";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { HoursTable } from "~/demos/frame/hours-table";
import { ButtonLink } from "~/demos/frame/inert-action";
import { PriceList } from "~/demos/frame/price-list";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { DemoStyleProvider } from "~/demos/frame/slots";
import { TestimonialGrid } from "~/demos/frame/testimonial-card";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";
import { BarberPole, Ornament, ShopSeal } from "./art";
import {
  hero,
  homeIntro,
  hoursTeaser,
  seoText,
  services,
  site,
  testimonials,
  testimonialsIntro,
} from "./content";
import { BookButton, Duration, MenuTitle } from "./sections";
import { favouriteSlots } from "./theme";

export const meta: Route.MetaFunction = () => seo({ ...seoText.home, path: "/demo/barbershop" });

function Hero() {
  return (
    <section
      aria-labelledby="bb-hero"
      className="relative overflow-hidden bg-secondary text-secondary-foreground"
    >
      <BarberPole className="absolute top-1/2 left-8 hidden h-80 w-20 -translate-y-1/2 lg:block" />
      <BarberPole className="absolute top-1/2 right-8 hidden h-80 w-20 -translate-y-1/2 lg:block" />
      <Container className="flex flex-col items-center py-16 text-center sm:py-24">
        <ShopSeal
          name={site.name}
          established={hero.established}
          className="size-36 text-accent sm:size-44"
        />
        <Eyebrow className="mt-8 text-accent">{hero.eyebrow}</Eyebrow>
        <SectionHeading
          look="bare"
          as="h1"
          id="bb-hero"
          title={hero.title}
          titleClassName="mt-4 max-w-3xl text-5xl leading-[1.05] font-bold sm:text-7xl"
        />
        <Ornament className="mt-8" />
        <p className="mt-6 max-w-xl text-lg opacity-90">{hero.text}</p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <BookButton label={hero.bookLabel} />
          <ButtonLink
            to={hero.servicesLink.to}
            size="lg"
            variant="outline"
            className="border-accent bg-transparent tracking-widest text-secondary-foreground uppercase hover:bg-secondary-foreground/10"
          >
            {hero.servicesLink.label}
          </ButtonLink>
        </div>
      </Container>
      <div
        aria-hidden
        className="h-3 bg-[repeating-linear-gradient(135deg,var(--primary)_0_14px,var(--background)_14px_28px,var(--secondary)_28px_42px,var(--background)_42px_56px)]"
      />
    </section>
  );
}

function Intro() {
  return (
    <DemoSection titleId="bb-intro" className="py-16 sm:py-24">
      <MenuTitle kicker={homeIntro.eyebrow} title={homeIntro.title} id="bb-intro" />
      <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed first-letter:float-left first-letter:mr-1 first-letter:font-heading first-letter:text-6xl first-letter:leading-none first-letter:text-primary">
        {homeIntro.text}
      </p>
    </DemoSection>
  );
}

function Favourites() {
  const featured = services.filter((s) => s.featured);
  return (
    <DemoSection titleId="bb-favs" className="bg-muted py-16 sm:py-20">
      <MenuTitle title={homeIntro.featuredTitle} id="bb-favs" />
      <DemoStyleProvider slots={favouriteSlots}>
        <PriceList
          items={featured}
          price="first"
          detail={(s) => <Duration duration={s.duration} className="mt-4 text-sm" />}
        />
      </DemoStyleProvider>
      <p className="mt-10 text-center">
        <Link
          to={homeIntro.fullMenuLink.to}
          className="font-heading text-lg font-semibold text-primary italic underline underline-offset-4"
        >
          {homeIntro.fullMenuLink.label}
        </Link>
      </p>
    </DemoSection>
  );
}

function Testimonials() {
  return (
    <DemoSection titleId="bb-reviews" className="bg-primary py-16 text-primary-foreground sm:py-20">
      <MenuTitle
        kicker={testimonialsIntro.eyebrow}
        title={testimonialsIntro.title}
        id="bb-reviews"
        onDark="oxblood"
      />
      <TestimonialGrid testimonials={testimonials} mark="quote" />
    </DemoSection>
  );
}

function Hours() {
  return (
    <DemoSection
      titleId="bb-hours"
      className="py-16 sm:py-20"
      containerClassName="grid items-center gap-10 md:grid-cols-2"
    >
      <div className="border-4 border-double border-secondary p-8 text-center">
        <SectionHeading look="bare" title={hoursTeaser.title} titleClassName="text-3xl font-bold italic" />
        <Ornament className="mt-4" />
        <HoursTable
          hours={hoursTeaser.rows}
          className="mt-6 grid gap-3 text-lg"
          rowClassName="flex justify-between gap-4"
          daysClassName="font-semibold"
        />
      </div>
      <div className="text-center md:text-left">
        <p className="font-heading text-2xl leading-snug italic">{site.contact.address}</p>
        <p className="mt-2 text-muted-foreground">{site.contact.phone}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row md:justify-start">
          <BookButton label={hero.bookLabel} />
        </div>
        <Link
          to={hoursTeaser.link.to}
          className="mt-6 inline-block font-semibold text-primary underline underline-offset-4"
        >
          {hoursTeaser.link.label}
        </Link>
      </div>
    </DemoSection>
  );
}

export default function Page() {
  return (
    <>
      <Hero />
      <Intro />
      <Favourites />
      <Testimonials />
      <Hours />
      <DemoBanner />
    </>
  );
}
