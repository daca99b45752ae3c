import type { Route } from "./+types/extras";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Extras", description: "Maintenance, SEO and mobile app services, plus our legal documents.", path: "/extras" });

export default function Page() {
  return <PageHero title="Extras">Maintenance, SEO and mobile app services, plus our legal documents.</PageHero>;
}
