import { Clock, Mail, MapPin, Phone, Siren } from "lucide-react";
import type * as React from "react";
import { data, useActionData } from "react-router";

import { Card, CardHeader, CardTitle } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { EmailAddress } from "~/demos/frame/contact-card";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { CallAction } from "~/demos/frame/inert-action";
import { CheckList, DemoSection } from "~/demos/frame/section";
import { SectionHeading } from "~/demos/frame/section-heading";
import { Island } from "~/islands/island";
import { readFormPost } from "~/lib/form-post";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/contact";
import { contactPage, requestForm, seoText } from "./content";
import { RequestServiceForm } from "./request-service-form";
import { answerRequestService } from "./request-service-schema";
import { CallButton, DarkBand } from "./sections";

export const meta: Route.MetaFunction = () => seo({ ...seoText.contact, path: "/demo/electrician/contact" });

/** The form's no-JavaScript post: the same checks and demo notice as in the page; nothing is stored or logged. */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = answerRequestService(await readFormPost(request, context), requestForm.demoNotice);
  return data(answer, { status: "errors" in answer ? 400 : 200 });
}

function EmergencyBanner() {
  const b = contactPage.emergencyBanner;
  return (
    <DemoSection
      titleId="el-emergency-banner"
      className="bg-primary text-primary-foreground"
      containerClassName="flex flex-col gap-4 py-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-3">
        <Siren aria-hidden className="size-8 shrink-0" />
        <div>
          <SectionHeading
            look="bare"
            title={b.title}
            titleClassName="font-heading text-lg font-bold"
            description={b.text}
            descriptionClassName="text-sm"
          />
        </div>
      </div>
      <CallAction label={b.callLabel} variant="secondary" />
    </DemoSection>
  );
}

function InfoRow({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Phone;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold">{label}</h3>
        <div className="text-sm text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

function GetInTouch() {
  const g = contactPage.getInTouch;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="font-heading text-2xl" id="el-touch">
          {g.title}
        </CardTitle>
      </CardHeader>
      <div className="grid gap-5">
        <InfoRow icon={Phone} label={g.phone.label}>
          <p className="text-base font-semibold text-foreground">{g.phone.value}</p>
          <p>{g.phone.note}</p>
        </InfoRow>
        <InfoRow icon={Mail} label={g.email.label}>
          <p className="break-words text-base font-semibold text-foreground">
            <EmailAddress email={g.email.value} />
          </p>
          <p>{g.email.note}</p>
        </InfoRow>
        <InfoRow icon={MapPin} label={g.office.label}>
          <address className="not-italic">{g.office.value}</address>
        </InfoRow>
        <InfoRow icon={Clock} label={g.hours.label}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {g.hours.rows.map((r) => (
              <div key={r.days} className="contents">
                <dt>{r.days}</dt>
                <dd className="font-medium text-foreground">{r.time}</dd>
              </div>
            ))}
          </dl>
        </InfoRow>
      </div>
    </Card>
  );
}

function ServiceAreas() {
  const a = contactPage.serviceAreas;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="font-heading text-2xl">{a.title}</CardTitle>
      </CardHeader>
      <CheckList
        items={a.areas}
        className="grid grid-cols-2 gap-2 text-sm"
        itemClassName="flex items-center gap-2"
        iconClassName="size-2 rotate-45 bg-primary ring-1 ring-secondary"
        icon="span"
      />
    </Card>
  );
}

export default function Page() {
  const answer = useActionData<typeof action>();
  return (
    <>
      <DarkBand>
        <Container className="py-14 sm:py-16">
          <Eyebrow tone="band">Contact</Eyebrow>
          <h1 className="mt-4 text-4xl font-bold sm:text-5xl">{contactPage.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-secondary-foreground/85">{contactPage.text}</p>
        </Container>
      </DarkBand>
      <EmergencyBanner />
      <Container className="grid gap-8 py-14 lg:grid-cols-[1fr_1.4fr] lg:py-20">
        <div className="grid content-start gap-6">
          <GetInTouch />
          <ServiceAreas />
        </div>
        <section aria-labelledby="rs-title">
          <Card className="gap-6 border-t-4 border-t-primary sm:p-8">
            <div>
              <SectionHeading
                look="bare"
                id="rs-title"
                title={requestForm.title}
                titleClassName="font-heading text-3xl font-bold"
                description={requestForm.intro}
                descriptionClassName="mt-2 text-muted-foreground"
              />
              <p className="mt-4 flex flex-wrap items-center gap-3 rounded-md bg-muted p-3 text-sm font-semibold">
                <span className="flex items-center gap-2">
                  <Siren aria-hidden className="size-5 shrink-0" />
                  {contactPage.emergencyNote}
                </span>
                <CallButton label={contactPage.emergencyBanner.callLabel} className="h-9 px-3 text-sm" />
              </p>
            </div>
            {/* The form validates in the page and says it is a demo; the rest is static. */}
            <Island name="request-service-form" component={RequestServiceForm} props={{ answer }} />
          </Card>
        </section>
      </Container>
    </>
  );
}
