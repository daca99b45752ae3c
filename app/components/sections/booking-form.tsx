import { Field, FieldError } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { bookingCopy as copy } from "~/content/booking";
import { privacyNotice } from "~/content/privacy-notice";
import { commonTimeZones, slotsByDay, zoneLabel } from "~/lib/zone-time";
import { bookingLimits, type BookingFieldErrors, type BookingFieldName } from "~/schemas/booking";
import { ELAPSED_FIELD, HONEYPOT_FIELD, inquiryLimits } from "~/schemas/inquiry-fields";

/**
 * The booking page's parts, plain server-rendered markup in the contact form's look: no
 * React in the browser (decisions 0009-0012), every part works without JavaScript.
 */

/** A GET form: choosing a zone and sending it shows the same slots in that zone. */
export function ZonePicker({ zone }: { zone: string }) {
  const options = (commonTimeZones as readonly string[]).includes(zone)
    ? commonTimeZones
    : [zone, ...commonTimeZones];
  return (
    <form method="get" className="flex flex-wrap items-end gap-3">
      <Field id="book-tz" label={copy.zoneLabel} className="min-w-0">
        <Select
          name="tz"
          defaultValue={zone}
          options={options.map((z) => ({ value: z, label: zoneLabel(z) }))}
        />
      </Field>
      <Button type="submit" variant="outline">
        {copy.zoneButton}
      </Button>
    </form>
  );
}

/** One radio per open slot, grouped by the visitor's local day; each value is the slot's UTC instant. */
export function SlotPicker({
  slots,
  zone,
  chosen,
  error,
}: {
  slots: string[];
  zone: string;
  chosen?: string;
  error?: string;
}) {
  if (slots.length === 0) return <p>{copy.noSlots}</p>;
  return (
    <fieldset className="grid gap-4" aria-describedby={error ? "book-slot-error" : undefined}>
      <legend className="mb-2 text-lg font-semibold">Choose a time (30 minutes)</legend>
      <FieldError id="book-slot-error">{error}</FieldError>
      {slotsByDay(slots, zone).map(({ day, slots: times }) => (
        <fieldset key={day} className="rounded-md border p-3">
          <legend className="px-1 text-sm font-semibold">{day}</legend>
          <div className="flex flex-wrap gap-2">
            {times.map(({ value, time }) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
              >
                <input type="radio" name="slot" value={value} required defaultChecked={value === chosen} />
                <time dateTime={value}>{time}</time>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
}

/** Who is calling and about what; values kept after an error. */
export function BookingFields({
  values,
  errors,
  submit,
}: {
  values: Record<string, string>;
  errors: BookingFieldErrors;
  submit: string;
}) {
  const props = (name: BookingFieldName) => ({ name, defaultValue: values[name] ?? "" });
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id="book-name" label="Your name" required error={errors.name}>
        <Input {...props("name")} required maxLength={bookingLimits.name} autoComplete="name" />
      </Field>
      <Field id="book-email" label="Email" required error={errors.email}>
        <Input
          {...props("email")}
          type="email"
          required
          maxLength={inquiryLimits.email}
          autoComplete="email"
        />
      </Field>
      <Field id="book-company" label="Company (optional)" error={errors.company}>
        <Input {...props("company")} maxLength={inquiryLimits.company} autoComplete="organization" />
      </Field>
      <div className="sm:col-span-2">
        <Field id="book-topic" label="What would you like to talk about?" required error={errors.topic}>
          <Textarea {...props("topic")} required maxLength={bookingLimits.topic} rows={4} />
        </Field>
      </div>
      {/* Bots fill every field; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`book-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`book-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {/* Time spent on earlier attempts counts too: a person asked to send again is not "fast" twice. */}
      <input type="hidden" name={ELAPSED_FIELD} defaultValue={values[ELAPSED_FIELD] ?? ""} />
      <p className="text-sm text-muted-foreground sm:col-span-2">
        We use your details only to hold and prepare this call; see our{" "}
        <a
          href={privacyNotice.href}
          target="_blank"
          rel="noopener"
          className="font-semibold text-primary underline underline-offset-4"
        >
          privacy policy
          <span className="sr-only"> (PDF, opens in a new tab)</span>
        </a>
        .
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {submit}
        </Button>
      </div>
    </div>
  );
}

/**
 * Inlined after the booking form and run as the page is parsed. Without a `tz` in the URL it
 * picks the browser's zone in the zone select (the visitor sends it to see those times), and
 * it fills the form's fill time on submit, as the contact form does. Self-contained: it is
 * serialised with Function#toString.
 */
export function enhanceBookingPage(doc: Document) {
  const started = Date.now();
  const select = doc.querySelector<HTMLSelectElement>("#book-tz");
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (
    select &&
    own &&
    !new URLSearchParams(doc.defaultView?.location.search ?? "").has("tz") &&
    select.value !== own
  ) {
    if (![...select.options].some((o) => o.value === own))
      select.add(new Option(own.replace(/_/g, " "), own));
    select.value = own;
  }
  doc.querySelector<HTMLFormElement>("[data-booking-form]")?.addEventListener("submit", (e) => {
    const form = e.currentTarget as HTMLFormElement;
    const field = form.querySelector<HTMLInputElement>('input[name="elapsedMs"]');
    if (field) field.value = String((Number(field.value) || 0) + Date.now() - started);
    // A second click would book nothing but answer "just taken" over the first one's success.
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) setTimeout(() => (button.disabled = true), 0);
  });
}
