import type { Route } from "./+types/home";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Evergreen Landscapes | Evergreen Landscapes", description: "Evergreen Landscapes: a demo website built by Cascadia Web Studio.", path: "/demo/landscaper" });

export default function Page() {
  return (
    <>
      <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Evergreen Landscapes</h1>
    </section>
      <DemoBanner />
    </>
  );
}
