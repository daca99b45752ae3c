import { Clock, type LucideIcon } from "lucide-react";

import { Container } from "~/components/ui/container";
import { ContactDetails } from "~/demos/frame/contact-card";
import { CallAction, InertAction } from "~/demos/frame/inert-action";
import { PageHeader } from "~/demos/frame/page-header";
import { StepList } from "~/demos/frame/section";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/contact";
import { GardenArt } from "./art";
import { contactPage, pageSeo, site } from "./content";

export const meta: Route.MetaFunction = () => seo({ ...pageSeo.contact, path: "/demo/landscaper/contact" });

/** Round icon beside a contact detail; it sits inside the <dt> so the list stays valid. */
function IconBubble({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span
      aria-hidden
      className="absolute top-0 left-0 flex size-11 items-center justify-center rounded-full bg-secondary text-primary"
    >
      <Icon className="size-5" />
    </span>
  );
}

export default function LandscaperContact() {
  const { labels } = contactPage;
  return (
    <>
      <PageHeader eyebrow={contactPage.eyebrow} title={contactPage.title} text={contactPage.lead} />
      <section aria-label="Contact details" className="py-16 sm:py-20">
        <Container className="grid gap-8 lg:grid-cols-[1fr_1.1fr] [&>*]:min-w-0">
          <div className="grid content-start gap-6">
            <ContactDetails
              contact={site.contact}
              labels={labels}
              fields={["phone", "email", "address"]}
              className="grid gap-5 rounded-2xl border bg-card p-7"
              itemClassName="relative min-h-11 pl-15"
              termClassName="font-heading text-sm font-bold uppercase tracking-wider text-muted-foreground"
              renderIcon={(icon) => <IconBubble icon={icon} />}
              valueClassName="mt-0.5 text-lg [overflow-wrap:anywhere]"
            >
              <div className="relative min-h-11 pl-15">
                <dt className="font-heading text-sm font-bold uppercase tracking-wider text-muted-foreground">
                  <IconBubble icon={Clock} />
                  {labels.hours}
                </dt>
                <dd className="mt-0.5">
                  <ul className="grid gap-1 text-lg">
                    {site.hours.map((h) => (
                      <li key={h.days} className="flex flex-wrap justify-between gap-x-4">
                        <span>{h.days}</span>
                        <span className="font-semibold">{h.time}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
            </ContactDetails>
            <div className="rounded-2xl border bg-card p-7">
              <h2 className="font-heading text-lg font-bold">{contactPage.areasTitle}</h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {contactPage.areas.map((a) => (
                  <li key={a} className="rounded-full bg-secondary px-3 py-1 text-sm">
                    {a}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="overflow-hidden rounded-2xl bg-primary text-primary-foreground shadow-lg">
            <GardenArt
              id="lc-consult"
              scene="backyard"
              label="Illustration of a finished backyard with patio, bench and flower beds"
              className="block h-56 w-full object-cover sm:h-72"
            />
            <div className="p-7 sm:p-9">
              <h2 className="font-heading text-2xl font-extrabold sm:text-3xl">
                {contactPage.consultation.title}
              </h2>
              <p className="mt-3 opacity-90">{contactPage.consultation.text}</p>
              <StepList
                steps={contactPage.consultation.steps}
                className="mt-6 grid gap-3"
                itemClassName="flex items-center gap-3"
                numberClassName="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-foreground font-heading text-sm font-bold text-primary"
              />
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <InertAction size="lg" variant="secondary">
                  {contactPage.consultation.cta}
                </InertAction>
                <CallAction
                  label={contactPage.callCta}
                  variant="outline"
                  className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
                />
              </div>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
