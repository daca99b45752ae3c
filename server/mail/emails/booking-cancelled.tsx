import { siteConfig } from "~/content/site";

import { ButtonLink, EmailLayout, Paragraph, renderEmail, Title } from "../layout";
import { greetableName } from "./acknowledgement";

export type BookingCancelledData = { firstName: string; when: string; bookLink: string; portalUrl: string };

/** The visitor's word that a call is cancelled, with the invitation's cancellation attached so calendars drop the event. */
export function bookingCancelledEmail(c: BookingCancelledData) {
  const name = greetableName(c.firstName);
  return renderEmail(
    `Your call is cancelled: ${c.when}`,
    <EmailLayout portalUrl={c.portalUrl} preview={`Your call with ${siteConfig.name} is cancelled.`}>
      <Title>Your call is cancelled</Title>
      <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
      <Paragraph>
        Your free discovery call of {c.when} is cancelled, and the attached update removes it from your
        calendar. You are welcome to book another time.
      </Paragraph>
      <ButtonLink href={c.bookLink}>Book another time</ButtonLink>
    </EmailLayout>,
  );
}
