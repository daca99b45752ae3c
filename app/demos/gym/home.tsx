import type { Route } from "./+types/home";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "IronPeak Fitness | IronPeak Fitness", description: "IronPeak Fitness: a demo website built by Cascadia Web Studio.", path: "/demo/gym" });

export default function Page() {
  return (
    <>
      <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">IronPeak Fitness</h1>
    </section>
      <DemoBanner />
    </>
  );
}
