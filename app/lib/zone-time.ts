import { siteConfig } from "~/content/site";

/**
 * Times in the visitor's own zone (the booking page, its emails). The instants come from the
 * server's slot computation; only their display uses the runtime's zone data, which the
 * server checks at start-up (server/time-zone.server.ts) and browsers keep current.
 *
 * `zoneLabel` and `bookingCalendar` are self-contained (no imports, no module state): the
 * booking page's inline script runs the very same functions in the browser, serialised with
 * Function#toString, so the page reads alike before and after it applies the visitor's zone.
 */

/** The zones the booking page offers; any other valid IANA zone works through `?tz=`. */
export const commonTimeZones = [
  siteConfig.timeZone,
  "America/Los_Angeles",
  "America/Denver",
  "America/Edmonton",
  "America/Phoenix",
  "America/Chicago",
  "America/Toronto",
  "America/New_York",
  "America/Halifax",
  "America/St_Johns",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Paris",
  "Europe/Berlin",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
  "UTC",
] as const;

/**
 * A zone as people say it: its generic name and its city, "Eastern Time (Toronto)",
 * "India Standard Time (Kolkata)", "Pacific Time (Vancouver)"; "UTC"; a zone without a name
 * of its own by its offset ("GMT-05:00"). Never brackets inside brackets.
 */
export function zoneLabel(timeZone: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "UTC";
  let name = "";
  try {
    name =
      new Intl.DateTimeFormat("en-CA", { timeZone, timeZoneName: "longGeneric" })
        .formatToParts(Date.now())
        .find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return timeZone;
  }
  const city = (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");
  // "Pacific Time (United States)": the city is said instead, in the one pair of brackets.
  name = name.replace(/\s*\(.*\)$/, "");
  if (!timeZone.includes("/") || timeZone.startsWith("Etc/") || !name) return name || timeZone;
  return /^GMT/.test(name) ? `${city} (${name})` : `${name} (${city})`;
}

const zoneLabels = new Map<string, string>();
/**
 * `zoneLabel`, remembered per zone (a generic name does not change with the date): the booking
 * page names two dozen zones on every render, and each label is a new Intl formatter, about a
 * fifth of a millisecond on the server. Bounded, as `?tz=` comes from the visitor.
 */
export function namedZone(timeZone: string): string {
  let label = zoneLabels.get(timeZone);
  if (label === undefined) {
    label = zoneLabel(timeZone);
    if (zoneLabels.size < 1000) zoneLabels.set(timeZone, label);
  }
  return label;
}

/** A day of the booking page's strip, in the visitor's zone, with its open times. */
export type BookingDay = {
  /** The local date, "2026-12-02". */
  key: string;
  /** "Wed", "2", "Dec": the strip's cell. */
  weekday: string;
  day: string;
  month: string;
  /** "Wednesday, December 2". */
  label: string;
  times: { value: string; time: string }[];
};

/**
 * The booking page's days in `timeZone`: every local date from today's (at `now`) to the last
 * with an open slot, each with its slots' local times ("9:00 a.m."), in order. A day with no
 * slot is listed, empty, so the strip reads as a calendar.
 */
export function bookingCalendar(slots: readonly string[], timeZone: string, now: number): BookingDay[] {
  const f = (o: Intl.DateTimeFormatOptions, zone: string) =>
    new Intl.DateTimeFormat("en-CA", { ...o, timeZone: zone });
  const keyOf = f({ year: "numeric", month: "2-digit", day: "2-digit" }, timeZone);
  const timeOf = f({ hour: "numeric", minute: "2-digit" }, timeZone);
  // Labels of a local date are read from its UTC noon in UTC: the same date, whatever the zone.
  const weekday = f({ weekday: "short" }, "UTC");
  const dayNum = f({ day: "numeric" }, "UTC");
  const month = f({ month: "short" }, "UTC");
  const label = f({ weekday: "long", month: "long", day: "numeric" }, "UTC");
  const key = (t: number) => keyOf.format(t);
  const byKey = new Map<string, { value: string; time: string }[]>();
  for (const value of slots) {
    const t = Date.parse(value);
    const k = key(t);
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k)!.push({ value, time: timeOf.format(t) });
  }
  const first = key(now);
  const last = slots.length > 0 ? key(Date.parse(slots[slots.length - 1]!)) : first;
  const days: BookingDay[] = [];
  const [y, m, d] = first.split("-").map(Number) as [number, number, number];
  for (let i = 0; i < 31; i++) {
    const noon = Date.UTC(y, m - 1, d + i, 12);
    const k = new Date(noon).toISOString().slice(0, 10);
    if (k > last) break;
    days.push({
      key: k,
      weekday: weekday.format(noon),
      day: dayNum.format(noon),
      month: month.format(noon),
      label: label.format(noon),
      times: byKey.get(k) ?? [],
    });
  }
  return days;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** `Date#getTimezoneOffset` of a browser in `timeZone` at `t`: minutes west of UTC (Vancouver: 420). */
function minutesWest(timeZone: string, t: number): number {
  let f = offsetFormatters.get(timeZone);
  if (!f)
    offsetFormatters.set(
      timeZone,
      (f = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })),
    );
  const name = f.formatToParts(t).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return m ? (m[1] === "-" ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * The offsets a browser in `timeZone` would report at `now` and at each slot (minutes since the
 * epoch): one number when the first and last slot agree (no change of clocks in between), else
 * one per slot. The booking page's script compares them with its own clock's: a visitor whose
 * clock reads as the page already does needs no re-rendering, and no time-zone data loaded
 * (the browser's first use of Intl costs ~115 ms on Lighthouse's phone, issue 40).
 */
export function zoneOffsets(slotMinutes: readonly number[], timeZone: string, now: number) {
  const at = (m: number) => minutesWest(timeZone, m * 60_000);
  const first = slotMinutes.length ? at(slotMinutes[0]!) : 0;
  const last = slotMinutes.length ? at(slotMinutes[slotMinutes.length - 1]!) : 0;
  return { now: minutesWest(timeZone, now), slots: first === last ? first : slotMinutes.map(at) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function fullFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** "Tuesday, December 1, 2026 at 9:00 a.m. United Kingdom Time (London)": a moment read anywhere, its zone named. */
export const zoneDateTime = (instant: string, timeZone: string) =>
  `${fullFormatter(timeZone).format(new Date(instant))} ${zoneLabel(timeZone)}`;
