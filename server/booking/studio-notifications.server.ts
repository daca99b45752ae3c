import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { siteConfig } from "~/content/site";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { callCancelledByStudioEmail } from "../mail/emails/call-cancelled-by-studio";
import type { Mailer } from "../mail/mailer.server";
import { type OutboxHandlers, messageId } from "../outbox/outbox.server";

/** Outbox subject of a booking's notifications, and the channel of the studio's cancellation to the visitor. */
export const BOOKING_SUBJECT = "booking";
export const STUDIO_CANCEL_EMAIL = "booking-studio-cancel-email";

/**
 * The call's start in the zone the visitor booked in, with the zone named; Vancouver's
 * through site-time (its own rule), any other through the runtime's zone data.
 */
export function callTimeFor(startsAt: string, timeZone: string) {
  if (timeZone === siteConfig.timeZone) return formatSiteDateTimeWithZone(startsAt);
  try {
    const text = new Intl.DateTimeFormat("en-CA", { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(startsAt));
    return `${text} (${timeZone.replace(/_/g, " ")})`;
  } catch {
    return formatSiteDateTimeWithZone(startsAt);
  }
}

/** How the outbox worker delivers the studio's cancellation to the visitor's address. */
export function bookingStudioDeliveryHandlers({ config, database, mailer }: { config: Pick<AppConfig, "SITE_URL">; database: AppDatabase; mailer: Mailer }): OutboxHandlers {
  return {
    [STUDIO_CANCEL_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const b = await database.db
          .selectFrom("bookings")
          .innerJoin("inquiries", "inquiries.id", "bookings.inquiry_id")
          .select(["bookings.starts_at", "bookings.time_zone", "inquiries.first_name", "inquiries.email"])
          .where("bookings.id", "=", row.subject_id)
          .executeTakeFirst();
        // The lead was deleted meanwhile (with its bookings): there is no one left to tell.
        if (!b) return;
        const email = await callCancelledByStudioEmail({ firstName: b.first_name, when: callTimeFor(b.starts_at, b.time_zone), bookLink: `${config.SITE_URL}/book` });
        await mailer.send({ ...email, to: b.email, replyTo: mailer.studioInbox, messageId: messageId(row) });
      },
    },
  };
}
