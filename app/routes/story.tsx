import type { Route } from "./+types/story";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Our Story", description: "How Cascadia Web Studio began and where it is going.", path: "/story" });

export default function Page() {
  return <PageHero title="Our Story">How Cascadia Web Studio began and where it is going.</PageHero>;
}
