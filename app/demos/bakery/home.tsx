import type { Route } from "./+types/home";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Golden Crust Bakery | Golden Crust Bakery", description: "Golden Crust Bakery: a demo website built by Cascadia Web Studio.", path: "/demo/bakery" });

export default function Page() {
  return (
    <>
      <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Golden Crust Bakery</h1>
    </section>
      <DemoBanner />
    </>
  );
}
