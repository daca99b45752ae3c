import { readSettings } from "./availability.server";
import type { BookingContext } from "./booking-context.server";
import { bookingInvitation, invitationOrigin, manageLink } from "./booking-emails.server";
import { findByToken } from "./manage.server";

/**
 * The call as a calendar file for its manage page's download link (the same event as the
 * emailed invitation: its UID and SEQUENCE, the video link in LOCATION and DESCRIPTION), or
 * undefined for a link that opens nothing. Only what the booking itself holds: the name and
 * address typed with it, never the lead's (issue 37).
 */
export async function invitation(ctx: BookingContext, token: string, siteUrl: string) {
  const row = await findByToken(ctx, token);
  if (!row) return undefined;
  const [{ uid, sequence }, settings] = await Promise.all([
    invitationOrigin(ctx.db, row),
    readSettings(ctx.db),
  ]);
  return bookingInvitation(
    {
      uid,
      sequence,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      email: row.email ?? "",
      name: row.visitor_name ?? "",
      link: manageLink(siteUrl, token),
      videoLink: settings.videoLink,
    },
    false,
    "PUBLISH",
  );
}
