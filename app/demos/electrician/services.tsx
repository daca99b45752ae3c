import { AlertTriangle } from "lucide-react";

import { Container } from "~/components/ui/container";
import { PageHeader } from "~/demos/frame/page-header";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { ServiceCard } from "~/demos/frame/service-card";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/services";
import {
  assurances,
  assurancesIntro,
  contactPath,
  emergency,
  seoText,
  serviceGroups,
  servicesPage,
} from "./content";
import { CallButton, DarkBand, PrimaryLink, ValueCard } from "./sections";

export const meta: Route.MetaFunction = () =>
  seo({ ...seoText.services, path: "/demo/electrician/services" });

function PriceStrip() {
  return (
    <section aria-label="Service call prices" className="-mt-px border-b bg-card">
      <Container className="grid divide-y sm:grid-cols-3 sm:divide-x sm:divide-y-0">
        {servicesPage.priceCards.map((p) => (
          <div key={p.label} className="py-6 sm:px-6 sm:first:pl-0">
            <p className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">{p.label}</p>
            <p className="mt-1 font-heading text-4xl font-bold">{p.price}</p>
            <p className="text-sm text-muted-foreground">{p.note}</p>
          </div>
        ))}
      </Container>
    </section>
  );
}

function ServiceGroups() {
  return (
    <DemoSection titleId="el-groups" className="py-16 sm:py-20">
      <h2 id="el-groups" className="text-3xl font-bold sm:text-4xl">
        What we can do for you
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {serviceGroups.map((s) => (
          <ServiceCard key={s.title} service={s} />
        ))}
      </div>
    </DemoSection>
  );
}

function Emergency() {
  return (
    <DarkBand aria-labelledby="el-emergency">
      <Container className="grid gap-10 py-16 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading
            look="bare"
            id="el-emergency"
            eyebrow={emergency.eyebrow}
            eyebrowTone="band"
            title={emergency.title}
            titleClassName="mt-4 text-3xl font-bold sm:text-4xl"
            description={emergency.text}
            descriptionClassName="mt-4 text-secondary-foreground/85"
          />
          <p className="mt-4 inline-block rounded-md bg-primary px-3 py-1 font-heading font-bold text-primary-foreground">
            {emergency.price}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <CallButton label={emergency.callLabel} onDark />
            <PrimaryLink to={contactPath}>Request Service</PrimaryLink>
          </div>
        </div>
        <CheckList
          items={emergency.signs}
          className="grid gap-3"
          itemClassName="flex items-center gap-3 rounded-md border border-secondary-foreground/15 bg-secondary-foreground/5 px-4 py-3"
          iconClassName="size-5 shrink-0 text-primary"
          icon={AlertTriangle}
        />
      </Container>
    </DarkBand>
  );
}

function Assurances() {
  return (
    <DemoSection titleId="el-assurances" className="py-16 sm:py-20">
      <SectionHeading
        look="bare"
        title={assurancesIntro.title}
        titleClassName="text-3xl font-bold sm:text-4xl"
      />
      <div className="mt-8 grid gap-4 md:grid-cols-3">
        {assurances.map((a) => (
          <ValueCard key={a.title} value={a} />
        ))}
      </div>
    </DemoSection>
  );
}

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.text} />
      <PriceStrip />
      <ServiceGroups />
      <Emergency />
      <Assurances />
    </>
  );
}
