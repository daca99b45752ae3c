import type { Route } from "./+types/menu";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Menu | Golden Crust Bakery", description: "Golden Crust Bakery: a demo website built by Cascadia Web Studio.", path: "/demo/bakery/menu" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Menu</h1>
    </section>
  );
}
