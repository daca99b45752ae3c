import { z } from "zod";

import type { StudioUser } from "../auth/session-context.server";
import type { AppDatabase } from "../db/database.server";
import type { BookingIdentity, BookingStatus } from "../db/schema";
import { type OutboxTrigger } from "../outbox/outbox.server";
import { type BookingSettings } from "./availability.server";

export type BookingResult<T = null> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: 400 | 404 | 409;
      error: string;
      /** Errors beside their fields (the settings form's ids: `hours-mon`, `cutoff`, ...). */
      fieldErrors?: Record<string, string>;
    };

/** The agenda lists calls this far back (held, missed or cancelled). */
export const RECENT_DAYS = 30;
export const DAY_MS = 24 * 60 * 60_000;

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
  /** The name typed with the booking (null before migration 0029). */
  visitor_name: string | null;
  /** "typed": the address was typed on /book and is not verified. */
  identity: BookingIdentity;
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
    cutoff_minutes: s.cutoffMinutes,
    video_link: s.videoLink,
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
        "bookings.visitor_name",
        "bookings.identity",
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
