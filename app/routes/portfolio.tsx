import type { Route } from "./+types/portfolio";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Portfolio", description: "Eight live demo websites built by Cascadia Web Studio.", path: "/portfolio" });

export default function Page() {
  return <PageHero title="Portfolio">Eight live demo websites built by Cascadia Web Studio.</PageHero>;
}
