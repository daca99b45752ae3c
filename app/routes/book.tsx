import { data, redirect, useActionData } from "react-router";

import { FormAlert } from "~/components/form";
import { InlineScript } from "~/components/layout/inline-script";
import {
  BookingFields,
  dayClasses,
  DayStrip,
  DayTimes,
  enhanceBookingPage,
  ZoneLine,
  type BookingPageData,
} from "~/components/sections/booking-form";
import { Container } from "~/components/ui/container";
import { bookingCopy as copy } from "~/content/booking";
import { siteConfig } from "~/content/site";
import { seo } from "~/lib/seo";
import { bookingCalendar, zoneLabel, zoneOffsets } from "~/lib/zone-time";
import { bookingFieldNames, timeZoneSchema, type BookingFieldErrors } from "~/schemas/booking";
import { ELAPSED_FIELD, MIN_FILL_MS, parseInquirySource } from "~/schemas/inquiry";

import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = () =>
  seo({ title: copy.metaTitle, description: copy.metaDescription, path: copy.path });

/** The zone the page shows: the `tz` query's when it is a real IANA zone, else Vancouver's. */
export const shownZone = (url: URL) =>
  timeZoneSchema.catch(siteConfig.timeZone).parse(url.searchParams.get("tz") ?? siteConfig.timeZone);

/** Rendered per request: the open slots change with every booking and with the clock. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const booking = context.services?.booking;
  if (!booking) throw new Response("Booking is not available here.", { status: 503 });
  const url = new URL(request.url);
  return {
    zone: shownZone(url),
    // A zone the visitor chose (the menu, a link) is kept; otherwise the page's script applies the browser's.
    fixed: url.searchParams.has("tz"),
    day: url.searchParams.get("day")?.slice(0, 10) ?? "",
    search: url.search,
    slots: await booking.slots(),
    now: booking.now(),
    cancelled: url.searchParams.has("cancelled"),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export type BookActionData = {
  error: string;
  fieldErrors: BookingFieldErrors;
  values: Record<string, string>;
  nearest: string[];
  chosen?: string;
};

/** The booking form's post: a booked call goes to its own page (the manage link), anything else comes back with its message. */
export async function action({ request, context }: Route.ActionArgs) {
  const booking = context.services?.booking;
  if (!booking) throw new Response("Booking is not available here.", { status: 503 });
  const form = await request.formData().catch(() => undefined);
  if (!form)
    return data<BookActionData>(
      { error: copy.invalid, fieldErrors: {}, values: {}, nearest: [] },
      { status: 400 },
    );
  const body: Record<string, unknown> = {};
  for (const [key, value] of form.entries())
    body[key] = typeof value === "string" ? value : { file: value.name };
  const values = Object.fromEntries(
    [...bookingFieldNames, ELAPSED_FIELD].map((n) => [
      n,
      typeof body[n] === "string" ? (body[n] as string) : "",
    ]),
  );
  const url = new URL(request.url);
  const from = parseInquirySource(new URLSearchParams([...url.searchParams, ["page", url.pathname]]));
  // A signed-in client (the portal's session) books as themselves, on their latest lead; anyone else as typed.
  const [leadId] = context.client
    ? ((await context.services?.portal.view.leadIds(context.client)) ?? [])
    : [];
  const booker = leadId ? { kind: "client" as const, leadId } : undefined;
  const result = await booking.book(body, { clientIp: context.clientIp ?? "unknown", from, booker });
  switch (result.kind) {
    case "booked":
      return redirect(`/book/manage/${result.token}?booked=1`, 303);
    case "ignored":
      // Answered like a success without one: a bot learns nothing from the page.
      return redirect(`${copy.path}?sent=1`, 303);
    case "invalid":
      // Asked to send again for being fast: the next send is not held to the fill time twice.
      if (result.error === copy.tooFast) values[ELAPSED_FIELD] = String(MIN_FILL_MS);
      return data<BookActionData>(
        { error: result.error, fieldErrors: result.fieldErrors, values, nearest: [] },
        { status: 400 },
      );
    case "slot":
      // The nearest free time comes back chosen: one more click books it.
      return data<BookActionData>(
        {
          error: result.error,
          fieldErrors: { slot: result.error },
          values,
          nearest: result.nearest,
          chosen: result.closest,
        },
        { status: 409 },
      );
    case "rate-limited":
      return data<BookActionData>(
        { error: result.error, fieldErrors: {}, values, nearest: [] },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const zone = timeZoneSchema.catch(loaderData.zone).parse(answer?.values.tz || loaderData.zone);
  // A visitor who lost a race finds the nearest free time chosen for them.
  const asked = answer?.chosen ?? answer?.values.slot ?? "";
  // Only a slot on offer is carried: nothing the visitor sent reaches the page's script.
  const chosen = loaderData.slots.includes(asked) ? asked : "";
  const days = bookingCalendar(loaderData.slots, zone, loaderData.now);
  const open = days.filter((d) => d.times.length > 0);
  const day =
    open.find((d) => d.times.some((t) => t.value === chosen)) ??
    open.find((d) => d.key === loaderData.day) ??
    open[0];
  const slotMinutes = loaderData.slots.map((s) => Date.parse(s) / 60_000);
  const script: BookingPageData = {
    slots: slotMinutes,
    zone,
    fixed: loaderData.fixed || Boolean(answer),
    day: day?.key ?? "",
    chosen,
    now: loaderData.now,
    offsets: zoneOffsets(slotMinutes, zone, loaderData.now),
    classes: dayClasses,
    words: {
      dayTimes: copy.dayTimes("{day}"),
      noTimes: copy.noTimesThatDay,
      noOpen: "no open times",
      open: "{n} open times",
    },
  };
  return (
    <section aria-labelledby="book-title" className="py-4 sm:py-10">
      <Container className="grid gap-5">
        <header className="grid gap-1.5">
          <h1 id="book-title" className="text-3xl font-extrabold sm:text-4xl">
            {copy.title}
          </h1>
          <p className="max-w-2xl text-muted-foreground sm:text-lg">{copy.intro}</p>
        </header>
        {loaderData.cancelled && !answer && (
          <p role="status" className="rounded-md border border-accent bg-secondary p-4">
            {copy.cancelled}
          </p>
        )}
        <FormAlert tone="error">{answer?.error}</FormAlert>
        {open.length === 0 ? (
          <>
            <ZoneLine zone={zone} />
            <p>{copy.noSlots}</p>
          </>
        ) : (
          // A day, then its times, then the form: one column on a phone, three panels on a laptop.
          <div className="grid gap-5 lg:grid-cols-[minmax(0,24rem)_minmax(0,15rem)_minmax(0,1fr)] lg:gap-8">
            <div className="grid content-start gap-3">
              <DayStrip
                days={days}
                chosen={day?.key}
                zone={zone}
                path={copy.path}
                search={loaderData.search}
              />
              <ZoneLine zone={zone} />
            </div>
            <form method="post" className="contents" data-booking-form="">
              <input type="hidden" name="tz" value={zone} />
              <DayTimes day={day} chosen={chosen} error={answer?.fieldErrors.slot} />
              <BookingFields
                values={answer?.values ?? {}}
                errors={answer?.fieldErrors ?? {}}
                submit={copy.submit}
              />
            </form>
          </div>
        )}
        <InlineScript
          source={`(${enhanceBookingPage.toString()})(document, ${JSON.stringify(script).replace(/</g, "\\u003c")}, ${bookingCalendar.toString()}, ${zoneLabel.toString()});`}
        />
      </Container>
    </section>
  );
}
