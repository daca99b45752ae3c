import type { Route } from "./+types/pricing";
import { AddOnsGrid } from "~/components/sections/add-ons-grid";
import { ComparisonTable } from "~/components/sections/comparison-table";
import { CtaBand } from "~/components/sections/cta-band";
import { FaqAccordion } from "~/components/sections/faq-accordion";
import { PageIntro } from "~/components/sections/page-intro";
import { PricingCards } from "~/components/sections/pricing-cards";
import { Section, SectionHeading } from "~/components/sections/section";
import { addOns } from "~/content/add-ons";
import { comparisonRows } from "~/content/comparison";
import { faqItems } from "~/content/faq";
import { packages } from "~/content/packages";
import { pageCopy, pricingSections as s } from "~/content/pages";
import { seo } from "~/lib/seo";

const copy = pageCopy.pricing;

export const meta: Route.MetaFunction = () => seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <Section id="packages" aria-labelledby="packages-title" className="pt-12 sm:pt-16">
        <SectionHeading id="packages-title" {...s.packages} className="sr-only" />
        <PricingCards items={packages} />
      </Section>
      <Section id="comparison" tone="muted" aria-labelledby="comparison-title">
        <SectionHeading id="comparison-title" {...s.comparison} />
        <div className="mt-12">
          <ComparisonTable rows={comparisonRows} packages={packages} />
        </div>
      </Section>
      <Section id="add-ons" aria-labelledby="add-ons-title">
        <SectionHeading id="add-ons-title" {...s.addOns} />
        <div className="mt-12">
          <AddOnsGrid items={addOns} />
        </div>
      </Section>
      <Section id="faq" tone="muted" aria-labelledby="faq-title">
        <SectionHeading id="faq-title" {...s.faq} />
        <div className="mt-12">
          <FaqAccordion items={faqItems} />
        </div>
      </Section>
      <CtaBand id="pricing-cta" {...s.cta} />
    </>
  );
}
