import type { Route } from "./+types/pricing";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Pricing", description: "Website packages, add-ons and answers to common questions.", path: "/pricing" });

export default function Page() {
  return <PageHero title="Pricing">Website packages, add-ons and answers to common questions.</PageHero>;
}
