import { initials } from "~/demos/frame/initials-avatar";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { DemoStyleProvider } from "~/demos/frame/slots";
import { ValueGrid } from "~/demos/frame/value-grid";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/about";
import { BarberPole, Monogram, ShopSeal } from "./art";
import { aboutPage, barbers, hero, reasons, seoText, site } from "./content";
import { MenuTitle } from "./sections";
import { reasonSlots } from "./theme";

export const meta: Route.MetaFunction = () => seo({ ...seoText.about, path: "/demo/barbershop/about" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={aboutPage.eyebrow} title={aboutPage.title} />
      <DemoSection
        titleId="bb-story"
        className="py-16 sm:py-20"
        containerClassName="grid items-center gap-12 md:grid-cols-[auto_1fr] lg:grid-cols-[auto_1fr_auto]"
      >
        <BarberPole className="mx-auto hidden h-72 w-auto md:block" />
        <div className="max-w-2xl">
          <SectionHeading
            look="bare"
            title={aboutPage.storyTitle}
            titleClassName="text-3xl font-bold italic sm:text-4xl"
            description={aboutPage.story}
            descriptionClassName="mt-5 text-lg leading-relaxed"
          />
        </div>
        <ShopSeal
          name={site.name}
          established={hero.established}
          className="hidden size-56 text-primary lg:block"
        />
      </DemoSection>
      <DemoSection titleId="bb-values" className="bg-muted py-16 sm:py-20">
        <MenuTitle title={aboutPage.valuesTitle} id="bb-values" />
        <ValueGrid values={aboutPage.values} />
      </DemoSection>
      <DemoSection titleId="bb-barbers" className="py-16 sm:py-20">
        <MenuTitle title={aboutPage.barbersTitle} id="bb-barbers" />
        <ul className="mt-12 flex flex-wrap justify-center gap-6">
          {barbers.map((b) => (
            <li
              key={b.name}
              className="flex w-full flex-col items-center border border-border bg-card p-6 text-center sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]"
            >
              <Monogram initials={initials(b.name)} className="size-24" />
              <h3 className="mt-4 font-heading text-2xl font-bold">{b.name}</h3>
              <p className="text-sm font-semibold tracking-widest text-primary uppercase">{b.role}</p>
              <dl className="mt-4 grid w-full grid-cols-2 gap-2 border-y border-border py-3 text-sm">
                <div>
                  <dt className="text-muted-foreground">Experience</dt>
                  <dd className="font-semibold">{b.experience}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Specialty</dt>
                  <dd className="font-semibold">{b.specialty}</dd>
                </div>
              </dl>
              <p className="mt-4 text-sm leading-relaxed">{b.bio}</p>
            </li>
          ))}
        </ul>
      </DemoSection>
      <DemoSection titleId="bb-reasons" className="bg-secondary py-16 text-secondary-foreground sm:py-20">
        <MenuTitle title={aboutPage.reasonsTitle} id="bb-reasons" onDark />
        <DemoStyleProvider slots={reasonSlots}>
          <ValueGrid values={reasons} />
        </DemoStyleProvider>
      </DemoSection>
    </>
  );
}
