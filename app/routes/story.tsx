import type { Route } from "./+types/story";
import { CtaBand } from "~/components/sections/cta-band";
import { PageIntro } from "~/components/sections/page-intro";
import { Section } from "~/components/sections/section";
import { StoryTimeline } from "~/components/sections/story-timeline";
import { aboutCta, pageCopy } from "~/content/pages";
import { timeline } from "~/content/timeline";
import { seo } from "~/lib/seo";

const copy = pageCopy.story;

export const meta: Route.MetaFunction = () => seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

export default function Page() {
  return (
    <>
      <PageIntro copy={copy} />
      <Section id="timeline" aria-label="Timeline">
        <StoryTimeline entries={timeline} />
      </Section>
      <CtaBand id="story-cta" {...aboutCta} />
    </>
  );
}
