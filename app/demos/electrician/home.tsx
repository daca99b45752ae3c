import type { Route } from "./+types/home";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "BrightLine Electric | BrightLine Electric", description: "BrightLine Electric: a demo website built by Cascadia Web Studio.", path: "/demo/electrician" });

export default function Page() {
  return (
    <>
      <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">BrightLine Electric</h1>
    </section>
      <DemoBanner />
    </>
  );
}
