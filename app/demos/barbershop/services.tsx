import { PageHeader } from "~/demos/frame/page-header";
import { PriceList } from "~/demos/frame/price-list";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/services";
import { seoText, services, servicesPage } from "./content";
import { BookButton, Duration } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.services, path: "/demo/barbershop/services" });

export default function Page() {
  const half = Math.ceil(services.length / 2);
  const columns = [services.slice(0, half), services.slice(half)];
  return (
    <>
      <PageHeader eyebrow={servicesPage.eyebrow} title={servicesPage.title} text={servicesPage.text} />
      <DemoSection titleId="bb-list" className="py-14 sm:py-20">
        <SectionHeading look="bare" title={servicesPage.listTitle} titleClassName="sr-only" />
        <div className="border-4 border-double border-secondary bg-card px-5 py-6 sm:px-10 sm:py-10">
          <div className="grid gap-x-12 lg:grid-cols-2">
            {columns.map((col, i) => (
              <PriceList
                key={i}
                items={col}
                price="leader"
                detail={(s) => <Duration duration={s.duration} />}
              />
            ))}
          </div>
        </div>
        <div className="mt-10 flex flex-col items-center gap-5 text-center">
          <p className="max-w-xl text-muted-foreground italic">{servicesPage.note}</p>
          <BookButton label={servicesPage.bookLabel} />
        </div>
      </DemoSection>
    </>
  );
}
