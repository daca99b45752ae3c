import type { Route } from "./+types/home";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";
import { StudioJsonLd } from "~/components/seo/studio-json-ld";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Stunning Websites That Drive Results", description: "Premium web development from Vancouver, BC: fast, mobile-first websites for small businesses.", path: "/" });

export default function Page() {
  return (
    <>
      <StudioJsonLd />
      <PageHero title="Stunning Websites That Drive Results">Premium web development from Vancouver, BC: fast, mobile-first websites for small businesses.</PageHero>
    </>
  );
}
