import type { Route } from "./+types/programs";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Programs | IronPeak Fitness", description: "IronPeak Fitness: a demo website built by Cascadia Web Studio.", path: "/demo/gym/programs" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Programs</h1>
    </section>
  );
}
