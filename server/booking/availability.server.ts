import { z } from "zod";

import { siteConfig } from "~/content/site";

import type { Executor } from "../db/database.server";
import type { BookingStatus } from "../db/schema";

/**
 * The one slot computation (docs/product.md "Booking"): the visitor's /book page, the booking
 * itself and the studio's agenda all ask here which 30-minute calls are open.
 * Weekly hours are Vancouver wall-clock times; every instant in and out is ISO 8601 UTC.
 */

export const SLOT_MINUTES = 30;
const SLOT_MS = SLOT_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * British Columbia is on UTC-7 all year since 2026 (IANA tz 2026a). Slots are computed with
 * this fixed offset, not the runtime's Intl data, so an outdated runtime cannot shift the
 * studio's hours (server/time-zone.server.ts checks the data for what is displayed).
 */
export const SITE_UTC_OFFSET_MINUTES = -420;
const OFFSET_MS = SITE_UTC_OFFSET_MINUTES * 60_000;

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Times are HH:MM");
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const interval = z
  .tuple([clockTime, clockTime])
  .refine(([open, close]) => minutesOf(open) < minutesOf(close), "An interval closes after it opens");

const dayHours = z.array(interval).max(8);
export const weeklyHoursSchema = z.object({
  sun: dayHours,
  mon: dayHours,
  tue: dayHours,
  wed: dayHours,
  thu: dayHours,
  fri: dayHours,
  sat: dayHours,
});
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** The studio's video-call address: https only, as sent in emails and invitations. */
export const videoLinkSchema = z
  .string()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" && !u.username && !u.password && u.hostname.includes(".");
    } catch {
      return false;
    }
  });

export const bookingSettingsSchema = z.object({
  weeklyHours: weeklyHoursSchema,
  /** Vancouver dates (YYYY-MM-DD) with no calls. */
  daysOff: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).max(366),
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30),
  bufferMinutes: z.number().int().min(0).max(240),
  dailyMax: z.number().int().min(1).max(48),
  /** No moving or cancelling online this close to the call. */
  cutoffMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 14),
  /** Where the call takes place (Google Meet, Zoom, ...): an https address, or null. */
  videoLink: videoLinkSchema.nullable(),
});
export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

const dayKey: Record<string, Weekday> = {
  Sunday: "sun",
  Monday: "mon",
  Tuesday: "tue",
  Wednesday: "wed",
  Thursday: "thu",
  Friday: "fri",
  Saturday: "sat",
};

/** The business hours the site shows (app/content/site.ts), so the defaults never contradict the contact page. */
export function siteWeeklyHours(): WeeklyHours {
  const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, [] as Array<[string, string]>])) as WeeklyHours;
  for (const row of siteConfig.hours) {
    if (!row.opens || !row.closes) continue;
    for (const day of row.dayOfWeek) hours[dayKey[day]!].push([row.opens, row.closes]);
  }
  return hours;
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  weeklyHours: siteWeeklyHours(),
  daysOff: [],
  minNoticeMinutes: 12 * 60,
  bufferMinutes: 0,
  dailyMax: 8,
  cutoffMinutes: 12 * 60,
  videoLink: null,
};

/** The studio's settings (row id 'default'), or the defaults until it saves some. */
export async function readSettings(db: Executor): Promise<BookingSettings> {
  const row = await db
    .selectFrom("booking_settings")
    .selectAll()
    .where("id", "=", "default")
    .executeTakeFirst();
  if (!row) return DEFAULT_BOOKING_SETTINGS;
  return bookingSettingsSchema.parse({
    weeklyHours: JSON.parse(row.weekly_hours),
    daysOff: JSON.parse(row.days_off),
    minNoticeMinutes: row.min_notice_minutes,
    bufferMinutes: row.buffer_minutes,
    dailyMax: row.daily_max,
    cutoffMinutes: row.cutoff_minutes,
    videoLink: row.video_link,
  });
}

/** A booking as the computation needs it; cancelled ones free their slot. */
export type BookedCall = { starts_at: string; ends_at: string; status?: BookingStatus };

/** The Vancouver calendar date (YYYY-MM-DD) of an instant. */
export function siteDateOf(instant: number | string | Date): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The UTC instant (ms) of a Vancouver date at minutes past its midnight. */
function siteInstant(date: string, minutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 - OFFSET_MS;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string): Weekday => WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

/** A busy time of the studio's own calendars (server/booking/calendar-sources.server.ts), in ms. */
export type BusyTime = readonly [start: number, end: number];

