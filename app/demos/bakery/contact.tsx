import type { Route } from "./+types/contact";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Contact | Golden Crust Bakery", description: "Golden Crust Bakery: a demo website built by Cascadia Web Studio.", path: "/demo/bakery/contact" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Contact</h1>
    </section>
  );
}
