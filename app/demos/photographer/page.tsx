import { DemoBanner } from "~/demos/frame/demo-banner";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/page";
import { seoCopy, site } from "./content";
import { PhotoAbout, PhotoContact, PhotoGallery, PhotoHero, PhotoServices } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoCopy, path: "/demo/portfolio" });

export default function PhotographerPage() {
  return (
    <DemoLayout site={site}>
      <PhotoHero />
      <PhotoGallery />
      <PhotoAbout />
      <PhotoServices />
      <PhotoContact />
      <DemoBanner />
    </DemoLayout>
  );
}
