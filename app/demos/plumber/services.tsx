import { CheckCircle2 } from "lucide-react";

import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/services";
import { emergencyCta, seoText, services, servicesPage } from "./content";
import { CallButton, PlumbingServiceCard } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.services, path: "/demo/plumber/services" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.text} />
      <section aria-labelledby="pl-list" className="pb-16">
        <SectionHeading look="bare" id="pl-list" title={servicesPage.listTitle} titleClassName="sr-only" />
        <Container className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <PlumbingServiceCard key={s.title} service={s} />
          ))}
        </Container>
      </section>
      <DemoSection titleId="pl-included" className="pb-16">
        <div className="grid gap-8 rounded-[2rem] bg-muted p-8 sm:p-12 lg:grid-cols-[1fr_1.2fr] lg:items-center">
          <SectionHeading
            look="bare"
            title={servicesPage.guaranteeTitle}
            titleClassName="text-3xl font-bold"
          />
          <CheckList
            items={servicesPage.guarantees}
            className="grid gap-4 sm:grid-cols-2"
            itemClassName="flex items-center gap-3 font-medium"
            iconClassName="size-6 shrink-0 text-primary"
            icon={CheckCircle2}
          />
        </div>
      </DemoSection>
      <DemoSection
        titleId="pl-247"
        className="bg-foreground py-14 text-background"
        containerClassName="flex flex-col items-start justify-between gap-6 lg:flex-row lg:items-center"
      >
        <div>
          <SectionHeading
            look="bare"
            title={emergencyCta.title}
            titleClassName="text-3xl font-bold"
            description={emergencyCta.text}
            descriptionClassName="mt-3 max-w-2xl opacity-90"
          />
        </div>
        <CallButton label={emergencyCta.callLabel} />
      </DemoSection>
    </>
  );
}
