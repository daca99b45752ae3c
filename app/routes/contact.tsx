import type { Route } from "./+types/contact";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";
import { StudioJsonLd } from "~/components/seo/studio-json-ld";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Contact", description: "Tell us about your project and get a free quote within 24 hours.", path: "/contact" });

export default function Page() {
  return (
    <>
      <StudioJsonLd />
      <PageHero title="Contact">Tell us about your project and get a free quote within 24 hours.</PageHero>
    </>
  );
}
