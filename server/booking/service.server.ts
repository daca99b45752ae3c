import { randomUUID } from "node:crypto";
import { sql } from "kysely";

import { bookingCopy } from "~/content/booking";
import {
  bookingIssues,
  bookingSubmissionSchema,
  type BookingFieldErrors,
  type BookingSubmission,
} from "~/schemas/booking";
import { ELAPSED_FIELD, HONEYPOT_FIELD, MIN_FILL_MS, type InquirySource } from "~/schemas/inquiry";

import type { GoalRecorder } from "../analytics/service.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase, Executor } from "../db/database.server";
import type { BookingActivityKind, BookingTable } from "../db/schema";
import { createFormGate, type FormRefusal } from "../http/form-gate.server";
import { insertLead, sourceColumns } from "../inquiries/lead.server";
import { createLogTag, type Logger } from "../logger.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import {
  nearestSlots,
  openSlots,
  readSettings,
  SLOT_MINUTES,
  slotInstant,
  slotProblem,
  type SlotProblem,
} from "./availability.server";
import { bookingCancelledItems, bookingCreatedItems } from "./notifications.server";
import { manageToken, tokenHash } from "./tokens.server";

export type { BookingActivityKind };
export type BookingActivity = (
  db: Executor,
  entry: { leadId: string; kind: BookingActivityKind; detail: string; actor: string },
  at: number,
) => Promise<unknown>;

export type BookingServiceDeps = {
  config: Pick<AppConfig, "RATE_LIMIT_DISABLED" | "LOG_HASH_KEY">;
  database: AppDatabase;
  logger: Logger;
  /** The secret the visitor's manage links are derived from (studioAuthSecret). */
  manageSecret: string;
  /** Where bookings land in the lead's timeline (the studio implements it). */
  recordActivity: BookingActivity;
  outbox?: OutboxTrigger;
  /** Analytics: a booked call is a goal of its lead (absent: none recorded). */
  goals?: GoalRecorder;
  now?: () => number;
};

export type BookingView = Pick<
  BookingTable,
  "id" | "starts_at" | "ends_at" | "status" | "time_zone" | "topic" | "company"
> & { firstName: string };

export type BookResult =
  | { kind: "booked"; booking: BookingView; token: string }
  /** A bot (honeypot filled): answered like a success, nothing stored or sent. */
  | { kind: "ignored" }
  | FormRefusal<BookingFieldErrors>
  /** `nearest`: the open slots nearest the one asked for, in time order; `closest` the nearest of all. */
  | { kind: "slot"; problem: SlotProblem; error: string; nearest: string[]; closest?: string };

export type ManageResult =
  | { kind: "done"; booking: BookingView; token?: string }
  | { kind: "bad-link"; error: string }
  | { kind: "invalid"; error: string; fieldErrors: BookingFieldErrors }
  | { kind: "slot"; problem: SlotProblem; error: string; nearest: string[]; closest?: string };

/** Thrown inside a transaction to roll it back when the slot went to someone else. */
class SlotTaken extends Error {}

type SlotAnswer = Extract<BookResult, { kind: "slot" }>;

/** Thrown inside a transaction to roll it back when the re-check finds the slot no longer open. */
class SlotClosed extends Error {
  constructor(readonly answer: SlotAnswer) {
    super(answer.problem);
  }
}

/**
 * The PostgreSQL advisory lock every booking and move takes (any constant no other lock uses):
 * the buffer and the daily maximum span several rows, so no index can hold them; one booking
 * at a time can.
 */
const BOOKING_LOCK_KEY = 310_028;

const LIVE: BookingTable["status"][] = ["booked", "held"];
const DAY_MS = 24 * 60 * 60_000;

