import type { Route } from "./+types/services";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Services | Evergreen Landscapes", description: "Evergreen Landscapes: a demo website built by Cascadia Web Studio.", path: "/demo/landscaper/services" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Services</h1>
    </section>
  );
}
