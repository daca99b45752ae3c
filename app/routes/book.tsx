import { data, redirect, useActionData } from "react-router";

import { FormAlert } from "~/components/form";
import { InlineScript, inlineSource } from "~/components/layout/inline-script";
import {
  BookingFields,
  enhanceBookingPage,
  SlotPicker,
  ZonePicker,
} from "~/components/sections/booking-form";
import { PageIntro } from "~/components/sections/page-intro";
import { SiteSection } from "~/components/sections/site-section";
import { bookingCopy as copy } from "~/content/booking";
import { siteConfig } from "~/content/site";
import { seo } from "~/lib/seo";
import { zoneLabel } from "~/lib/zone-time";
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
  return { zone: shownZone(url), slots: await booking.slots(), cancelled: url.searchParams.has("cancelled") };
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
  const result = await booking.book(body, { clientIp: context.clientIp ?? "unknown", from });
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
  const chosen = answer?.chosen ?? answer?.values.slot;
  return (
    <>
      <PageIntro copy={copy} />
      <SiteSection aria-label={copy.title} containerClassName="max-w-3xl">
        <ZonePicker zone={zone} />
        <p id="book-zone-stated" className="mt-4 font-semibold">
          {copy.zoneStated(zoneLabel(zone))}
        </p>
        {loaderData.cancelled && !answer && (
          <p role="status" className="mt-6 rounded-md border border-accent bg-secondary p-4">
            {copy.cancelled}
          </p>
        )}
        <FormAlert tone="error" className="mt-6">
          {answer?.error}
        </FormAlert>
        <form method="post" className="mt-6 grid gap-6" data-booking-form="">
          <input type="hidden" name="tz" value={zone} />
          <SlotPicker slots={loaderData.slots} zone={zone} chosen={chosen} error={answer?.fieldErrors.slot} />
          {loaderData.slots.length > 0 && (
            <BookingFields
              values={answer?.values ?? {}}
              errors={answer?.fieldErrors ?? {}}
              submit={copy.submit}
            />
          )}
        </form>
        <InlineScript source={inlineSource(enhanceBookingPage)} />
      </SiteSection>
    </>
  );
}
