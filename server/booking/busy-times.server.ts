import type ICALModule from "ical.js";

import { siteConfig } from "~/content/site";

import { SITE_UTC_OFFSET_MINUTES, type BusyTime } from "./availability.server";

type ICAL = typeof ICALModule;
type ICALTime = InstanceType<ICAL["Time"]>;
type ICALEvent = InstanceType<ICAL["Event"]>;
type ICALComponent = InstanceType<ICAL["Component"]>;

/**
 * The busy times in an iCalendar text (a CalDAV object or a whole ICS feed), by ical.js: each
 * event that makes its owner busy (not TRANSP:TRANSPARENT, not STATUS:CANCELLED), recurring
 * ones expanded (RRULE, RDATE, EXDATE, moved or cancelled occurrences), clipped to `window`.
 *
 * A time's zone: its TZID when the runtime knows it as an IANA zone (current rules, unlike a
 * VTIMEZONE written years ago), else the file's VTIMEZONE, else the studio's (a floating time
 * is read as the owner's wall clock). An all-day event covers its Vancouver days.
 */

/** Occurrences looked at per recurring event, at most: a daily event of thirty years. */
const MAX_OCCURRENCES = 12_000;
/** Busy times kept per source: more than two weeks can hold. */
export const MAX_BUSY_TIMES = 5_000;

export type Window = { from: number; to: number };

let ical: Promise<ICAL> | undefined;
/** ical.js, loaded when a calendar is first read (most processes never read one). */
export const loadIcal = () => (ical ??= import("ical.js").then((m) => m.default));

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function knownZone(zone: string) {
  if (offsetFormatters.has(zone)) return true;
  try {
    offsetFormatters.set(
      zone,
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      }),
    );
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC (ms) at instant `t`. */
function offsetAt(t: number, zone: string) {
  const parts = Object.fromEntries(
    offsetFormatters
      .get(zone)!
      .formatToParts(new Date(t))
      .map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a wall-clock time in an IANA zone names, as RFC 5545 reads it: a time said twice
 * (fall back) is the first; a time a spring-forward skips is read with the offset before the gap.
 */
export function wallTimeInZone(
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  zone: string,
) {
  if (!knownZone(zone)) throw new Error(`unknown zone ${zone}`);
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const first = offsetAt(guess, zone);
  const candidate = guess - offsetAt(guess - first, zone);
  // The candidate's own wall clock is the one asked for, unless the time falls in a gap.
  return candidate + offsetAt(candidate, zone) === guess ? candidate : guess - first;
}

/** Midnight starting a Vancouver date, as the slot computation counts days (its fixed offset). */
const siteMidnight = (t: ICALTime) => Date.UTC(t.year, t.month - 1, t.day) - SITE_UTC_OFFSET_MINUTES * 60_000;

function instantOf(I: ICAL, t: ICALTime, tzid: string | undefined): number {
  if (t.isDate) return siteMidnight(t);
  if (t.zone === I.Timezone.utcTimezone) return t.toJSDate().getTime();
  if (tzid && knownZone(tzid)) return wallTimeInZone(t, tzid);
  // A VTIMEZONE of the file under a name that is not an IANA zone ("Eastern Standard Time").
  if (t.zone && t.zone !== I.Timezone.localTimezone) return t.toUnixTime() * 1000;
  return wallTimeInZone(t, siteConfig.timeZone);
}

/** Whether this event (or occurrence) makes its owner busy. */
function blocks(component: ICALComponent) {
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transp !== "TRANSPARENT" && status !== "CANCELLED";
}

function interval(I: ICAL, item: ICALEvent, start: ICALTime, end: ICALTime | null): BusyTime | undefined {
  const tzid = item.component.getFirstProperty("dtstart")?.getParameter("tzid") as string | undefined;
  const endTzid =
    (item.component.getFirstProperty("dtend")?.getParameter("tzid") as string | undefined) ?? tzid;
  const from = instantOf(I, start, tzid);
  // No DTEND nor DURATION: a date lasts its day, a date-time is an instant (nothing to block).
  const to = end ? instantOf(I, end, endTzid) : start.isDate ? from + 24 * 60 * 60_000 : from;
  return to > from ? [from, to] : undefined;
}

function occurrences(I: ICAL, event: ICALEvent, window: Window, out: BusyTime[]) {
  const expansion = event.iterator();
  for (let n = 0, next = expansion.next(); next && n < MAX_OCCURRENCES; n++, next = expansion.next()) {
    const details = event.getOccurrenceDetails(next);
    if (!blocks(details.item.component)) continue;
    const busy = interval(I, details.item, details.startDate, details.endDate);
    if (!busy) continue;
    // Occurrences come in order of their original time; a moved one may land anywhere, so look
    // a day past the window before stopping.
    if (busy[0] >= window.to + 24 * 60 * 60_000 && !details.item.isRecurrenceException()) break;
    if (busy[1] > window.from && busy[0] < window.to) out.push(busy);
  }
}

/** Sorted, overlaps merged, clipped to the window. */
export function mergeBusy(times: readonly BusyTime[], window?: Window): BusyTime[] {
  const sorted = [...times]
    .map(([a, b]): BusyTime => (window ? [Math.max(a, window.from), Math.min(b, window.to)] : [a, b]))
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** The busy times of one iCalendar text within `window`; throws on text that is not iCalendar. */
export async function busyTimes(text: string, window: Window): Promise<BusyTime[]> {
  const I = await loadIcal();
  const root = new I.Component(I.parse(text));
  const calendars = root.name === "vcalendar" ? [root] : root.getAllSubcomponents("vcalendar");
  if (calendars.length === 0) throw new Error("not an iCalendar text");
  const out: BusyTime[] = [];
  for (const calendar of calendars) {
    const vevents = calendar.getAllSubcomponents("vevent");
    // Moved or cancelled occurrences (RECURRENCE-ID) belong to the series with their UID.
    const exceptions = new Map<string, ICALComponent[]>();
    for (const v of vevents)
      if (v.hasProperty("recurrence-id")) {
        const uid = String(v.getFirstPropertyValue("uid") ?? "");
        exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
      }
    const masters = new Set<string>();
    for (const v of vevents) {
      if (v.hasProperty("recurrence-id")) continue;
      const uid = String(v.getFirstPropertyValue("uid") ?? "");
      masters.add(uid);
      const event = new I.Event(v, { exceptions: exceptions.get(uid) ?? [] });
      if (event.isRecurring()) occurrences(I, event, window, out);
      else if (blocks(v)) {
        const busy = interval(I, event, event.startDate, event.endDate);
        if (busy && busy[1] > window.from && busy[0] < window.to) out.push(busy);
      }
    }
    // An occurrence whose series is not in this text (a CalDAV server may send it alone).
    for (const [uid, list] of exceptions)
      if (!masters.has(uid))
        for (const v of list) {
          const event = new I.Event(v);
          if (!blocks(v)) continue;
          const busy = interval(I, event, event.startDate, event.endDate);
          if (busy && busy[1] > window.from && busy[0] < window.to) out.push(busy);
        }
    if (out.length > MAX_BUSY_TIMES * 4) break;
  }
  return mergeBusy(out, window).slice(0, MAX_BUSY_TIMES);
}
