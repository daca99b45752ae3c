import { Field, FieldError } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { bookingCopy as copy } from "~/content/booking";
import { privacyNotice } from "~/content/privacy-notice";
import { commonTimeZones, namedZone, type BookingDay } from "~/lib/zone-time";
import { bookingLimits, type BookingFieldErrors, type BookingFieldName } from "~/schemas/booking";
import { ELAPSED_FIELD, inquiryLimits } from "~/schemas/inquiry-fields";

import { Honeypot } from "./honeypot";

/**
 * The booking page's parts (/book and the manage link), plain server-rendered markup in the
 * contact form's look: no React in the browser (decisions 0009-0012). A day, then its times,
 * then the form: without JavaScript the days are links and the times a form's radios; the
 * page's inline script (enhanceBookingPage) applies the visitor's zone and swaps a day's
 * times in place. The classes below are shared with that script, which builds the same markup.
 */
export const dayClasses = {
  cell: "flex min-h-12 flex-col items-center justify-center rounded-md border px-0.5 py-1 text-center leading-tight",
  open: "border-border bg-background font-semibold text-foreground hover:border-primary hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary aria-[current=date]:border-primary aria-[current=date]:bg-primary aria-[current=date]:text-primary-foreground",
  closed: "border-transparent text-muted-foreground/80",
  time: "flex min-h-9 cursor-pointer items-center justify-center whitespace-nowrap rounded-md border px-0.5 py-1.5 text-[0.8125rem] font-semibold has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary",
} as const;

/**
 * The page's address for a day in a zone: what the strip's links point at without JavaScript.
 * The page's other parameters (ref, utm_*) stay, so a booking keeps its source.
 */
export function dayHref(path: string, search: string, zone: string, day: string) {
  const q = new URLSearchParams(search);
  for (const gone of ["cancelled", "sent", "booked", "moved"]) q.delete(gone);
  q.set("tz", zone);
  q.set("day", day);
  return `${path}?${q.toString()}#book-times`;
}

/** The zone the times are read in, named; a GET form (folded) changes it and shows the same times there. */
export function ZoneLine({ zone }: { zone: string }) {
  const options = (commonTimeZones as readonly string[]).includes(zone)
    ? commonTimeZones
    : [zone, ...commonTimeZones];
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
      <p id="book-zone-stated">
        {copy.zoneShownIn}{" "}
        <span id="book-zone-name" className="font-semibold">
          {namedZone(zone)}
        </span>
      </p>
      <details className="group">
        <summary className="cursor-pointer font-semibold text-primary underline underline-offset-4">
          {copy.zoneChange}
          <span className="sr-only"> time zone</span>
        </summary>
        <form method="get" className="mt-2 flex flex-wrap items-end gap-3">
          <Field id="book-tz" label={copy.zoneLabel} className="min-w-0">
            <Select
              name="tz"
              defaultValue={zone}
              options={options.map((z) => ({ value: z, label: namedZone(z) }))}
            />
          </Field>
          <Button type="submit" variant="outline">
            {copy.zoneButton}
          </Button>
        </form>
      </details>
    </div>
  );
}

