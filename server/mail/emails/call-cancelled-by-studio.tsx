import { siteConfig } from "~/content/site";

import { ButtonLink, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";
import { greetableName } from "./acknowledgement";

export type CallCancelledByStudioData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  firstName: string;
  /** The call's start as the visitor chose to read it: "Tuesday, December 1, 2026 at 9:00 a.m. (Europe/London)". */
  when: string;
  /** The /book page, to choose another time. */
  bookLink: string;
};

/**
 * The visitor's notice that the studio cancelled their call. The address was typed on
 * /book, so it greets by first name only when that reads as one and carries nothing
 * else the visitor wrote (not the topic): no stranger's words under the studio's name.
 */
export function callCancelledByStudioEmail(c: CallCancelledByStudioData) {
  const name = greetableName(c.firstName);
  return renderEmail(
    `Your call with ${siteConfig.name} is cancelled`,
    <EmailLayout portalUrl={c.portalUrl} preview={`We had to cancel your call of ${c.when}.`}>
      <Title>We had to cancel your call</Title>
      <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
      <Paragraph>
        We are sorry: we cannot take the discovery call we had booked with you, so we have cancelled it. Your
        calendar invitation no longer holds.
      </Paragraph>
      <Facts rows={[["Call", c.when]]} />
      <Paragraph>
        Please choose another time that suits you, or reply to this email and we will find one together.
      </Paragraph>
      <ButtonLink href={c.bookLink}>Book another time</ButtonLink>
      <Paragraph>Or open this link: {c.bookLink}</Paragraph>
    </EmailLayout>,
  );
}
