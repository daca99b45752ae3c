import { siteConfig } from "~/content/site";

// Always the studio's zone, never the runtime's or the browser's default: the server's
// HTML, the hydrated page and the emails read the same for a visitor anywhere. They agree
// only if the server's time-zone data is current (server/time-zone.server.ts checks it).
const dateTime = new Intl.DateTimeFormat("en-CA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: siteConfig.timeZone,
});
const longDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: siteConfig.timeZone });
const longDateTime = new Intl.DateTimeFormat("en-CA", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: siteConfig.timeZone,
});
// A calendar day (an announcement's "2025-09-23") is no moment: read at UTC midnight in UTC, it never shifts.
const calendarDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" });

const yearOnly = new Intl.DateTimeFormat("en-CA", { year: "numeric", timeZone: siteConfig.timeZone });

/** The year in Vancouver at a moment: invoice numbers restart with it on January 1, Vancouver time. */
export function siteYear(value: string | Date) {
  return Number(yearOnly.format(new Date(value)));
}

const dayParts = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: siteConfig.timeZone,
});

/** Vancouver's wall clock at a moment, as if it were UTC: the zone's offset is the difference. */
function wallClock(t: number) {
  const p = Object.fromEntries(dayParts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** The Vancouver calendar day of a moment, "2026-11-25". */
export function siteDay(value: string | Date | number) {
  return new Date(wallClock(new Date(value).getTime())).toISOString().slice(0, 10);
}

/** The moment a Vancouver calendar day ("2026-11-25") begins: its midnight in Vancouver. */
export function siteDayStart(isoDate: string) {
  const midnight = Date.parse(`${isoDate}T00:00:00.000Z`);
  const first = midnight - (wallClock(midnight) - midnight);
  // Once more at the guess itself, in case a clock change lies between the two.
  return midnight - (wallClock(first) - first);
}

/** A date and time in Vancouver, as the studio reads it: "Nov 2, 2026, 2:48 a.m.". */
export function formatSiteDateTime(value: string | Date) {
  return dateTime.format(new Date(value));
}

/** A date in Vancouver, as a client reads it: "December 23, 2026". */
export function formatSiteDate(value: string | Date) {
  return longDate.format(new Date(value));
}

/** A moment for an email read anywhere, so the zone is named: "November 2, 2026 at 2:48 a.m. Pacific Time". */
export function formatSiteDateTimeWithZone(value: string | Date) {
  return `${longDateTime.format(new Date(value))} ${siteConfig.timeZoneLabel}`;
}

/** A calendar date written YYYY-MM-DD, the same day for everyone: "September 23, 2025". */
export function formatCalendarDate(isoDate: string) {
  return calendarDate.format(new Date(`${isoDate}T00:00:00Z`));
}
