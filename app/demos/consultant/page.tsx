import { DemoBanner } from "~/demos/frame/demo-banner";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { seo } from "~/lib/seo";

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
