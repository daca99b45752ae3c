import { DemoBanner } from "~/demos/frame/demo-banner";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";
import { seo } from "~/lib/seo";
import bodyFont from "~/styles/fonts/dm-sans-core.woff2?url";

import type { Route } from "./+types/page";
import { seoCopy, site } from "./content";
import {
  ConsultantAbout,
  ConsultantContact,
  ConsultantHero,
  ConsultantIndustries,
  ConsultantProcess,
  ConsultantResults,
  ConsultantServices,
  ConsultantTestimonials,
} from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoCopy, path: "/demo/consultant" });

// Preload the body face (most of the text); lib/font-preload.ts says why one, and which.
export const links: Route.LinksFunction = () => fontPreloads(bodyFont);

export default function ConsultantPage() {
  return (
    <DemoLayout site={site}>
      <ConsultantHero />
      <ConsultantServices />
      <ConsultantResults />
      <ConsultantProcess />
      <ConsultantAbout />
      <ConsultantTestimonials />
      <ConsultantIndustries />
      <ConsultantContact />
      <DemoBanner />
    </DemoLayout>
  );
}
