import { ArrowRight, MapPin } from "lucide-react";

import { Container } from "~/components/ui/container";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { ButtonLink, CallAction } from "~/demos/frame/inert-action";
import { PriceList } from "~/demos/frame/price-list";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";
import { BakeryHeroArt, BakeryItemArt, Scallop } from "./art";
import { home, menu, menuPath, pageSeo, site } from "./content";
import { OpenBadge, Reviews } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.home, path: "/demo/bakery" });

function Hero() {
  const { hero } = home;
  return (
    <section className="overflow-hidden">
      <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2">
        <div className="text-center lg:text-left">
          <OpenBadge label={hero.openLabel} />
          <Eyebrow className="mt-6">{hero.eyebrow}</Eyebrow>
          <h1 className="mt-2 font-heading text-5xl font-semibold leading-[1.02] sm:text-6xl lg:text-7xl">
            {hero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground lg:mx-0">{hero.lead}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <ButtonLink to={hero.primaryCta.to} size="lg" className="rounded-full">
              {hero.primaryCta.label} <ArrowRight aria-hidden />
            </ButtonLink>
            <CallAction label={hero.secondaryCta} variant="outline" className="rounded-full" />
          </div>
        </div>
        <BakeryHeroArt label={hero.art} className="mx-auto h-auto w-full max-w-xl" />
      </Container>
    </section>
  );
}

function Featured() {
  return (
    <section aria-labelledby="featured-title" className="bg-secondary text-secondary-foreground">
      <Scallop className="text-background" />
      <Container className="py-16 sm:py-20">
        <div className="text-center">
          <SectionHeading
            look="bare"
            id="featured-title"
            eyebrow={home.featuredIntro.eyebrow}
            title={home.featuredIntro.title}
            titleClassName="mt-1 font-heading text-4xl font-semibold"
          />
        </div>
        <PriceList
          items={menu}
          media={(m) => <BakeryItemArt kind={m.art} label={m.artLabel} className="h-auto w-full max-w-64" />}
        />
        <p className="mt-10 text-center">
          <ButtonLink to={menuPath} variant="outline" size="lg" className="rounded-full">
            {home.featuredLink} <ArrowRight aria-hidden />
          </ButtonLink>
        </p>
      </Container>
      <Scallop className="text-background" flip />
    </section>
  );
}

function StoryTeaser() {
  const t = home.storyTeaser;
  return (
    <DemoSection titleId="story-title" className="pt-16 sm:pt-24">
      <div className="grid items-center gap-8 rounded-[2rem] bg-primary p-8 text-primary-foreground sm:p-12 md:grid-cols-[1fr_auto]">
        <div>
          <SectionHeading
            look="bare"
            eyebrow={t.eyebrow}
            eyebrowClassName="font-heading text-lg italic opacity-90"
            title={t.title}
            titleClassName="mt-1 font-heading text-3xl font-semibold sm:text-4xl"
            description={t.text}
            descriptionClassName="mt-3 max-w-2xl opacity-90"
          />
        </div>
        <ButtonLink to={t.link.to} size="lg" variant="secondary" className="rounded-full">
          {t.link.label} <ArrowRight aria-hidden />
        </ButtonLink>
      </div>
    </DemoSection>
  );
}

function Visit() {
  return (
    <DemoSection titleId="visit-title" className="pb-16 sm:pb-24">
      <div className="grid gap-6 rounded-[2rem] border-2 border-dashed border-accent p-6 text-center sm:p-12">
        <SectionHeading
          look="bare"
          title={home.visit.title}
          titleClassName="font-heading text-3xl font-semibold"
          description={home.visit.text}
          descriptionClassName="text-muted-foreground"
        />
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
          <OpenBadge label={site.hours[0]?.days ?? ""} />
          <p className="inline-flex items-center gap-2 text-sm">
            <MapPin aria-hidden className="size-4 text-primary" /> {site.contact.address}
          </p>
        </div>
      </div>
    </DemoSection>
  );
}

export default function BakeryHome() {
  return (
    <>
      <Hero />
      <Featured />
      <StoryTeaser />
      <Reviews {...home.testimonialsIntro} />
      <Visit />
      <DemoBanner />
    </>
  );
}