export type SlotQuery = {
  settings: BookingSettings;
  bookings: readonly BookedCall[];
  now: number;
  days?: number;
  /**
   * The studio's calendars' busy times: each removes exactly the slots it overlaps. `null`
   * when a calendar cannot be vouched for (no good copy for an hour): no slot is open then,
   * rather than one the owner may not be free for.
   */
  busy?: readonly BusyTime[] | null;
};

/**
 * The open 30-minute slots of the next `days` Vancouver calendar days (today included), as
 * ISO UTC instants ("2026-12-01T16:00:00Z") in order: inside the weekly hours, not on a day
 * off, after the minimum notice, clear of every live booking by the buffer, on days below
 * their maximum.
 */
export function openSlots({ settings, bookings, now, days = 14, busy = [] }: SlotQuery): string[] {
  if (busy === null) return [];
  const live = bookings
    .filter((b) => b.status !== "cancelled")
    .map((b) => ({ start: Date.parse(b.starts_at), end: Date.parse(b.ends_at) }));
  const perDay = new Map<string, number>();
  for (const b of live) perDay.set(siteDateOf(b.start), (perDay.get(siteDateOf(b.start)) ?? 0) + 1);
  const daysOff = new Set(settings.daysOff);
  const earliest = now + settings.minNoticeMinutes * 60_000;
  const buffer = settings.bufferMinutes * 60_000;
  const today = siteDateOf(now);
  const slots: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(today, i);
    if (daysOff.has(date) || (perDay.get(date) ?? 0) >= settings.dailyMax) continue;
    for (const [open, close] of settings.weeklyHours[weekdayOf(date)]) {
      // Slots start on the half hour (Vancouver's offset is whole hours, so UTC's half hours too).
      const first = Math.ceil(minutesOf(open) / SLOT_MINUTES) * SLOT_MINUTES;
      for (let m = first; m + SLOT_MINUTES <= minutesOf(close); m += SLOT_MINUTES) {
        const start = siteInstant(date, m);
        if (start < earliest) continue;
        const end = start + SLOT_MS;
        if (live.some((b) => start < b.end + buffer && end + buffer > b.start)) continue;
        if (busy.some(([from, to]) => start < to && end > from)) continue;
        slots.push(iso(start));
      }
    }
  }
  return [...new Set(slots)].sort();
}

export type SlotProblem =
  | "invalid"
  | "past"
  | "too-soon"
  | "too-far"
  | "off-grid"
  | "outside-hours"
  | "taken"
  | "unavailable"
  | "calendar";

/**
 * Why `slot` cannot be booked now, or null when it is open. A slot the visitor saw may have
 * become taken since; the reason lets the page say which.
 */
export function slotProblem(slot: string, query: SlotQuery): SlotProblem | null {
  const start = Date.parse(slot);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/.test(slot) || Number.isNaN(start))
    return "invalid";
  if (start <= query.now) return "past";
  if (start % SLOT_MS !== 0) return "off-grid";
  if (siteDateOf(start) > addDays(siteDateOf(query.now), (query.days ?? 14) - 1)) return "too-far";
  if (openSlots(query).includes(iso(start))) return null;
  if (start < query.now + query.settings.minNoticeMinutes * 60_000) return "too-soon";
  if (query.busy === null) return "calendar";
  // Open with no bookings and a free calendar: a booking (or the day's maximum) or the studio's
  // own calendar is in the way, taken to the visitor; open but for the days off: a day off;
  // otherwise the weekly hours exclude it.
  if (openSlots({ ...query, bookings: [], busy: [] }).includes(iso(start))) return "taken";
  if (
    openSlots({ ...query, bookings: [], busy: [], settings: { ...query.settings, daysOff: [] } }).includes(
      iso(start),
    )
  )
    return "unavailable";
  return "outside-hours";
}

/** The open slots nearest in time to `slot`, in order of start: what a visitor who lost a race is offered. */
export function nearestSlots(slot: string, open: readonly string[], count = 3): string[] {
  const t = Date.parse(slot);
  return [...open]
    .sort((a, b) => Math.abs(Date.parse(a) - t) - Math.abs(Date.parse(b) - t) || a.localeCompare(b))
    .slice(0, count)
    .sort();
}

/** The normalised ISO form of a slot instant, as stored in `bookings.starts_at`. */
export const slotInstant = (slot: string) => iso(Date.parse(slot));
