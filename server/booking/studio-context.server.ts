import { z } from "zod";

import { FORM_WEEKDAYS } from "~/studio/labels";

import type { StudioUser } from "../auth/session-context.server";
import type { AppDatabase } from "../db/database.server";
import type { BookingStatus } from "../db/schema";
import { type OutboxTrigger } from "../outbox/outbox.server";
import { type BookingSettings, type Weekday } from "./availability.server";

export type BookingResult<T = null> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; error: string };

/** The agenda lists calls this far back (held, missed or cancelled). */
export const RECENT_DAYS = 30;
export const DAY_MS = 24 * 60 * 60_000;

export const HALF_HOUR = /^(?:[01]\d|2[0-3]):[03]0$|^24:00$/;
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One weekday's field, "09:00-12:00, 13:00-17:00" (empty: no calls that day), as sorted ranges. */
export const dayField = (label: string) =>
  z
    .string()
    .max(200, `${label}: at most a few ranges.`)
    .transform((text, ctx): [string, string][] => {
      const parts = text
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const ranges: [string, string][] = [];
      for (const part of parts) {
        const m = /^(\d{1,2}:\d{2})\s*[-–]\s*(\d{1,2}:\d{2})$/.exec(part);
        const [open, close] = m ? [m[1]!.padStart(5, "0"), m[2]!.padStart(5, "0")] : [];
        if (!open || !close || !HALF_HOUR.test(open) || !HALF_HOUR.test(close)) {
          ctx.addIssue({
            code: "custom",
            message: `${label}: write hours as 09:00-17:00, on the hour or the half hour.`,
          });
          return z.NEVER;
        }
        if (minutesOf(open) >= minutesOf(close)) {
          ctx.addIssue({ code: "custom", message: `${label}: ${open}-${close} must start before it ends.` });
          return z.NEVER;
        }
        ranges.push([open, close]);
      }
      ranges.sort((a, b) => a[0].localeCompare(b[0]));
      if (ranges.some((r, i) => i > 0 && minutesOf(r[0]) < minutesOf(ranges[i - 1]![1]))) {
        ctx.addIssue({ code: "custom", message: `${label}: the ranges overlap.` });
        return z.NEVER;
      }
      if (ranges.length > 8) {
        ctx.addIssue({ code: "custom", message: `${label}: at most 8 ranges.` });
        return z.NEVER;
      }
      return ranges;
    });

export const whole = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .regex(/^\d{1,4}$/, `${what} must be a whole number.`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${what} is from ${min} to ${max}.`).max(max, `${what} is from ${min} to ${max}.`),
    );

/** The availability form as posted (strings); the stored row is checked again by availability's own schema. */
export const availabilityFormSchema = z.object({
  ...(Object.fromEntries(FORM_WEEKDAYS.map((d) => [d.key, dayField(d.label)])) as Record<
    Weekday,
    ReturnType<typeof dayField>
  >),
  minNoticeHours: whole("Minimum notice", 0, 720),
  bufferMinutes: whole("The buffer", 0, 240),
  dailyMax: whole("The daily maximum", 1, 48),
});

/** A real calendar date, YYYY-MM-DD (2026-02-30 is refused). */
export const calendarDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date.")
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, "Choose a date that exists.");

/** Instants as bookings store them ("2026-12-01T16:00:00Z"), so text comparison orders them. */
export const instant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export type AgendaCall = {
  id: string;
  lead_id: string;
  starts_at: string;
  ends_at: string;
  status: BookingStatus;
  topic: string;
  company: string | null;
  cancelled_by: string | null;
  first_name: string;
  last_name: string;
  rescheduled: boolean;
};

/** What the back office's call verbs work with: the deps and the queries they share. */
export function bookingStudioContext({
  database,
  outbox,
  now = Date.now,
}: {
  database: AppDatabase;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  const { db } = database;

  const settingsRow = (s: BookingSettings, actor: StudioUser) => ({
    weekly_hours: JSON.stringify(s.weeklyHours),
    days_off: JSON.stringify(s.daysOff),
    min_notice_minutes: s.minNoticeMinutes,
    buffer_minutes: s.bufferMinutes,
    daily_max: s.dailyMax,
    updated_by: actor.email,
    updated_at: new Date(now()).toISOString(),
  });

  const selectCalls = () =>
    db
      .selectFrom("bookings")
      .innerJoin("leads", "leads.id", "bookings.lead_id")
      .select([
        "bookings.id",
        "bookings.lead_id",
        "bookings.starts_at",
        "bookings.ends_at",
        "bookings.status",
        "bookings.topic",
        "bookings.company",
        "bookings.cancelled_by",
        "leads.first_name",
        "leads.last_name",
      ])
      // A call the visitor moved is cancelled with a successor pointing back at it.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("bookings as moved")
              .select("moved.id")
              .whereRef("moved.rescheduled_from", "=", "bookings.id"),
          )
          .as("rescheduled"),
      );
  const asCalls = (rows: Awaited<ReturnType<ReturnType<typeof selectCalls>["execute"]>>): AgendaCall[] =>
    rows.map((r) => ({ ...r, rescheduled: Boolean(r.rescheduled) }));
  return { database, outbox, now, db, settingsRow, selectCalls, asCalls };
}

export type BookingStudioContext = ReturnType<typeof bookingStudioContext>;
