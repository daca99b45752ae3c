import { AddOnsGrid } from "~/components/sections/add-ons-grid";
import { CarePlanCards } from "~/components/sections/care-plan-cards";
import { ComparisonTable } from "~/components/sections/comparison-table";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqAccordion } from "~/components/sections/faq-accordion";
import { PageIntro } from "~/components/sections/page-intro";
import { PricingCards } from "~/components/sections/pricing-cards";
import { SiteSection, SiteSectionHeading } from "~/components/sections/site-section";
import { addOns } from "~/content/add-ons";
import { carePlansCopy, seedCarePlans } from "~/content/care-plans";
import { comparisonRows } from "~/content/comparison";
import { faqItems } from "~/content/faq";
import { packages } from "~/content/packages";
import { pageCopy, pricingSections as s } from "~/content/pages";
import { href } from "~/lib/href";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/pricing";

const copy = pageCopy.pricing;

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy}>
        <p>
          Not sure which package fits?{" "}
          <a href={href("/book")} className="font-semibold text-primary underline underline-offset-4">
            Book a free call
          </a>
          .
        </p>
      </PageIntro>
      <SiteSection id="packages" aria-labelledby="packages-title" className="pt-12 sm:pt-16">
        <SiteSectionHeading id="packages-title" {...s.packages} className="sr-only" />
        <PricingCards items={packages} />
      </SiteSection>
      {/* Monthly care plans (issue 42): a section of their own below the one-off packages. */}
      <SiteSection id="care-plans" tone="tinted" aria-labelledby="care-plans-title">
        <SiteSectionHeading
          id="care-plans-title"
          title={carePlansCopy.title}
          intro={carePlansCopy.description}
        />
        <div className="mt-12">
          <CarePlanCards items={seedCarePlans} />
        </div>
      </SiteSection>
      <SiteSection id="comparison" tone="muted" aria-labelledby="comparison-title">
        <SiteSectionHeading id="comparison-title" {...s.comparison} />
        <div className="mt-12">
          <ComparisonTable rows={comparisonRows} packages={packages} />
        </div>
      </SiteSection>
      <SiteSection id="add-ons" aria-labelledby="add-ons-title">
        <SiteSectionHeading id="add-ons-title" {...s.addOns} />
        <div className="mt-12">
          <AddOnsGrid items={addOns} />
        </div>
      </SiteSection>
      <SiteSection id="faq" tone="muted" aria-labelledby="faq-title">
        <SiteSectionHeading id="faq-title" {...s.faq} />
        <div className="mt-12">
          <FaqAccordion items={faqItems} />
        </div>
      </SiteSection>
      <CtaBand id="pricing-cta" {...s.cta} />
    </>
  );
}
