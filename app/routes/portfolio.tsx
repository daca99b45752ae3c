import { CtaBand } from "~/components/sections/cta-band";
import { PageIntro } from "~/components/sections/page-intro";
import { PortfolioGrid } from "~/components/sections/portfolio-grid";
import { SiteSection } from "~/components/sections/site-section";
import { pageCopy } from "~/content/pages";
import { portfolioCta, portfolioGridTitle, portfolioItems } from "~/content/portfolio";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/portfolio";

const copy = pageCopy.portfolio;

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <SiteSection aria-labelledby="demos-title">
        <h2 id="demos-title" className="sr-only">
          {portfolioGridTitle}
        </h2>
        <PortfolioGrid items={portfolioItems} />
      </SiteSection>
      <CtaBand id="portfolio-cta" {...portfolioCta} />
    </>
  );
}
