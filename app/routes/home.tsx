import { AnnouncementBanner } from "~/components/sections/announcement-banner";
import { BenefitsGrid } from "~/components/sections/benefits-grid";
import { CtaBand } from "~/components/sections/cta-band";
import { ExtraServices } from "~/components/sections/extra-services";
import { HomeHero } from "~/components/sections/home-hero";
import { HomeTeaser } from "~/components/sections/home-teaser";
import { PortfolioGrid } from "~/components/sections/portfolio-grid";
import { ProcessSteps } from "~/components/sections/process-steps";
import { SiteValueGrid } from "~/components/sections/site-value-grid";
import { StartingPrices } from "~/components/sections/starting-prices";
import { StoryTimeline } from "~/components/sections/story-timeline";
import { TechStack } from "~/components/sections/tech-stack";
import { SiteJsonLd } from "~/components/seo/site-json-ld";
import { announcements } from "~/content/announcements";
import { extraServices } from "~/content/extras";
import { benefits, homeSections, processSteps, techStack } from "~/content/home";
import { packages } from "~/content/packages";
import { pageCopy } from "~/content/pages";
import { portfolioItems } from "~/content/portfolio";
import { timeline } from "~/content/timeline";
import { coreValues } from "~/content/values";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  seo({
    title: pageCopy.home.metaTitle,
    description: pageCopy.home.metaDescription,
    path: pageCopy.home.path,
  });

/** Home: hero, announcements, benefits, process, stack, then one anchor section per site page (docs/product.md#site-pages). */
export default function Page() {
  const s = homeSections;
  return (
    <>
      <SiteJsonLd />
      <HomeHero />
      <AnnouncementBanner items={announcements} />
      <BenefitsGrid items={benefits} />
      <ProcessSteps steps={processSteps} />
      <TechStack groups={techStack} />
      <HomeTeaser id="portfolio" tone="muted" {...s.portfolio}>
        <PortfolioGrid items={portfolioItems.slice(0, 3)} compact />
      </HomeTeaser>
      <StartingPrices items={packages} />
      <HomeTeaser id="story" tone="muted" {...s.story}>
        <StoryTimeline entries={timeline} compact />
      </HomeTeaser>
      <HomeTeaser id="about" {...s.about}>
        <SiteValueGrid items={coreValues} compact />
      </HomeTeaser>
      <HomeTeaser id="extras" tone="muted" {...s.extras}>
        <ExtraServices items={extraServices} compact />
      </HomeTeaser>
      <CtaBand id="contact" {...s.contact} />
    </>
  );
}
