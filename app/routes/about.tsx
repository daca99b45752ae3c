import { AboutIntro, FoundingStory } from "~/components/sections/about-intro";
import { CtaBand } from "~/components/sections/cta-band";
import { PageIntro } from "~/components/sections/page-intro";
import { SiteSection, SiteSectionHeading } from "~/components/sections/site-section";
import { SiteTeamGrid } from "~/components/sections/site-team-grid";
import { SiteValueGrid } from "~/components/sections/site-value-grid";
import { aboutContent } from "~/content/about";
import { aboutCta, pageCopy } from "~/content/pages";
import { team } from "~/content/team";
import { coreValues } from "~/content/values";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";

const copy = pageCopy.about;

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <AboutIntro />
      <FoundingStory />
      <SiteSection id="values" aria-labelledby="values-title">
        <SiteSectionHeading id="values-title" {...aboutContent.valuesHeading} />
        <div className="mt-12">
          <SiteValueGrid items={coreValues} />
        </div>
      </SiteSection>
      <SiteSection id="team" tone="muted" aria-labelledby="team-title">
        <SiteSectionHeading id="team-title" {...aboutContent.teamHeading} />
        <div className="mt-12">
          <SiteTeamGrid members={team} />
        </div>
      </SiteSection>
      <CtaBand id="about-cta" {...aboutCta} />
    </>
  );
}
