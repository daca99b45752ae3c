import { CtaBand } from "~/components/sections/cta-band";
import { PageIntro } from "~/components/sections/page-intro";
import { SiteSection } from "~/components/sections/site-section";
import { StoryTimeline } from "~/components/sections/story-timeline";
import { aboutCta, pageCopy } from "~/content/pages";
import { timeline } from "~/content/timeline";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/story";

const copy = pageCopy.story;

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <SiteSection id="timeline" aria-label="Timeline">
        <StoryTimeline entries={timeline} />
      </SiteSection>
      <CtaBand id="story-cta" {...aboutCta} />
    </>
  );
}
