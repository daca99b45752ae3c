import { siteConfig } from "~/content/site";

import { ButtonLink, EmailLayout, Facts, Paragraph, renderEmail, Title } from "../layout";
import { greetableName } from "./acknowledgement";

export type BookingConfirmationData = {
  /** The client portal (layout.tsx portalLink): every client email links to it. */
  portalUrl: string;
  /** The first word of the name typed with this booking (never the lead's stored name). */
  firstName: string;
  /** The call's start in the visitor's zone, its zone named ("Tuesday, December 1, 2026 at 9:00 a.m. United Kingdom Time (London)"). */
  when: string;
  /** The same moment in the studio's zone. */
  whenStudio: string;
  manageLink: string;
  rescheduled: boolean;
  /** The studio's video-call address (booking settings), or null when it sends one later. */
  videoLink: string | null;
};

/**
 * The visitor's confirmation, with the invitation attached by the caller. Anyone can type
 * anyone's address, so it repeats nothing the visitor typed but a greetable first name, and
 * links only to this site and the studio's own video call (decision 0028).
 */
export function bookingConfirmationEmail(b: BookingConfirmationData) {
  const name = greetableName(b.firstName);
  return renderEmail(
    `${b.rescheduled ? "Your call is moved" : "Your call is booked"}: ${b.when}`,
    <EmailLayout
      portalUrl={b.portalUrl}
      preview={`A free 30-minute call with ${siteConfig.name}, ${b.when}.`}
    >
      <Title>{b.rescheduled ? "Your call is moved" : "Your call is booked"}</Title>
      <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
      <Paragraph>
        {b.rescheduled
          ? "Your free 30-minute discovery call is now at the time below."
          : "Thank you for booking a free 30-minute discovery call."}
        {" The invitation is attached: open it to add the call to your calendar."}
      </Paragraph>
      <Facts
        rows={[
          ["When", b.when],
          ["In Vancouver", b.whenStudio],
          ["Length", "30 minutes"],
          ["Video call", b.videoLink ?? "We send the link before the call"],
        ]}
      />
      <Paragraph>
        What happens next: we read what you wrote and come prepared; a reminder follows the day before and an
        hour before.{" "}
        {b.videoLink
          ? `At the time of the call, join by video: ${b.videoLink}`
          : "We send the video link before the call."}
      </Paragraph>
      <ButtonLink href={b.manageLink}>Reschedule or cancel</ButtonLink>
      <Paragraph>Or open this link: {b.manageLink}</Paragraph>
      <Paragraph>
        Did not book a call with us? Someone may have typed your address by mistake: you can cancel it with
        the link above.
      </Paragraph>
    </EmailLayout>,
  );
}
