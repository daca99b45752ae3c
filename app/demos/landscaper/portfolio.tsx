import type { Route } from "./+types/portfolio";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Portfolio | Evergreen Landscapes", description: "Evergreen Landscapes: a demo website built by Cascadia Web Studio.", path: "/demo/landscaper/portfolio" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Portfolio</h1>
    </section>
  );
}
