import { bookingCopy } from "~/content/booking";
import { bookingIssues, bookingSubmissionSchema, type BookingFieldErrors } from "~/schemas/booking";

import type { GoalRecorder } from "../analytics/service.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase, Executor } from "../db/database.server";
import type { BookingActivityKind, BookingRow } from "../db/schema";
import { createFormGate, type FormRefusal } from "../http/form-gate.server";
import { createLogTag, type Logger } from "../logger.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import { type SlotProblem } from "./availability.server";
import type { CalendarSources } from "./calendar-sources.server";

/** What booking needs of the lead's timeline (server/leads/timeline.server.ts). */
export type BookingTimeline = {
  record(
    db: Executor,
    entry: { leadId: string; kind: BookingActivityKind; detail: string; actor: string },
    at: number,
  ): Promise<unknown>;
};

export type BookingServiceDeps = {
  config: Pick<AppConfig, "RATE_LIMIT_DISABLED" | "LOG_HASH_KEY">;
  database: AppDatabase;
  logger: Logger;
  /** The key the visitor's manage links are derived from (secretFor(config, "booking-links")). */
  manageSecret: string;
  /** Where bookings land in the lead's timeline. */
  timeline: BookingTimeline;
  outbox?: OutboxTrigger;
  /** Analytics: a booked call is a goal of its lead (absent: none recorded). */
  goals?: GoalRecorder;
  /** The studio's own calendars, whose busy times remove slots (absent: none). */
  calendar?: Pick<CalendarSources, "busy">;
  now?: () => number;
};

/**
 * A booking as its visitor sees it (the manage page and its data): only what was typed with
 * it and the studio's own settings, never what the lead stores about the address (issue 37).
 */
export type BookingView = Pick<
  BookingRow,
  "id" | "starts_at" | "ends_at" | "status" | "time_zone" | "topic" | "company"
> & { name: string | null };

/**
 * Who is booking. "typed": an address typed on /book, which proves nothing; the booking joins
 * the lead with that address but shows and emails only what was typed, and the studio sees
 * the address as not verified. "client": a client signed in by a link emailed to their lead's
 * address (the client portal, issue 39, passes this); the booking is theirs, marked verified.
 */
export type Booker = { kind: "typed" } | { kind: "client"; leadId: string };

export type BookResult =
  | { kind: "booked"; booking: BookingView; token: string }
  /** A bot (honeypot filled): answered like a success, nothing stored or sent. */
  | { kind: "ignored" }
  | FormRefusal<BookingFieldErrors>
  /** `nearest`: the open slots nearest the one asked for, in time order; `closest` the nearest of all. */
  | { kind: "slot"; problem: SlotProblem; error: string; nearest: string[]; closest?: string };

export type ManageResult =
  | {
      kind: "done";
      booking: BookingView;
      token?: string;
      /** The studio's video-call address, or null. */
      videoLink: string | null;
      cutoffMinutes: number;
      /** False inside the cut-off: the visitor is shown the studio's contact instead of the forms. */
      changeable: boolean;
    }
  | { kind: "bad-link"; error: string }
  /** Inside the cut-off: nothing changed; the message gives the studio's contact. */
  | { kind: "cutoff"; error: string }
  | { kind: "invalid"; error: string; fieldErrors: BookingFieldErrors }
  | { kind: "slot"; problem: SlotProblem; error: string; nearest: string[]; closest?: string };

/** Thrown inside a transaction to roll it back when the slot went to someone else. */
export class SlotTaken extends Error {}

export type SlotAnswer = Extract<BookResult, { kind: "slot" }>;

/** Thrown inside a transaction to roll it back when the re-check finds the slot no longer open. */
export class SlotClosed extends Error {
  constructor(readonly answer: SlotAnswer) {
    super(answer.problem);
  }
}

/**
 * The PostgreSQL advisory lock every booking and move takes (any constant no other lock uses):
 * the buffer and the daily maximum span several rows, so no index can hold them; one booking
 * at a time can.
 */
export const BOOKING_LOCK_KEY = 310_028;

export const LIVE: BookingRow["status"][] = ["booked", "held"];
export const DAY_MS = 24 * 60 * 60_000;

/**
 * Cancels a still-booked call for its visitor, if it starts no earlier than `earliest` (the
 * cut-off); false when it changed meanwhile (a concurrent cancel or move wins).
 */
export async function cancelByVisitor(trx: Executor, id: string, t: number, earliest: number) {
  const at = new Date(t).toISOString();
  const updated = await trx
    .updateTable("bookings")
    .set({ status: "cancelled", cancelled_at: at, cancelled_by: "visitor", updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "booked")
    .where("starts_at", ">=", new Date(earliest).toISOString().replace(/\.\d{3}Z$/, "Z"))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Outbox items with their due times (reminders wait for theirs); past ones are dropped. */
export async function enqueueAt(
  trx: Executor,
  items: { item: Parameters<typeof enqueue>[1][number]; dueAt?: number }[],
  t: number,
) {
  for (const { item, dueAt } of items) {
    if (dueAt !== undefined && dueAt <= t) continue;
    await enqueue(trx, [item], t, { dueAt });
  }
}

export function view(
  row: Pick<
    BookingRow,
    "id" | "starts_at" | "ends_at" | "status" | "time_zone" | "topic" | "company" | "visitor_name"
  >,
): BookingView {
  return {
    id: row.id,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: row.status,
    time_zone: row.time_zone,
    topic: row.topic,
    company: row.company,
    name: row.visitor_name,
  };
}

/** What the visitor's booking verbs work with: the deps, the clock, the rate limit and the log. */
export function bookingContext(deps: BookingServiceDeps) {
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
  return { deps, config, database, logger, db, now, log, admit, clientTag };
}

export type BookingContext = ReturnType<typeof bookingContext>;
