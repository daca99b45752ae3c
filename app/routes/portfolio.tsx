import { CtaBand } from "~/components/sections/cta-band";
import { PageIntro } from "~/components/sections/page-intro";
import { PortfolioGrid } from "~/components/sections/portfolio-grid";
import { SiteSection } from "~/components/sections/site-section";
import { pageCopy } from "~/content/pages";
import { portfolioCta, portfolioGridTitle, portfolioItems } from "~/content/portfolio";
import { fontPreloads } from "~/lib/font-preload";
import { seo } from "~/lib/seo";
import bodyFont from "~/styles/fonts/inter-core.woff2?url";

import type { Route } from "./+types/portfolio";

const copy = pageCopy.portfolio;

// The intro, the phone's LCP element, is set in Inter: preloaded beside the layout's heading
// face, so it downloads with the stylesheet, not at the first layout with the thumbnails (0020).
export const links: Route.LinksFunction = () => fontPreloads(bodyFont);

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
