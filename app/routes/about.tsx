import type { Route } from "./+types/about";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "About Us", description: "The people and values behind Cascadia Web Studio.", path: "/about" });

export default function Page() {
  return <PageHero title="About Us">The people and values behind Cascadia Web Studio.</PageHero>;
}
