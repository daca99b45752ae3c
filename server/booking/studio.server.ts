import { z } from "zod";

import { FORM_WEEKDAYS } from "~/studio/labels";

import type { StudioUser } from "../auth/session.server";
import type { AppDatabase } from "../db/database.server";
import type { BookingStatus } from "../db/schema";
import { insertLeadActivity } from "../leads/timeline.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import {
  bookingSettingsSchema,
  DEFAULT_BOOKING_SETTINGS,
  readSettings,
  WEEKDAYS,
  type BookingSettings,
  type Weekday,
} from "./availability.server";
import { BOOKING_SUBJECT, STUDIO_CANCEL_EMAIL } from "./studio-notifications.server";

export type BookingResult<T = null> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; error: string };

/** The agenda lists calls this far back (held, missed or cancelled). */
export const RECENT_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

const HALF_HOUR = /^(?:[01]\d|2[0-3]):[03]0$|^24:00$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One weekday's field, "09:00-12:00, 13:00-17:00" (empty: no calls that day), as sorted ranges. */
const dayField = (label: string) =>
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

const whole = (what: string, min: number, max: number) =>
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
const instant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

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

/**
 * The studio's side of discovery calls: its availability (the one `booking_settings`
 * row the visitor's slot computation reads), the agenda, and cancelling or marking a
 * call held, each a timeline entry on the lead. Writes only from the Calls pages' actions.
 */
