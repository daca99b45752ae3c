import { DemoBanner } from "~/demos/frame/demo-banner";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { fontPreloads } from "~/lib/font-preload";
import { seo } from "~/lib/seo";
import bodyFont from "~/styles/fonts/inter-core.woff2?url";

import type { Route } from "./+types/page";
import { seoCopy, site } from "./content";
import { PhotoAbout, PhotoContact, PhotoGallery, PhotoHero, PhotoServices } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoCopy, path: "/demo/portfolio" });

// Preload the body face (most of the text); lib/font-preload.ts says why one, and which.
export const links: Route.LinksFunction = () => fontPreloads(bodyFont);

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
