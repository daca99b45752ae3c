import { Check } from "lucide-react";

import { Container } from "~/components/ui/container";
import { ContactList } from "~/demos/frame/contact-card";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { HoursTable } from "~/demos/frame/hours-table";
import { CallAction, InertAction } from "~/demos/frame/inert-action";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { cn } from "~/lib/cn";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/contact";
import { Ornament } from "./art";
import { contactPage, memberships, seoText, site } from "./content";
import { BookButton, MenuTitle } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.contact, path: "/demo/barbershop/contact" });

function HoursAndContact() {
  return (
    <section aria-label="Hours and contact" className="py-14 sm:py-20">
      <Container className="grid gap-8 md:grid-cols-2">
        <div className="border-4 border-double border-secondary bg-card p-8 text-center">
          <h2 className="text-3xl font-bold italic">{contactPage.hoursTitle}</h2>
          <Ornament className="mt-4" />
          <HoursTable
            hours={contactPage.hours}
            className="mt-6 grid gap-4 text-lg"
            rowClassName="flex flex-wrap justify-between gap-x-4 border-b border-dotted border-input pb-3 last:border-0"
            daysClassName="font-semibold"
          />
        </div>
        <div className="flex flex-col justify-center gap-5 p-2 sm:p-8">
          <h2 className="text-3xl font-bold italic">{contactPage.contactTitle}</h2>
          <ContactList
            contact={site.contact}
            className="grid gap-4 text-lg"
            itemClassName="flex items-start gap-3 [overflow-wrap:anywhere]"
            iconClassName="mt-1 size-5 shrink-0 text-primary"
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <BookButton label={contactPage.bookLabel} />
            <CallAction
              label={contactPage.callLabel}
              variant="outline"
              className="tracking-widest uppercase"
            />
          </div>
        </div>
      </Container>
    </section>
  );
}

function Memberships() {
  return (
    <DemoSection titleId="bb-plans" className="bg-muted py-16 sm:py-20">
      <MenuTitle title={contactPage.membershipsTitle} id="bb-plans" text={contactPage.membershipsText} />
      <ul className="mt-12 grid items-stretch gap-6 lg:grid-cols-3">
        {memberships.map((m) => (
          <li
            key={m.name}
            className={cn(
              "relative flex flex-col border bg-card p-8 text-center",
              m.highlighted
                ? "border-primary bg-secondary text-secondary-foreground lg:-my-4 lg:py-12"
                : "border-border",
            )}
          >
            {m.highlighted && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 bg-accent px-3 py-1 text-xs font-bold tracking-widest text-accent-foreground uppercase">
                Most popular
              </p>
            )}
            <h3 className="font-heading text-3xl font-bold italic">{m.name}</h3>
            <Eyebrow className={cn("mt-2", m.highlighted ? "text-accent" : "text-primary")}>{m.cuts}</Eyebrow>
            <p className="mt-6">
              <span className="font-heading text-5xl font-bold">{m.price}</span>
              <span className={cn("ml-1", m.highlighted ? "opacity-85" : "text-muted-foreground")}>
                {m.period}
              </span>
            </p>
            <ul className="mt-6 grid flex-1 content-start gap-3 text-left">
              {m.benefits.map((b) => (
                <li key={b} className="flex gap-2">
                  <Check
                    aria-hidden
                    className={cn("mt-1 size-4 shrink-0", m.highlighted ? "text-accent" : "text-primary")}
                  />
                  {b}
                </li>
              ))}
            </ul>
            <InertAction
              size="lg"
              variant={m.highlighted ? "accent" : "default"}
              className="mt-8 w-full tracking-widest uppercase"
            >
              {contactPage.joinLabel} {m.name}
            </InertAction>
          </li>
        ))}
      </ul>
    </DemoSection>
  );
}

function MapBlock() {
  return (
    <DemoSection titleId="bb-map" className="py-16 sm:py-20">
      <MenuTitle title={contactPage.mapTitle} id="bb-map" />
      <figure className="mx-auto mt-10 max-w-4xl border-4 border-double border-secondary bg-card p-2">
        <img
          src="/demos/barbershop/gastown-map.svg"
          alt={contactPage.mapAlt}
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-auto w-full"
        />
        <figcaption className="px-2 pt-3 pb-1 text-center text-sm text-muted-foreground italic">
          {contactPage.mapCaption}
        </figcaption>
      </figure>
    </DemoSection>
  );
}

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={contactPage.eyebrow} title={contactPage.title} text={contactPage.text} />
      <HoursAndContact />
      <Memberships />
      <MapBlock />
    </>
  );
}
