import type { Route } from "./+types/contact";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Contact | Gentry & Blade Barbers", description: "Gentry & Blade Barbers: a demo website built by Cascadia Web Studio.", path: "/demo/barbershop/contact" });

export default function Page() {
  return (
    <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Contact</h1>
    </section>
  );
}
