import type { Route } from "./+types/payment-success";
import { PageHero } from "~/components/sections/page-hero";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Payment Successful!", description: "Thank you for your payment.", path: "/payment-success", noindex: true });

export default function Page() {
  return <PageHero title="Payment Successful!">Thank you for your payment.</PageHero>;
}
