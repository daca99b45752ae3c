import type { Route } from "./+types/page";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { DemoLayout } from "~/demos/frame/demo-layout";
import { site } from "./content";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Summit Advisory Group | Summit Advisory Group", description: "Summit Advisory Group: a demo website built by Cascadia Web Studio.", path: "/demo/consultant" });

export default function Page() {
  return (
    <DemoLayout site={site}>
      <>
      <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Summit Advisory Group</h1>
    </section>
      <DemoBanner />
    </>
    </DemoLayout>
  );
}