export function createBookingStudio({
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

  /**
   * Changes the settings row from its current value, one change at a time: two tabs adding
   * days off at once both count (PostgreSQL locks the row; SQLite runs one write transaction
   * at a time). A change that refuses (returns an error) writes nothing.
   */
  async function updateSettings(
    change: (current: BookingSettings) => BookingSettings | string,
    actor: StudioUser,
  ): Promise<BookingResult> {
    return db.transaction().execute(async (trx) => {
      // The row exists before it is locked (the defaults until the first save).
      await trx
        .insertInto("booking_settings")
        .values({ id: "default", ...settingsRow(DEFAULT_BOOKING_SETTINGS, actor) })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      if (database.kind === "postgres")
        await trx
          .selectFrom("booking_settings")
          .select("id")
          .where("id", "=", "default")
          .forUpdate()
          .execute();
      const next = change(await readSettings(trx));
      if (typeof next === "string") return { ok: false, status: 400, error: next } as const;
      // The same schema the visitor's side reads with: nothing is stored that it would refuse.
      await trx
        .updateTable("booking_settings")
        .set(settingsRow(bookingSettingsSchema.parse(next), actor))
        .where("id", "=", "default")
        .execute();
      return { ok: true, value: null } as const;
    });
  }

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

  /** A booking the action did not change: why, as the page says it. */
  async function whyNot(id: string, started: string): Promise<BookingResult<never>> {
    const row = await db
      .selectFrom("bookings")
      .select(["status", "starts_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { ok: false, status: 404, error: "No such call." };
    if (row.status === "cancelled")
      return { ok: false, status: 409, error: "This call is already cancelled." };
    if (row.status === "held") return { ok: false, status: 409, error: "This call is already marked held." };
    return row.starts_at <= started
      ? { ok: false, status: 409, error: "This call has started: mark it held instead." }
      : { ok: false, status: 409, error: "A call can be marked held once it has started." };
  }

  return {
    readSettings: () => readSettings(db),

    /** The availability form: replaces the weekly hours, notice, buffer and maximum; the days off stay. */
    async saveAvailability(input: unknown, actor: StudioUser): Promise<BookingResult> {
      const parsed = availabilityFormSchema.safeParse(input);
      if (!parsed.success)
        return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid availability." };
      const f = parsed.data;
      const weeklyHours = Object.fromEntries(
        WEEKDAYS.map((d) => [d, f[d]]),
      ) as BookingSettings["weeklyHours"];
      return updateSettings(
        (current) => ({
          ...current,
          weeklyHours,
          minNoticeMinutes: f.minNoticeHours * 60,
          bufferMinutes: f.bufferMinutes,
          dailyMax: f.dailyMax,
        }),
        actor,
      );
    },

    /** Adds (or removes) one Vancouver date with no calls. */
    async setDayOff(input: unknown, off: boolean, actor: StudioUser): Promise<BookingResult> {
      const parsed = calendarDateSchema.safeParse(input);
      if (!parsed.success)
        return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Choose a date." };
      const day = parsed.data;
      return updateSettings((current) => {
        if (off && !current.daysOff.includes(day) && current.daysOff.length >= 366)
          return "At most 366 days off: remove past ones first.";
        return {
          ...current,
          daysOff: off
            ? [...new Set([...current.daysOff, day])].sort()
            : current.daysOff.filter((d) => d !== day),
        };
      }, actor);
    },

    /** Upcoming live calls (soonest first) and the last RECENT_DAYS days' calls and cancellations (latest first). */
    async agenda() {
      const t = now();
      const at = instant(t);
      const since = instant(t - RECENT_DAYS * DAY_MS);
      const [upcoming, recent] = await Promise.all([
        selectCalls()
          .where("bookings.status", "=", "booked")
          .where("bookings.ends_at", ">", at)
          .orderBy("bookings.starts_at")
          .limit(200)
          .execute(),
        selectCalls()
          .where("bookings.starts_at", ">=", since)
          .where((eb) => eb.or([eb("bookings.ends_at", "<=", at), eb("bookings.status", "!=", "booked")]))
          .orderBy("bookings.starts_at", "desc")
          .limit(200)
          .execute(),
      ]);
      return { upcoming: asCalls(upcoming), recent: asCalls(recent), now: at };
    },

    /** A lead's calls, latest first, for its page. */
    async forLead(inquiryId: string) {
      return asCalls(
        await selectCalls()
          .where("bookings.lead_id", "=", inquiryId)
          .orderBy("bookings.starts_at", "desc")
          .execute(),
      );
    },

    /**
     * Cancels a call that has not started: one conditional update, so of two tabs
     * cancelling at once one changes it, queues the visitor's email and writes the
     * timeline entry; the other is told it is already cancelled.
     */
    async cancel(id: string, confirm: unknown, actor: StudioUser): Promise<BookingResult> {
      if (confirm !== "yes")
        return { ok: false, status: 400, error: "Tick the box to confirm: the visitor is emailed." };
      const t = now();
      const at = instant(t);
      const done = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("bookings")
          .set({
            status: "cancelled",
            cancelled_at: at,
            cancelled_by: `studio:${actor.email}`,
            updated_at: at,
          })
          .where("id", "=", id)
          .where("status", "=", "booked")
          .where("starts_at", ">", at)
          .returning(["lead_id", "starts_at"])
          .executeTakeFirst();
        if (!row) return false;
        await enqueue(
          trx,
          [{ subjectType: BOOKING_SUBJECT, subjectId: id, channel: STUDIO_CANCEL_EMAIL }],
          t,
        );
        await insertLeadActivity(
          trx,
          {
            lead_id: row.lead_id,
            kind: "booking-cancelled",
            body: `Call of ${row.starts_at} cancelled by the studio`,
            actor_email: actor.email,
          },
          t,
        );
        return true;
      });
      if (!done) return whyNot(id, at);
      outbox?.wake();
      return { ok: true, value: null };
    },

    /** Marks a call that has started as held (once, conditionally, as cancel). */
    async markHeld(id: string, actor: StudioUser): Promise<BookingResult> {
      const t = now();
      const at = instant(t);
      const done = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("bookings")
          .set({ status: "held", held_at: at, updated_at: at })
          .where("id", "=", id)
          .where("status", "=", "booked")
          .where("starts_at", "<=", at)
          .returning(["lead_id", "starts_at"])
          .executeTakeFirst();
        if (!row) return false;
        await insertLeadActivity(
          trx,
          {
            lead_id: row.lead_id,
            kind: "booking-held",
            body: `Call of ${row.starts_at} held`,
            actor_email: actor.email,
          },
          t,
        );
        return true;
      });
      return done ? { ok: true, value: null } : whyNot(id, at);
    },
  };
}

export type BookingStudio = ReturnType<typeof createBookingStudio>;
