import { siteConfig } from "~/content/site";

/**
 * Times in the visitor's own zone (the booking page, its emails). The instants come from the
 * server's slot computation; only their display uses the runtime's zone data, which the
 * server checks at start-up (server/time-zone.server.ts) and browsers keep current.
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

/** How the page and the emails name a zone: "Pacific Time (Vancouver)", "Europe/London". */
export function zoneLabel(timeZone: string) {
  return timeZone === siteConfig.timeZone
    ? `${siteConfig.timeZoneLabel} (Vancouver)`
    : timeZone.replace(/_/g, " ");
}

const formatters = new Map<
  string,
  { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; full: Intl.DateTimeFormat }
>();
function formattersFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = {
      day: new Intl.DateTimeFormat("en-CA", { weekday: "long", month: "long", day: "numeric", timeZone }),
      time: new Intl.DateTimeFormat("en-CA", { hour: "numeric", minute: "2-digit", timeZone }),
      full: new Intl.DateTimeFormat("en-CA", {
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone,
      }),
    };
    formatters.set(timeZone, f);
  }
  return f;
}

/** "Tuesday, December 1": the day an instant falls on in `timeZone`. */
export const zoneDay = (instant: string, timeZone: string) =>
  formattersFor(timeZone).day.format(new Date(instant));
/** "9:00 a.m." in `timeZone`. */
export const zoneTime = (instant: string, timeZone: string) =>
  formattersFor(timeZone).time.format(new Date(instant));
/** "Tuesday, December 1, 2026 at 9:00 a.m. (Europe/London)": a moment read anywhere, its zone named. */
export const zoneDateTime = (instant: string, timeZone: string) =>
  `${formattersFor(timeZone).full.format(new Date(instant))} (${zoneLabel(timeZone)})`;

/** Slots grouped by the visitor's local day, in order. */
export function slotsByDay(slots: readonly string[], timeZone: string) {
  const days: { day: string; slots: { value: string; time: string }[] }[] = [];
  for (const value of slots) {
    const day = zoneDay(value, timeZone);
    if (days.at(-1)?.day !== day) days.push({ day, slots: [] });
    days.at(-1)!.slots.push({ value, time: zoneTime(value, timeZone) });
  }
  return days;
}
