import type { Route } from "./+types/payment";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Website Payment", description: "Pay the amount quoted for your website securely in CAD.", path: "/payment" });

export default function Page() {
  return <PageHero title="Website Payment">Pay the amount quoted for your website securely in CAD.</PageHero>;
}
