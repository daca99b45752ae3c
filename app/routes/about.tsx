import type { Route } from "./+types/about";
import { AboutIntro, FoundingStory } from "~/components/sections/about-intro";
import { CtaBand } from "~/components/sections/cta-band";
import { PageIntro } from "~/components/sections/page-intro";
import { Section, SectionHeading } from "~/components/sections/section";
import { TeamGrid } from "~/components/sections/team-grid";
import { ValuesGrid } from "~/components/sections/values-grid";
import { aboutContent } from "~/content/about";
import { aboutCta, pageCopy } from "~/content/pages";
import { team } from "~/content/team";
import { coreValues } from "~/content/values";
import { seo } from "~/lib/seo";

const copy = pageCopy.about;

export const meta: Route.MetaFunction = () => seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <AboutIntro />
      <FoundingStory />
      <Section id="values" aria-labelledby="values-title">
        <SectionHeading id="values-title" {...aboutContent.valuesHeading} />
        <div className="mt-12">
          <ValuesGrid items={coreValues} />
        </div>
      </Section>
      <Section id="team" tone="muted" aria-labelledby="team-title">
        <SectionHeading id="team-title" {...aboutContent.teamHeading} />
        <div className="mt-12">
          <TeamGrid members={team} />
        </div>
      </Section>
      <CtaBand id="about-cta" {...aboutCta} />
    </>
  );
}
