import { CtaBand } from "~/components/sections/cta-band";
import { ExtraServices } from "~/components/sections/extra-services";
import { LegalDocuments } from "~/components/sections/legal-documents";
import { PageIntro } from "~/components/sections/page-intro";
import { SiteSection, SiteSectionHeading } from "~/components/sections/site-section";
import { extraServices, legalDocuments } from "~/content/extras";
import { pageCopy, extrasSections as s } from "~/content/pages";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/extras";

const copy = pageCopy.extras;

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <SiteSection id="services" aria-labelledby="services-title">
        <SiteSectionHeading id="services-title" {...s.services} />
        <div className="mt-12">
          <ExtraServices items={extraServices} />
        </div>
      </SiteSection>
      <SiteSection id="legal" tone="muted" aria-labelledby="legal-title">
        <SiteSectionHeading id="legal-title" {...s.legal} />
        <div className="mt-12">
          <LegalDocuments items={legalDocuments} />
        </div>
      </SiteSection>
      <CtaBand id="extras-cta" {...s.cta} />
    </>
  );
}