/** Booking a discovery call: one per slot (the unique index decides races; bookings are serialised for the buffer and daily maximum), tied to a lead, confirmed through the outbox. */
export function createBookingService(deps: BookingServiceDeps) {
  const { config, database, logger } = deps;
  const { db } = database;
  const now = deps.now ?? Date.now;
  const log = logger.child({ component: "booking" });
  const admit = createFormGate(database, {
    bucket: "bookings",
    form: "booking",
    config,
    log,
    schema: bookingSubmissionSchema,
    issues: bookingIssues,
    invalidMessage: bookingCopy.invalid,
  });
  const clientTag = createLogTag(config.LOG_HASH_KEY);

  async function liveBookings(t: number, executor: Executor = db) {
    return executor
      .selectFrom("bookings")
      .select(["starts_at", "ends_at", "status"])
      .where("status", "in", LIVE)
      .where("starts_at", ">=", new Date(t - DAY_MS).toISOString())
      .where("starts_at", "<", new Date(t + 16 * DAY_MS).toISOString())
      .execute();
  }

  /** The open slots of the next 14 days (ISO UTC instants). */
  async function slots(): Promise<string[]> {
    const t = now();
    const [settings, bookings] = await Promise.all([readSettings(db), liveBookings(t)]);
    return openSlots({ settings, bookings, now: t });
  }

  /** Why a slot cannot be booked now (with the nearest open ones), or null. */
  async function checkSlot(slot: string, t: number, executor: Executor = db) {
    const [settings, bookings] = await Promise.all([readSettings(executor), liveBookings(t, executor)]);
    const query = { settings, bookings, now: t };
    const problem = slotProblem(slot, query);
    return problem ? slotAnswer(problem, slot, openSlots(query)) : null;
  }

  function slotAnswer(problem: SlotProblem, slot: string, open: string[]) {
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
  async function serialisedCheck(trx: Executor, slot: string, t: number) {
    if (database.kind === "postgres")
      await sql`select pg_advisory_xact_lock(${sql.lit(BOOKING_LOCK_KEY)})`.execute(trx);
    const problem = await checkSlot(slot, t, trx);
    if (problem) throw new SlotClosed(problem);
  }

  /**
   * Books a slot through `work`, the one path to a new booking: the slot checked, then, in
   * `work`'s transaction, re-checked with bookings serialised (serialisedCheck); a slot no longer
   * open, or taken by a racer first (the unique index), is answered with the nearest open ones.
   */
  async function inSlot<R>(
    slot: string,
    t: number,
    work: (trx: Executor, start: string) => Promise<R>,
  ): Promise<{ ok: true; value: R } | { ok: false; answer: SlotAnswer }> {
    const problem = await checkSlot(slot, t);
    if (problem) return { ok: false, answer: problem };
    const start = slotInstant(slot);
    try {
      const value = await db.transaction().execute(async (trx) => {
        await serialisedCheck(trx, start, t);
        return work(trx, start);
      });
      return { ok: true, value };
    } catch (err) {
      if (err instanceof SlotClosed) return { ok: false, answer: err.answer };
      if (!(err instanceof SlotTaken)) throw err;
      return { ok: false, answer: slotAnswer("taken", start, await slots()) };
    }
  }

  /** Inserts the booking unless its slot is booked already (the partial unique index, on both databases); false when taken. */
  async function insertBooking(trx: Executor, row: BookingTable) {
    const inserted = await trx
      .insertInto("bookings")
      .values(row)
      // The index's own predicate, written literally: SQLite matches a partial index only by its text.
      .onConflict((oc) =>
        oc
          .column("starts_at")
          .where(sql<boolean>`status = 'booked'`)
          .doNothing(),
      )
      .returning("id")
      .execute();
    return inserted.length === 1;
  }

  /** The lead with this email (the newest not in Spam), or a new one recorded as the inquiry form records its source. */
  async function leadFor(trx: Executor, b: BookingSubmission, from: InquirySource, t: number) {
    const existing = await trx
      .selectFrom("inquiries")
      .select(["id", "first_name"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", b.email.toLowerCase()))
      .where("quarantine_reason", "is", null)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (existing) return { id: existing.id, firstName: existing.first_name, created: false };
    const [first, ...rest] = b.name.split(/\s+/);
    const lead = {
      id: randomUUID(),
      first_name: first!,
      last_name: rest.join(" "),
      email: b.email,
      phone: null,
      company: b.company ?? null,
      project_type: "custom",
      budget: null,
      timeline: null,
      message: `Booked a discovery call: ${b.topic}`,
      source: "form",
      created_at: new Date(t).toISOString(),
      ...sourceColumns(from, bookingCopy.path),
    };
    await insertLead(trx, lead);
    return { id: lead.id, firstName: lead.first_name, created: true };
  }

  function newBooking(
    leadId: string,
    start: string,
    b: Pick<BookingTable, "time_zone" | "topic" | "company">,
    t: number,
    rescheduledFrom: string | null,
  ) {
    const id = randomUUID();
    const token = manageToken(deps.manageSecret, id);
    const at = new Date(t).toISOString();
    const row: BookingTable = {
      id,
      inquiry_id: leadId,
      starts_at: start,
      ends_at: slotInstant(new Date(Date.parse(start) + SLOT_MINUTES * 60_000).toISOString()),
      status: "booked",
      ...b,
      manage_token_hash: tokenHash(token),
      rescheduled_from: rescheduledFrom,
      cancelled_at: null,
      cancelled_by: null,
      held_at: null,
      created_at: at,
      updated_at: at,
    };
    return { row, token };
  }

  async function book(raw: unknown, ctx: { clientIp: string; from?: InquirySource }): Promise<BookResult> {
    const t = now();
    const admitted = await admit(raw, ctx.clientIp, t);
    if (!admitted.ok) return admitted.refusal;
    const { [HONEYPOT_FIELD]: honeypot, [ELAPSED_FIELD]: elapsed, ...b } = admitted.data;
    // A booking holds a slot others can no longer take, so a bot's is not kept (unlike an
    // inquiry's quarantine); a person who was merely fast is asked to send again (decision 0028).
    if (honeypot) {
      log.info({ client: clientTag(ctx.clientIp), reason: "honeypot" }, "booking ignored as spam");
      return { kind: "ignored" };
    }
    // A missing fill time counts as too fast (issue 37): the page's inline script always sends one,
    // so only a bot leaves it out, or a browser that ran no script, which is asked once to send
    // again like a fast person (the answer carries MIN_FILL_MS into the next send, app/routes/book.tsx).
    if (elapsed === undefined || elapsed < MIN_FILL_MS)
      return { kind: "invalid", error: bookingCopy.tooFast, fieldErrors: {} };

    const taken = await inSlot(b.slot, t, async (trx, start) => {
      const lead = await leadFor(trx, b, ctx.from ?? {}, t);
      const { row, token } = newBooking(
        lead.id,
        start,
        { time_zone: b.tz, topic: b.topic, company: b.company ?? null },
        t,
        null,
      );
      if (!(await insertBooking(trx, row))) throw new SlotTaken();
      await deps.recordActivity(
        trx,
        { leadId: lead.id, kind: "booking-created", detail: `Call booked for ${start}`, actor: "visitor" },
        t,
      );
      await enqueueAt(trx, bookingCreatedItems(row, false), t);
      return { row, token, firstName: lead.firstName };
    });
    if (!taken.ok) return taken.answer;
    const booked = taken.value;
    log.info({ bookingId: booked.row.id, inquiryId: booked.row.inquiry_id }, "call booked");
    deps.outbox?.wake();
    // Once per booking, after the commit: a losing racer records nothing.
    void deps.goals?.recordGoal({ name: "booking", leadId: booked.row.inquiry_id });
    return { kind: "booked", booking: view(booked.row, booked.firstName), token: booked.token };
  }

  /** The live booking a manage link opens: still booked and not yet started; anything else is a bad link. */
  async function findByToken(token: string) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    const row = await db
      .selectFrom("bookings")
      .innerJoin("inquiries", "inquiries.id", "bookings.inquiry_id")
      .selectAll("bookings")
      .select("inquiries.first_name")
      .where("manage_token_hash", "=", tokenHash(token))
      .executeTakeFirst();
    if (!row || row.status !== "booked" || Date.parse(row.starts_at) <= now()) return undefined;
    return row;
  }

  async function manage(token: string): Promise<ManageResult> {
    const row = await findByToken(token);
    return row
      ? { kind: "done", booking: view(row, row.first_name) }
      : { kind: "bad-link", error: bookingCopy.badLink };
  }

  async function cancel(token: string): Promise<ManageResult> {
    const row = await findByToken(token);
    if (!row) return { kind: "bad-link", error: bookingCopy.badLink };
    const t = now();
    const done = await db.transaction().execute(async (trx) => {
      if (!(await cancelByVisitor(trx, row.id, t))) return false;
      await deps.recordActivity(
        trx,
        {
          leadId: row.inquiry_id,
          kind: "booking-cancelled",
          detail: `Call of ${row.starts_at} cancelled by the visitor`,
          actor: "visitor",
        },
        t,
      );
      await enqueue(trx, bookingCancelledItems(row.id), t);
      return true;
    });
    if (!done) return { kind: "bad-link", error: bookingCopy.badLink };
    log.info({ bookingId: row.id }, "call cancelled by the visitor");
    deps.outbox?.wake();
    return { kind: "done", booking: view({ ...row, status: "cancelled" }, row.first_name) };
  }

  /** Moves the call: the old booking is cancelled and a new one (with a new link) takes the slot, or nothing changes. */
  async function reschedule(token: string, slot: unknown): Promise<ManageResult> {
    const row = await findByToken(token);
    if (!row) return { kind: "bad-link", error: bookingCopy.badLink };
    const parsed = bookingSubmissionSchema.shape.slot.safeParse(slot);
    if (!parsed.success)
      return {
        kind: "invalid",
        error: bookingCopy.invalid,
        fieldErrors: { slot: parsed.error.issues[0]!.message },
      };
    const t = now();
    const taken = await inSlot(parsed.data, t, async (trx, start) => {
      if (!(await cancelByVisitor(trx, row.id, t))) return undefined;
      const next = newBooking(
        row.inquiry_id,
        start,
        { time_zone: row.time_zone, topic: row.topic, company: row.company },
        t,
        row.id,
      );
      if (!(await insertBooking(trx, next.row))) throw new SlotTaken();
      await deps.recordActivity(
        trx,
        {
          leadId: row.inquiry_id,
          kind: "booking-rescheduled",
          detail: `Call moved from ${row.starts_at} to ${start}`,
          actor: "visitor",
        },
        t,
      );
      await enqueueAt(trx, bookingCreatedItems(next.row, true), t);
      return next;
    });
    if (!taken.ok) return taken.answer;
    const moved = taken.value;
    if (!moved) return { kind: "bad-link", error: bookingCopy.badLink };
    log.info({ bookingId: moved.row.id, from: row.id }, "call rescheduled by the visitor");
    deps.outbox?.wake();
    return { kind: "done", booking: view(moved.row, row.first_name), token: moved.token };
  }

  return { slots, book, manage, cancel, reschedule };
}

export type BookingService = ReturnType<typeof createBookingService>;

/** Cancels a still-booked call for its visitor; false when it changed meanwhile (a concurrent cancel or move wins). */
async function cancelByVisitor(trx: Executor, id: string, t: number) {
  const at = new Date(t).toISOString();
  const updated = await trx
    .updateTable("bookings")
    .set({ status: "cancelled", cancelled_at: at, cancelled_by: "visitor", updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "booked")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Outbox items with their due times (reminders wait for theirs); past ones are dropped. */
async function enqueueAt(
  trx: Executor,
  items: { item: Parameters<typeof enqueue>[1][number]; dueAt?: number }[],
  t: number,
) {
  for (const { item, dueAt } of items) {
    if (dueAt !== undefined && dueAt <= t) continue;
    await enqueue(trx, [item], t, { dueAt });
  }
}

function view(
  row: Pick<BookingTable, "id" | "starts_at" | "ends_at" | "status" | "time_zone" | "topic" | "company">,
  firstName: string,
): BookingView {
  return {
    id: row.id,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: row.status,
    time_zone: row.time_zone,
    topic: row.topic,
    company: row.company,
    firstName,
  };
}
