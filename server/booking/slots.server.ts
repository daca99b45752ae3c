import { sql } from "kysely";

import { bookingCopy } from "~/content/booking";

import type { Executor } from "../db/database.server";
import {
  nearestSlots,
  openSlots,
  readSettings,
  slotInstant,
  slotProblem,
  type BusyTime,
  type SlotProblem,
} from "./availability.server";
import {
  BOOKING_LOCK_KEY,
  DAY_MS,
  LIVE,
  SlotClosed,
  SlotTaken,
  type BookingContext,
  type SlotAnswer,
} from "./booking-context.server";

export async function liveBookings(ctx: BookingContext, t: number, executor: Executor = ctx.db) {
  return executor
    .selectFrom("bookings")
    .select(["starts_at", "ends_at", "status"])
    .where("status", "in", LIVE)
    .where("starts_at", ">=", new Date(t - DAY_MS).toISOString())
    .where("starts_at", "<", new Date(t + 16 * DAY_MS).toISOString())
    .execute();
}

/**
 * The studio's calendars' busy times (null: one cannot be vouched for, so nothing is open).
 * Read before a booking's transaction, never inside it: a calendar server is not waited for
 * while bookings are serialised.
 */
export const calendarBusy = (ctx: BookingContext) => ctx.deps.calendar?.busy() ?? Promise.resolve([]);

/** The open slots of the next 14 days (ISO UTC instants). */
export async function slots(ctx: BookingContext): Promise<string[]> {
  const { now, db } = ctx;
  const t = now();
  const [settings, bookings, busy] = await Promise.all([
    readSettings(db),
    liveBookings(ctx, t),
    calendarBusy(ctx),
  ]);
  return openSlots({ settings, bookings, now: t, busy });
}

/** Why a slot cannot be booked now (with the nearest open ones), or null. */
export async function checkSlot(
  ctx: BookingContext,
  slot: string,
  t: number,
  busy: readonly BusyTime[] | null,
  executor: Executor = ctx.db,
) {
  const [settings, bookings] = await Promise.all([readSettings(executor), liveBookings(ctx, t, executor)]);
  const query = { settings, bookings, now: t, busy };
  const problem = slotProblem(slot, query);
  return problem ? slotAnswer(ctx, problem, slot, openSlots(query)) : null;
}

export function slotAnswer(ctx: BookingContext, problem: SlotProblem, slot: string, open: string[]) {
  const { now } = ctx;
  const error = problem === "taken" ? bookingCopy.taken : bookingCopy.slotProblems[problem];
  const around = Number.isNaN(Date.parse(slot)) ? new Date(now()).toISOString() : slot;
  return {
    kind: "slot" as const,
    problem,
    error,
    nearest: nearestSlots(around, open),
    closest: nearestSlots(around, open, 1)[0],
  };
}

/**
 * Opens a booking's transaction: waits for the bookings before it (PostgreSQL: the advisory
 * lock; SQLite: its write transactions begin IMMEDIATE, one at a time, across processes too),
 * then re-checks the slot against what they booked, so the buffer and the daily maximum hold.
 */
export async function serialisedCheck(
  ctx: BookingContext,
  trx: Executor,
  slot: string,
  t: number,
  busy: readonly BusyTime[] | null,
) {
  const { database } = ctx;
  if (database.kind === "postgres")
    await sql`select pg_advisory_xact_lock(${sql.lit(BOOKING_LOCK_KEY)})`.execute(trx);
  const problem = await checkSlot(ctx, slot, t, busy, trx);
  if (problem) throw new SlotClosed(problem);
}

/**
 * Books a slot through `work`, the one path to a new booking: the slot checked, then, in
 * `work`'s transaction, re-checked with bookings serialised (serialisedCheck); a slot no longer
 * open, or taken by a racer first (the unique index), is answered with the nearest open ones.
 */
export async function inSlot<R>(
  ctx: BookingContext,
  slot: string,
  t: number,
  work: (trx: Executor, start: string) => Promise<R>,
): Promise<{ ok: true; value: R } | { ok: false; answer: SlotAnswer }> {
  const { db } = ctx;
  const busy = await calendarBusy(ctx);
  const problem = await checkSlot(ctx, slot, t, busy);
  if (problem) return { ok: false, answer: problem };
  const start = slotInstant(slot);
  try {
    const value = await db.transaction().execute(async (trx) => {
      await serialisedCheck(ctx, trx, start, t, busy);
      return work(trx, start);
    });
    return { ok: true, value };
  } catch (err) {
    if (err instanceof SlotClosed) return { ok: false, answer: err.answer };
    if (!(err instanceof SlotTaken)) throw err;
    return { ok: false, answer: slotAnswer(ctx, "taken", start, await slots(ctx)) };
  }
}
