import type { Route } from "./+types/book-invitation";

/**
 * GET /book/manage/:token/invitation.ics: the booked call as a calendar file, the manage
 * page's download link (the same event as the emailed invitation). The token is the only key,
 * as for the page; a link to nothing answers 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.services;
  if (!services?.booking) throw new Response("Booking is not available here.", { status: 503 });
  const ics = await services.booking.invitation(params.token, services.config.SITE_URL);
  if (!ics)
    throw new Response("No booked call at this link.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="invitation.ics"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "same-origin",
    },
  });
}
