import { zoneDateTime } from "~/lib/zone-time";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { callCancelledByStudioEmail } from "../mail/emails/call-cancelled-by-studio";
import { portalLink } from "../mail/layout";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxHandlers } from "../outbox/outbox.server";

export { BOOKING_SUBJECT } from "./notifications.server";
/** The studio's cancellation of a call, to the visitor (subject BOOKING_SUBJECT, the booking's id). */
export const STUDIO_CANCEL_EMAIL = "booking-studio-cancel-email";

/** How the outbox worker delivers the studio's cancellation to the visitor's address. */
export function bookingStudioDeliveryHandlers({
  config,
  database,
  mailer,
}: {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  return {
    [STUDIO_CANCEL_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const b = await database.db
          .selectFrom("bookings")
          .innerJoin("leads", "leads.id", "bookings.lead_id")
          .select([
            "bookings.starts_at",
            "bookings.time_zone",
            "bookings.visitor_name",
            "bookings.email",
            "leads.email as lead_email",
          ])
          .where("bookings.id", "=", row.subject_id)
          .executeTakeFirst();
        // The lead was deleted meanwhile (with its bookings): there is no one left to tell.
        if (!b) return;
        // In the zone the visitor booked in, named, as their confirmation said it; greeted by the
        // name typed with the booking, never the lead's (issue 37), to the address it was made with.
        const email = await callCancelledByStudioEmail({
          firstName: (b.visitor_name ?? "").split(/\s+/)[0] ?? "",
          when: zoneDateTime(b.starts_at, b.time_zone),
          bookLink: `${config.SITE_URL}/book`,
          portalUrl: portalLink(config.SITE_URL),
        });
        await mailer.send({
          ...email,
          to: b.email ?? b.lead_email,
          replyTo: mailer.companyInbox,
          messageId: messageId(row),
        });
      },
    },
  };
}
