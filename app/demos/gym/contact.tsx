import { ContactList } from "~/demos/frame/contact-card";
import { HoursTable } from "~/demos/frame/hours-table";
import { InertAction } from "~/demos/frame/inert-action";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection, StepList } from "~/demos/frame/section";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/contact";
import { contactPage, seoText, site, trial } from "./content";
import { CallButton, Heading } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.contact, path: "/demo/gym/contact" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={contactPage.kicker} title={contactPage.title} text={contactPage.text} />
      <DemoSection
        titleId="gym-trial-steps"
        className="py-16"
        containerClassName="grid gap-10 lg:grid-cols-2"
      >
        <div className="border border-primary bg-card p-8 sm:p-10">
          <p className="inline-block bg-primary px-3 py-1 font-heading text-sm font-bold tracking-[0.2em] text-primary-foreground uppercase">
            {trial.badge}
          </p>
          <Heading titleClassName="mt-5 text-3xl sm:text-4xl" title={contactPage.stepsTitle} />
          <StepList
            steps={contactPage.steps}
            className="mt-8 grid gap-6"
            itemClassName="flex items-center gap-5"
            numberClassName="flex size-12 shrink-0 items-center justify-center bg-primary font-heading text-2xl font-bold text-primary-foreground"
            textClassName="text-lg"
          />
          <p className="mt-8 text-muted-foreground">{trial.text}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <InertAction size="lg" className="font-heading text-base tracking-widest uppercase">
              {contactPage.bookLabel}
            </InertAction>
            <CallButton label={contactPage.callLabel} />
          </div>
        </div>
        <div className="grid content-start gap-10">
          <div>
            <Heading titleClassName="text-3xl sm:text-4xl" title={contactPage.visitTitle} />
            <ContactList
              contact={site.contact}
              className="mt-6 grid gap-4 text-lg"
              itemClassName="flex gap-3 [overflow-wrap:anywhere]"
              iconClassName="mt-1 size-5 shrink-0 text-primary"
            />
          </div>
          <div>
            <Heading titleClassName="text-3xl sm:text-4xl" title={contactPage.hoursTitle} />
            <HoursTable
              hours={contactPage.hours}
              className="mt-6 grid border border-border"
              rowClassName="flex flex-wrap justify-between gap-2 border-b border-border p-4 last:border-0"
              daysClassName="font-heading tracking-widest uppercase"
              timeClassName="text-muted-foreground"
            />
          </div>
        </div>
      </DemoSection>
    </>
  );
}