/** The strip of days: each day with open times a link to its times, the others greyed. */
export function DayStrip({
  days,
  chosen,
  zone,
  path,
  search,
}: {
  days: readonly BookingDay[];
  chosen?: string;
  zone: string;
  path: string;
  search: string;
}) {
  return (
    <nav aria-labelledby="book-days-title">
      <h2 id="book-days-title" className="mb-2 text-lg font-semibold">
        {copy.daysLabel}
      </h2>
      <ol id="book-days" className="grid grid-cols-7 gap-1.5 sm:gap-2">
        {days.map((d) => (
          <li key={d.key}>
            {d.times.length > 0 ? (
              <a
                href={dayHref(path, search, zone, d.key)}
                data-day={d.key}
                aria-current={d.key === chosen ? "date" : undefined}
                className={`${dayClasses.cell} ${dayClasses.open}`}
              >
                <DayCell d={d} />
              </a>
            ) : (
              <span className={`${dayClasses.cell} ${dayClasses.closed}`}>
                <DayCell d={d} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function DayCell({ d }: { d: BookingDay }) {
  return (
    <>
      <span className="text-xs font-normal">{d.weekday}</span>
      <span className="text-base">{d.day}</span>
      <span className="sr-only">
        {" "}
        {d.month}, {d.times.length === 0 ? "no open times" : `${d.times.length} open times`}
      </span>
    </>
  );
}

/** The chosen day's times: one radio each, whose value is the slot's UTC instant. */
export function DayTimes({ day, chosen, error }: { day?: BookingDay; chosen?: string; error?: string }) {
  return (
    <fieldset id="book-times" className="min-w-0" aria-describedby={error ? "book-slot-error" : undefined}>
      <legend id="book-times-legend" className="mb-2 text-lg font-semibold">
        {day ? copy.dayTimes(day.label) : copy.noTimesThatDay}
      </legend>
      <FieldError id="book-slot-error">{error}</FieldError>
      <div id="book-time-list" className="grid grid-cols-4 gap-1.5 sm:gap-2 lg:grid-cols-2">
        {day?.times.map(({ value, time }) => (
          <label key={value} className={dayClasses.time}>
            <input
              type="radio"
              name="slot"
              value={value}
              required
              defaultChecked={value === chosen}
              className="sr-only"
            />
            <time dateTime={value}>{time}</time>
          </label>
        ))}
      </div>
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
    <div className="grid min-w-0 content-start grid-cols-2 gap-x-3 gap-y-3">
      <Field id="book-name" label="Your name" required error={errors.name} className="gap-1.5">
        <Input {...props("name")} required maxLength={bookingLimits.name} autoComplete="name" />
      </Field>
      <Field id="book-email" label="Email" required error={errors.email} className="gap-1.5">
        <Input
          {...props("email")}
          type="email"
          required
          maxLength={inquiryLimits.email}
          autoComplete="email"
        />
      </Field>
      <div className="col-span-2">
        <Field id="book-company" label="Company (optional)" error={errors.company} className="gap-1.5">
          <Input {...props("company")} maxLength={inquiryLimits.company} autoComplete="organization" />
        </Field>
      </div>
      <div className="col-span-2">
        <Field
          id="book-topic"
          label="What would you like to talk about?"
          required
          error={errors.topic}
          className="gap-1.5"
        >
          <Textarea
            {...props("topic")}
            required
            maxLength={bookingLimits.topic}
            rows={2}
            className="min-h-16"
          />
        </Field>
      </div>
      <Honeypot form="book" />
      {/* Time spent on earlier attempts counts too: a person asked to send again is not "fast" twice. */}
      <input type="hidden" name={ELAPSED_FIELD} defaultValue={values[ELAPSED_FIELD] ?? ""} />
      <p className="col-span-2 text-xs text-muted-foreground">
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
      <div className="col-span-2">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {submit}
        </Button>
      </div>
    </div>
  );
}

/** What the page's inline script is given: the slots, how the server rendered them, and the markup's classes. */
export type BookingPageData = {
  /** The open slots, as minutes since the epoch (compact; ISO instants again in the browser). */
  slots: number[];
  /** The zone the server rendered in. */
  zone: string;
  /** True when the zone was chosen (?tz= or a sent form): the browser's is not applied over it. */
  fixed: boolean;
  /** The chosen day and slot, if any. */
  day: string;
  chosen: string;
  now: number;
  /** What the page's zone's clock reads at `now` and at the slots (zoneOffsets): a browser whose own reads alike changes nothing. */
  offsets: { now: number; slots: number | number[] };
  classes: typeof dayClasses;
  /** Words the script writes. */
  words: { dayTimes: string; noTimes: string; noOpen: string; open: string };
};

/**
 * Inlined after the booking form and run as the page is parsed, before the visitor can pick:
 * unless the zone was chosen or the browser's clock reads as the page's zone at every slot,
 * it re-renders the days and times in the browser's own zone (with
 * the same `bookingCalendar` and `zoneLabel` the server used), names it, and sends it with the
 * form; a day's link then swaps its times in place, and the zone menu applies on change. It
 * also fills the form's fill time on submit, as the contact form does. Self-contained: it is
 * serialised with Function#toString, its helpers passed in the same way.
 */
export function enhanceBookingPage(
  doc: Document,
  data: BookingPageData,
  calendarOf: (slots: readonly string[], zone: string, now: number) => BookingDay[],
  labelOf: (zone: string) => string,
) {
  const started = Date.now();
  const win = doc.defaultView!;
  const slots = data.slots.map((m) => new Date(m * 60_000).toISOString().replace(".000Z", "Z"));
  const strip = doc.getElementById("book-days");
  const list = doc.getElementById("book-time-list");
  const legend = doc.getElementById("book-times-legend");
  const form = doc.querySelector<HTMLFormElement>("[data-booking-form]");
  const select = doc.querySelector<HTMLSelectElement>("#book-tz");
  let zone = data.zone;
  // The days as the script reads them, made on first need (a click): the server's page needs none.
  let days: BookingDay[] | null = null;
  let chosenDay = data.day;

  const el = (tag: string, className: string, text?: string) => {
    const e = doc.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  };
  // The address with the zone and day set, its other parameters (ref, utm_*) kept.
  const href = (day: string) => {
    const url = new URL(win.location.href);
    for (const gone of ["cancelled", "sent", "booked", "moved"]) url.searchParams.delete(gone);
    url.searchParams.set("tz", zone);
    if (day) url.searchParams.set("day", day);
    else url.searchParams.delete("day");
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  function renderTimes(key: string, checked: string) {
    days ??= calendarOf(slots, zone, data.now);
    const day = days.find((d) => d.key === key);
    chosenDay = day ? key : "";
    if (legend)
      legend.textContent = day ? data.words.dayTimes.replace("{day}", day.label) : data.words.noTimes;
    if (list) {
      list.replaceChildren();
      for (const t of day?.times ?? []) {
        const label = el("label", data.classes.time);
        const input = doc.createElement("input");
        Object.assign(input, {
          type: "radio",
          name: "slot",
          value: t.value,
          required: true,
          className: "sr-only",
        });
        input.checked = t.value === checked;
        const time = el("time", "", t.time);
        time.setAttribute("datetime", t.value);
        label.append(input, time);
        list.append(label);
      }
    }
    for (const a of strip?.querySelectorAll<HTMLAnchorElement>("a[data-day]") ?? [])
      if (a.dataset.day === chosenDay) a.setAttribute("aria-current", "date");
      else a.removeAttribute("aria-current");
  }
  function renderStrip(days: BookingDay[]) {
    if (!strip) return;
    strip.replaceChildren();
    for (const d of days) {
      const li = doc.createElement("li");
      const open = d.times.length > 0;
      const cell = el(
        open ? "a" : "span",
        `${data.classes.cell} ${open ? data.classes.open : data.classes.closed}`,
      );
      if (open) {
        cell.setAttribute("href", `${href(d.key)}#book-times`);
        cell.dataset.day = d.key;
      }
      const more = el(
        "span",
        "sr-only",
        ` ${d.month}, ${open ? data.words.open.replace("{n}", String(d.times.length)) : data.words.noOpen}`,
      );
      cell.append(el("span", "text-xs font-normal", d.weekday), el("span", "text-base", d.day), more);
      li.append(cell);
      strip.append(li);
    }
  }
  function apply(next: string, keep: string) {
    zone = next;
    const now = (days = calendarOf(slots, zone, data.now));
    const withKeep = keep ? now.find((d) => d.times.some((t) => t.value === keep)) : undefined;
    const first = now.find((d) => d.times.length > 0);
    renderStrip(now);
    renderTimes(
      (withKeep ?? now.find((d) => d.key === chosenDay && d.times.length > 0) ?? first)?.key ?? "",
      keep,
    );
    const name = doc.getElementById("book-zone-name");
    if (name) name.textContent = labelOf(zone);
    const field = form?.querySelector<HTMLInputElement>('input[name="tz"]');
    if (field) field.value = zone;
    if (select) {
      if (![...select.options].some((o) => o.value === zone)) select.add(new Option(labelOf(zone), zone));
      select.value = zone;
    }
  }

  // A clock that reads as the page does (a visitor in the studio's zone, most of them) changes
  // nothing, and loads no time-zone data: Intl's first use is a long task on a phone (issue 40).
  const offsets = data.offsets;
  const readsAlike =
    new Date(data.now).getTimezoneOffset() === offsets.now &&
    data.slots.every(
      (m, i) =>
        new Date(m * 60_000).getTimezoneOffset() ===
        (typeof offsets.slots === "number" ? offsets.slots : offsets.slots[i]),
    );
  if (!data.fixed && !readsAlike) {
    // Chromium's ICU still says some zones by their old names ("Asia/Calcutta"): the current one is sent and shown.
    const renamed: Record<string, string> = {
      "Asia/Calcutta": "Asia/Kolkata",
      "Asia/Saigon": "Asia/Ho_Chi_Minh",
      "Asia/Katmandu": "Asia/Kathmandu",
      "Asia/Rangoon": "Asia/Yangon",
      "Europe/Kiev": "Europe/Kyiv",
      "America/Godthab": "America/Nuuk",
      "Atlantic/Faeroe": "Atlantic/Faroe",
    };
    const valid = (zone: string) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    };
    let own = "";
    try {
      own = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch {
      own = "";
    }
    const current = renamed[own];
    if (current && valid(current)) own = current;
    if (own && !valid(own)) own = "";
    const checked = form?.querySelector<HTMLInputElement>('input[name="slot"]:checked')?.value ?? data.chosen;
    if (own && own !== data.zone) apply(own, checked);
  }

  strip?.addEventListener("click", (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>("a[data-day]");
    if (!a || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    renderTimes(a.dataset.day!, "");
    win.history.replaceState(null, "", href(chosenDay));
  });
  select?.addEventListener("change", () => {
    const was = form?.querySelector<HTMLInputElement>('input[name="slot"]:checked')?.value ?? "";
    apply(select.value, was);
    win.history.replaceState(null, "", href(chosenDay));
  });
  form?.addEventListener("submit", () => {
    const field = form.querySelector<HTMLInputElement>('input[name="elapsedMs"]');
    if (field) field.value = String((Number(field.value) || 0) + Date.now() - started);
    // A second click would book nothing but answer "just taken" over the first one's success.
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) setTimeout(() => (button.disabled = true), 0);
  });
}
