import { CheckCircle2 } from "lucide-react";
import type { Route } from "./+types/services";
import { emergencyCta, seoText, services, servicesPage } from "./content";
import { CallButton, ServiceCard } from "./sections";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = () => seo({ ...seoText.services, path: "/demo/plumber/services" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.text} />
      <section aria-labelledby="pl-list" className="pb-16">
        <h2 id="pl-list" className="sr-only">
          {servicesPage.listTitle}
        </h2>
        <Container className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <ServiceCard key={s.title} service={s} />
          ))}
        </Container>
      </section>
      <section aria-labelledby="pl-included" className="pb-16">
        <Container>
          <div className="grid gap-8 rounded-[2rem] bg-muted p-8 sm:p-12 lg:grid-cols-[1fr_1.2fr] lg:items-center">
            <h2 id="pl-included" className="text-3xl font-bold">
              {servicesPage.guaranteeTitle}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              {servicesPage.guarantees.map((g) => (
                <li key={g} className="flex items-center gap-3 font-medium">
                  <CheckCircle2 aria-hidden className="size-6 shrink-0 text-primary" />
                  {g}
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>
      <section aria-labelledby="pl-247" className="bg-foreground py-14 text-background">
        <Container className="flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
          <div>
            <h2 id="pl-247" className="text-3xl font-bold">
              {emergencyCta.title}
            </h2>
            <p className="mt-3 max-w-2xl opacity-90">{emergencyCta.text}</p>
          </div>
          <CallButton label={emergencyCta.callLabel} />
        </Container>
      </section>
    </>
  );
}
