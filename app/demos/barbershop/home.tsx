import type { Route } from "./+types/home";
import { DemoBanner } from "~/demos/frame/demo-banner";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Gentry & Blade Barbers | Gentry & Blade Barbers", description: "Gentry & Blade Barbers: a demo website built by Cascadia Web Studio.", path: "/demo/barbershop" });

export default function Page() {
  return (
    <>
      <section className="px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Gentry & Blade Barbers</h1>
    </section>
      <DemoBanner />
    </>
  );
}
