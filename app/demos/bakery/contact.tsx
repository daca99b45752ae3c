import { Clock } from "lucide-react";

import { Container } from "~/components/ui/container";
import { ContactDetails } from "~/demos/frame/contact-card";
import { CallAction } from "~/demos/frame/inert-action";
import { PageHeader } from "~/demos/frame/page-header";
import { StepList } from "~/demos/frame/section";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/contact";
import { BakeryMapArt } from "./art";
import { contactPage, pageSeo, site } from "./content";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.contact, path: "/demo/bakery/contact" });

export default function BakeryContact() {
  const { labels } = contactPage;
  return (
    <>
      <PageHeader eyebrow={contactPage.eyebrow} title={contactPage.title} text={contactPage.lead} />
      <section aria-label="Contact details" className="py-14 sm:py-20">
        <Container className="grid gap-8">
          <ContactDetails
            contact={site.contact}
            labels={labels}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
            itemClassName="rounded-[1.75rem] bg-card p-6 text-center ring-1 ring-border"
            termClassName="font-heading text-lg font-semibold"
            iconClassName="mx-auto mb-3 size-7 text-primary"
            valueClassName="mt-1 text-muted-foreground [overflow-wrap:anywhere]"
          >
            <div className="rounded-[1.75rem] bg-primary p-6 text-center text-primary-foreground">
              <dt className="font-heading text-lg font-semibold">
                <Clock aria-hidden className="mx-auto mb-3 size-7" />
                {labels.hours}
              </dt>
              {site.hours.map((h) => (
                <dd key={h.days} className="mt-1">
                  {h.days}: <strong>{h.time}</strong>
                </dd>
              ))}
            </div>
          </ContactDetails>
          <div className="grid gap-8 lg:grid-cols-2">
            <figure className="overflow-hidden rounded-[2rem] ring-1 ring-border">
              <BakeryMapArt label={contactPage.mapLabel} className="block h-auto w-full" />
              <figcaption className="bg-card p-5 text-sm text-muted-foreground">
                {contactPage.parking}
              </figcaption>
            </figure>
            <div className="rounded-[2rem] bg-secondary p-8 text-secondary-foreground sm:p-10">
              <h2 className="font-heading text-3xl font-semibold">{contactPage.orders.title}</h2>
              <p className="mt-3 text-lg">{contactPage.orders.text}</p>
              <StepList
                steps={contactPage.orders.steps}
                className="mt-6 grid gap-3"
                itemClassName="flex items-center gap-3"
                numberClassName="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-heading font-semibold text-primary-foreground"
              />
              <CallAction label={contactPage.orders.cta} className="mt-8 rounded-full" />
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
