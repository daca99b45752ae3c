import { data, redirect, useActionData } from "react-router";

import { FormAlert } from "~/components/form";
import { InlineScript } from "~/components/layout/inline-script";
import {
  dayClasses,
  DayStrip,
  DayTimes,
  enhanceBookingPage,
  type BookingPageData,
} from "~/components/sections/booking-form";
import { SiteSection } from "~/components/sections/site-section";
import { Button } from "~/components/ui/button";
import { bookingCopy as copy } from "~/content/booking";
import { siteConfig } from "~/content/site";
import { googleCalendarLink, outlookCalendarLink } from "~/lib/calendar-links";
import { seo } from "~/lib/seo";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { bookingCalendar, namedZone, zoneDateTime, zoneLabel, zoneOffsets } from "~/lib/zone-time";

import type { Route } from "./+types/book-manage";

export const meta: Route.MetaFunction = () =>
  seo({
    title: copy.manageTitle,
    description: "Your discovery call: reschedule or cancel it.",
    path: "/book/manage",
    noindex: true,
  });

// The link's secret is in the path: never cached, never indexed, never sent to another site as a
// referrer ("same-origin": "no-referrer" would make the page's own posts send Origin: null, refused).
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
});

/**
 * GET shows the booking, what happens next and the choices; it changes nothing. What it shows
 * (and its .data answer) is only what was typed with the booking and the studio's settings:
 * never what the lead holds about the address (issue 37).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const booking = context.services?.booking;
  if (!booking) throw new Response("Booking is not available here.", { status: 503 });
  const found = await booking.manage(params.token);
  const url = new URL(request.url);
  const note = url.searchParams.has("booked")
    ? "booked"
    : url.searchParams.has("moved")
      ? "moved"
      : undefined;
  if (found.kind !== "done") return data({ found: null, note }, { status: 404 });
  const { booking: b, videoLink, changeable, cutoffMinutes } = found;
  return {
    found: {
      booking: b,
      videoLink,
      changeable,
      cutoffMinutes,
      // Inside the cut-off there is nothing to choose from.
      slots: changeable ? (await booking.slots()).filter((s) => s !== b.starts_at) : [],
      now: booking.now(),
      day: url.searchParams.get("day")?.slice(0, 10) ?? "",
      search: url.search,
    },
    note,
  };
}

/** POST acts: `intent` cancel, or reschedule to `slot`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const booking = context.services?.booking;
  if (!booking) throw new Response("Booking is not available here.", { status: 503 });
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent");
  if (intent === "cancel") {
    const r = await booking.cancel(params.token);
    // Cancelled: on to /book, which says so (the link itself now opens nothing).
    if (r.kind === "done") return redirect(`${copy.path}?cancelled=1`, 303);
    return data(
      { error: r.kind === "cutoff" ? r.error : copy.badLink, nearest: [] as string[] },
      { status: r.kind === "cutoff" ? 409 : 404 },
    );
  }
  if (intent === "reschedule") {
    const r = await booking.reschedule(params.token, form?.get("slot") ?? "");
    if (r.kind === "done" && r.token) return redirect(`/book/manage/${r.token}?moved=1`, 303);
    const nearest = r.kind === "slot" && r.closest ? [r.closest] : [];
    const error = r.kind === "done" ? copy.badLink : r.error;
    return data({ error, nearest }, { status: r.kind === "bad-link" ? 404 : 409 });
  }
  return data({ error: copy.invalid, nearest: [] as string[] }, { status: 400 });
}

const link = "font-semibold text-primary underline underline-offset-4";

export default function Page({ loaderData, params }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { found, note } = loaderData;
  // A link that opens nothing: say so and offer a new booking.
  if (!found) {
    return (
      <Band title={copy.manageTitle}>
        <p role="alert">{copy.badLink}</p>
        <p>
          <a href={copy.path} className={link}>
            {copy.title}
          </a>
        </p>
      </Band>
    );
  }
  const { booking: b, videoLink } = found;
  const event = {
    title: `Discovery call with ${siteConfig.name}`,
    startsAt: b.starts_at,
    endsAt: b.ends_at,
    details: [
      videoLink ? `Join the video call: ${videoLink}` : undefined,
      "A free 30-minute call about your website.",
    ]
      .filter(Boolean)
      .join("\n\n"),
    location: videoLink,
  };
  return (
    <Band title={note === "booked" ? copy.confirmedTitle : copy.manageTitle}>
      {note && <p role="status">{note === "booked" ? copy.confirmed : copy.rescheduled}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <dt className="text-muted-foreground">When</dt>
        <dd className="font-semibold" data-testid="booking-when">
          <time dateTime={b.starts_at}>{zoneDateTime(b.starts_at, b.time_zone)}</time>
        </dd>
        <dt className="text-muted-foreground">In Vancouver</dt>
        <dd>{formatSiteDateTimeWithZone(b.starts_at)}</dd>
        <dt className="text-muted-foreground">Length</dt>
        <dd>30 minutes</dd>
        <dt className="text-muted-foreground">{copy.videoLabel}</dt>
        <dd className="min-w-0 [overflow-wrap:anywhere]" data-testid="booking-video">
          {videoLink ? (
            <a href={videoLink} className={link} rel="noopener noreferrer">
              {videoLink}
            </a>
          ) : (
            "We send the link before the call."
          )}
        </dd>
      </dl>
      <section aria-labelledby="next-title" className="grid gap-3">
        <h2 id="next-title" className="text-xl font-semibold">
          What happens next
        </h2>
        <ol className="grid list-decimal gap-1 pl-5">
          {(videoLink ? copy.nextSteps : copy.nextStepsNoVideo).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <h3 className="font-semibold">{copy.addToCalendar}</h3>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li>
            <a href={googleCalendarLink(event)} className={link} rel="noopener noreferrer" target="_blank">
              {copy.googleCalendar}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a href={outlookCalendarLink(event)} className={link} rel="noopener noreferrer" target="_blank">
              {copy.outlookCalendar}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a
              href={`/book/manage/${params.token}/invitation.ics`}
              className={link}
              download="invitation.ics"
            >
              {copy.icsDownload}
            </a>
          </li>
        </ul>
      </section>
      <FormAlert tone="error">{answer?.error}</FormAlert>
      {found.changeable ? (
        <Changes found={found} chosen={answer?.nearest[0]} />
      ) : (
        <p data-testid="booking-cutoff" className="rounded-md border bg-secondary p-4">
          {copy.cutoff(found.cutoffMinutes)}
        </p>
      )}
    </Band>
  );
}

type Found = NonNullable<Route.ComponentProps["loaderData"]["found"]>;

/** Moving (a day, then its times, as on /book, in the zone the call was booked in) and cancelling. */
function Changes({ found, chosen }: { found: Found; chosen?: string }) {
  const { booking: b, slots } = found;
  const zone = b.time_zone;
  const days = bookingCalendar(slots, zone, found.now);
  const open = days.filter((d) => d.times.length > 0);
  const day =
    open.find((d) => d.times.some((t) => t.value === chosen)) ??
    open.find((d) => d.key === found.day) ??
    open[0];
  const slotMinutes = slots.map((s) => Date.parse(s) / 60_000);
  const script: BookingPageData = {
    slots: slotMinutes,
    zone,
    fixed: true,
    day: day?.key ?? "",
    chosen: chosen && slots.includes(chosen) ? chosen : "",
    now: found.now,
    offsets: zoneOffsets(slotMinutes, zone, found.now),
    classes: dayClasses,
    words: {
      dayTimes: copy.dayTimes("{day}"),
      noTimes: copy.noTimesThatDay,
      noOpen: "no open times",
      open: "{n} open times",
    },
  };
  return (
    <>
      <section aria-labelledby="move-title" className="grid gap-4">
        <h2 id="move-title" className="text-xl font-semibold">
          Reschedule
        </h2>
        <p>{copy.zoneStated(namedZone(zone))}</p>
        {open.length === 0 ? (
          <p>{copy.noSlots}</p>
        ) : (
          <>
            <DayStrip days={days} chosen={day?.key} zone={zone} path="" search={found.search} />
            <form method="post" className="grid gap-4" data-booking-form="">
              <input type="hidden" name="intent" value="reschedule" />
              <DayTimes day={day} chosen={chosen} />
              <div>
                <Button type="submit">Move my call to this time</Button>
              </div>
            </form>
            <InlineScript
              source={`(${enhanceBookingPage.toString()})(document, ${JSON.stringify(script).replace(/</g, "\\u003c")}, ${bookingCalendar.toString()}, ${zoneLabel.toString()});`}
            />
          </>
        )}
      </section>
      <form method="post" className="grid gap-4">
        <h2 className="text-xl font-semibold">Cancel</h2>
        <input type="hidden" name="intent" value="cancel" />
        <div>
          <Button type="submit" variant="outline">
            Cancel my call
          </Button>
        </div>
      </form>
    </>
  );
}

function Band({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <SiteSection aria-labelledby="book-manage-title" containerClassName="grid max-w-3xl gap-6">
      <h1 id="book-manage-title" className="text-4xl font-extrabold">
        {title}
      </h1>
      {children}
    </SiteSection>
  );
}
