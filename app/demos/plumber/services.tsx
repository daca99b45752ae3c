import { CheckCircle2 } from "lucide-react";
import type { Route } from "./+types/services";
import { emergencyCta, seoText, services, servicesPage } from "./content";
import { CallButton, PlumbingServiceCard } from "./sections";
import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { seo } from "~/lib/seo";
import { CheckList, DemoSection, SectionTitle } from "~/demos/frame/section";

export const meta: Route.MetaFunction = () => seo({ ...seoText.services, path: "/demo/plumber/services" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.text} />
      <section aria-labelledby="pl-list" className="pb-16">
        <SectionTitle id="pl-list" title={servicesPage.listTitle} className="sr-only" />
        <Container className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <PlumbingServiceCard key={s.title} service={s} />
          ))}
        </Container>
      </section>
      <DemoSection titleId="pl-included" className="pb-16">
        <div className="grid gap-8 rounded-[2rem] bg-muted p-8 sm:p-12 lg:grid-cols-[1fr_1.2fr] lg:items-center">
          <SectionTitle title={servicesPage.guaranteeTitle} className="text-3xl font-bold" />
          <CheckList items={servicesPage.guarantees} className="grid gap-4 sm:grid-cols-2" itemClassName="flex items-center gap-3 font-medium" iconClassName="size-6 shrink-0 text-primary" icon={CheckCircle2} />
        </div>
      </DemoSection>
      <DemoSection titleId="pl-247" className="bg-foreground py-14 text-background" containerClassName="flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center">
        <div>
          <SectionTitle title={emergencyCta.title} className="text-3xl font-bold" text={emergencyCta.text} textClassName="mt-3 max-w-2xl opacity-90" />
        </div>
        <CallButton label={emergencyCta.callLabel} />
      </DemoSection>
    </>
  );
}
