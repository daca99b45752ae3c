import { siteConfig } from "~/content/site";

// Always the studio's zone, never the runtime's or the browser's default: the server's
// HTML, the hydrated page and the emails read the same for a visitor anywhere. They agree
// only if the server's time-zone data is current (server/time-zone.server.ts checks it).
const dateTime = new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeStyle: "short", timeZone: siteConfig.timeZone });
const longDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: siteConfig.timeZone });
const longDateTime = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeStyle: "short", timeZone: siteConfig.timeZone });
// A calendar day (an announcement's "2025-09-23") is no moment: read at UTC midnight in UTC, it never shifts.
const calendarDate = new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" });

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

// en-CA writes a date as YYYY-MM-DD.
const siteDay = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: siteConfig.timeZone });
const siteOffset = new Intl.DateTimeFormat("en-US", { timeZone: siteConfig.timeZone, timeZoneName: "longOffset" });

/** The Vancouver calendar day of a moment, YYYY-MM-DD (the analytics' daily buckets). */
export function siteDateOf(value: string | Date) {
  return siteDay.format(new Date(value));
}

/** The UTC moment (ISO) at which a Vancouver calendar day (YYYY-MM-DD) starts. */
export function siteDayStart(isoDate: string) {
  // The offset at 08:00 UTC is the one in force at local midnight (before any 2 a.m. clock change).
  const probe = new Date(`${isoDate}T08:00:00Z`);
  const name = siteOffset.formatToParts(probe).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  const minutes = match?.[1] ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - minutes * 60_000).toISOString();
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addCalendarDays(isoDate: string, days: number) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
