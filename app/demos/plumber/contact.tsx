import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { HoursTable } from "~/demos/frame/hours-table";
import { PageHeader } from "~/demos/frame/page-header";
import { DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/contact";
import { contactPage, seoText } from "./content";
import { BookButton, CallButton, IconBadge } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.contact, path: "/demo/plumber/contact" });

export default function Page() {
  return (
    <>
      <PageHeader eyebrow={contactPage.eyebrow} title={contactPage.title} text={contactPage.text} />
      <section aria-label="Contact details" className="pb-14">
        <Container className="grid gap-6 md:grid-cols-3">
          {contactPage.cards.map((c) => (
            <Card key={c.label} className="items-center rounded-3xl p-8 text-center">
              <IconBadge icon={c.icon} />
              <h2 className="font-heading text-lg font-semibold">{c.label}</h2>
              <p className="break-words font-heading text-lg font-semibold text-primary">{c.value}</p>
              <p className="text-sm text-muted-foreground">{c.note}</p>
            </Card>
          ))}
        </Container>
      </section>
      <section className="pb-16">
        <Container className="grid gap-6 lg:grid-cols-2">
          <Card className="rounded-3xl bg-muted p-8">
            <h2 className="font-heading text-2xl font-bold">{contactPage.hoursTitle}</h2>
            <HoursTable
              hours={contactPage.hours}
              className="grid gap-3"
              rowClassName="flex flex-wrap justify-between gap-2 border-b border-border pb-3 last:border-0"
              daysClassName="font-medium"
              timeClassName="text-muted-foreground"
            />
          </Card>
          <Card className="rounded-3xl bg-primary p-8 text-primary-foreground">
            <h2 className="font-heading text-2xl font-bold">{contactPage.bookTitle}</h2>
            <p className="opacity-90">{contactPage.bookText}</p>
            <div className="mt-auto flex flex-col gap-3 sm:flex-row">
              <BookButton label={contactPage.bookLabel} />
              <CallButton label={contactPage.callLabel} />
            </div>
          </Card>
        </Container>
      </section>
      <DemoSection titleId="pl-faq" className="pb-20" containerClassName="max-w-3xl">
        <SectionHeading
          look="bare"
          title={contactPage.faqTitle}
          titleClassName="text-center text-3xl font-bold"
        />
        <Accordion name="plumber-faq" className="mt-8 rounded-3xl border bg-card px-6">
          {contactPage.faq.map((f) => (
            <AccordionItem key={f.q}>
              <AccordionTrigger className="font-heading text-lg">{f.q}</AccordionTrigger>
              <AccordionContent>{f.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </DemoSection>
    </>
  );
}
