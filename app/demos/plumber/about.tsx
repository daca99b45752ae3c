import type { Route } from "./+types/about";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "About | FlowRight Plumbing", description: "FlowRight Plumbing: a demo website built by Cascadia Web Studio.", path: "/demo/plumber/about" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">About</h1>
    </section>
  );
}
