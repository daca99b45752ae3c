import { data, redirect, useActionData } from "react-router";

import { FormAlert } from "~/components/form";
import { SlotPicker } from "~/components/sections/booking-form";
import { SiteSection } from "~/components/sections/site-section";
import { Button } from "~/components/ui/button";
import { bookingCopy as copy } from "~/content/booking";
import { seo } from "~/lib/seo";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { zoneDateTime, zoneLabel } from "~/lib/zone-time";

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

/** GET shows the booking and the choices; it changes nothing. */
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
  if (found.kind !== "done") return data({ booking: null, slots: [] as string[], note }, { status: 404 });
  return { booking: found.booking, slots: await booking.slots(), note };
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
    return r.kind === "done"
      ? redirect(`${copy.path}?cancelled=1`, 303)
      : data({ error: copy.badLink, nearest: [] as string[] }, { status: 404 });
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

export default function Page({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { booking: b, slots, note } = loaderData;
  // A link that opens nothing: say so and offer a new booking.
  if (!b) {
    return (
      <Band title={copy.manageTitle}>
        <p role="alert">{copy.badLink}</p>
        <p>
          <a href={copy.path} className="font-semibold text-primary underline underline-offset-4">
            {copy.title}
          </a>
        </p>
      </Band>
    );
  }
  return (
    <Band title={note === "booked" ? copy.confirmedTitle : copy.manageTitle}>
      {note && <p role="status">{note === "booked" ? copy.confirmed : copy.rescheduled}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border bg-card p-6 shadow-sm">
        <dt className="text-muted-foreground">When</dt>
        <dd className="font-semibold" data-testid="booking-when">
          <time dateTime={b.starts_at}>{zoneDateTime(b.starts_at, b.time_zone)}</time>
        </dd>
        <dt className="text-muted-foreground">In Vancouver</dt>
        <dd>{formatSiteDateTimeWithZone(b.starts_at)}</dd>
        <dt className="text-muted-foreground">Length</dt>
        <dd>30 minutes</dd>
      </dl>
      <FormAlert tone="error">{answer?.error}</FormAlert>
      <form method="post" className="grid gap-4">
        <h2 className="text-xl font-semibold">Reschedule</h2>
        <p>Times are shown in {zoneLabel(b.time_zone)}.</p>
        <input type="hidden" name="intent" value="reschedule" />
        <SlotPicker
          slots={slots.filter((s) => s !== b.starts_at)}
          zone={b.time_zone}
          chosen={answer?.nearest[0]}
        />
        <div>
          <Button type="submit">Move my call to this time</Button>
        </div>
      </form>
      <form method="post" className="grid gap-4">
        <h2 className="text-xl font-semibold">Cancel</h2>
        <input type="hidden" name="intent" value="cancel" />
        <div>
          <Button type="submit" variant="outline">
            Cancel my call
          </Button>
        </div>
      </form>
    </Band>
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
