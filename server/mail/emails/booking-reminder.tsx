import { siteConfig } from "~/content/site";

import { ButtonLink, EmailLayout, Paragraph, renderEmail, Title } from "../layout";
import { greetableName } from "./acknowledgement";

export type BookingReminderData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  /** The first word of the name typed with this booking. */
  firstName: string;
  when: string;
  manageLink: string;
  hoursBefore: 24 | 1;
  /** The studio's video-call address, or null. */
  videoLink: string | null;
};

/** The visitor's reminder, 24 hours and 1 hour before the call; only for a call still booked at that time. */
export function bookingReminderEmail(r: BookingReminderData) {
  const name = greetableName(r.firstName);
  const soon = r.hoursBefore === 1 ? "in one hour" : "tomorrow";
  return renderEmail(
    `Reminder: your call with ${siteConfig.name} ${soon}`,
    <EmailLayout portalUrl={r.portalUrl} preview={`Your free discovery call is ${soon}: ${r.when}.`}>
      <Title>Your call is {soon}</Title>
      <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
      <Paragraph>A reminder of your free 30-minute discovery call: {r.when}.</Paragraph>
      {r.videoLink && <Paragraph>Join by video: {r.videoLink}</Paragraph>}
      <ButtonLink href={r.manageLink}>Reschedule or cancel</ButtonLink>
      <Paragraph>Or open this link: {r.manageLink}</Paragraph>
    </EmailLayout>,
  );
}
