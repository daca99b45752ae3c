import { randomUUID } from "node:crypto";
import { sql } from "kysely";

import { bookingCopy } from "~/content/booking";
import { type BookingSubmission } from "~/schemas/booking";
import { ELAPSED_FIELD, HONEYPOT_FIELD, MIN_FILL_MS, type InquirySource } from "~/schemas/inquiry";

import type { Executor } from "../db/database.server";
import type { BookingRow } from "../db/schema";
import { insertLead, sourceColumns } from "../leads/insert.server";
import { SLOT_MINUTES, slotInstant } from "./availability.server";
import {
  enqueueAt,
  SlotTaken,
  view,
  type Booker,
  type BookingContext,
  type BookResult,
} from "./booking-context.server";
import { bookingCreatedItems } from "./notifications.server";
import { inSlot } from "./slots.server";
import { manageToken, tokenHash } from "./tokens.server";

/** Inserts the booking unless its slot is booked already (the partial unique index, on both databases); false when taken. */
export async function insertBooking(ctx: BookingContext, trx: Executor, row: BookingRow) {
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

/**
 * The lead a typed booking belongs to: the newest (not in Spam) with this email, or a new one
 * recorded as the inquiry form records its source. Joining says nothing to the visitor: what
 * they see and are emailed comes from what they typed (the booking's own name), never from
 * the lead, and the studio sees the address as not verified (issue 37).
 */
export async function leadFor(
  ctx: BookingContext,
  trx: Executor,
  b: BookingSubmission,
  from: InquirySource,
  t: number,
) {
  const existing = await trx
    .selectFrom("leads")
    .select(["id", "first_name"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", b.email.toLowerCase()))
    .where("quarantine_reason", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
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
  return { id: lead.id, created: true };
}

/**
 * The lead a signed-in client books under: theirs, whose address a link emailed to it proved
 * (the client portal, issue 39). Undefined when it no longer exists.
 */
async function clientLead(trx: Executor, leadId: string) {
  const lead = await trx
    .selectFrom("leads")
    .select(["id", "email"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  return lead && { id: lead.id, email: lead.email, created: false };
}

export function newBooking(
  ctx: BookingContext,
  leadId: string,
  start: string,
  b: Pick<BookingRow, "time_zone" | "topic" | "company" | "visitor_name" | "email" | "identity">,
  t: number,
  rescheduledFrom: string | null,
) {
  const { deps } = ctx;
  const id = randomUUID();
  const token = manageToken(deps.manageSecret, id);
  const at = new Date(t).toISOString();
  const row: BookingRow = {
    id,
    lead_id: leadId,
    starts_at: start,
    ends_at: slotInstant(new Date(Date.parse(start) + SLOT_MINUTES * 60_000).toISOString()),
    status: "booked",
    ...b,
    manage_token_hash: tokenHash(token),
    rescheduled_from: rescheduledFrom,
    cancelled_at: null,
    cancelled_by: null,
    held_at: null,
    no_show_at: null,
    created_at: at,
    updated_at: at,
  };
  return { row, token };
}

export async function book(
  ctx: BookingContext,
  raw: unknown,
  client: { clientIp: string; from?: InquirySource; booker?: Booker },
): Promise<BookResult> {
  const { now, admit, log, clientTag, deps } = ctx;
  const t = now();
  const admitted = await admit(raw, client.clientIp, t);
  if (!admitted.ok) return admitted.refusal;
  const { [HONEYPOT_FIELD]: honeypot, [ELAPSED_FIELD]: elapsed, ...b } = admitted.data;
  // A booking holds a slot others can no longer take, so a bot's is not kept (unlike an
  // inquiry's quarantine); a person who was merely fast is asked to send again (decision 0028).
  if (honeypot) {
    log.info({ client: clientTag(client.clientIp), reason: "honeypot" }, "booking ignored as spam");
    return { kind: "ignored" };
  }
  // A missing fill time counts as too fast (issue 37): the page's inline script always sends one,
  // so only a bot leaves it out, or a browser that ran no script, which is asked once to send
  // again like a fast person (the answer carries MIN_FILL_MS into the next send, app/routes/book.tsx).
  if (elapsed === undefined || elapsed < MIN_FILL_MS)
    return { kind: "invalid", error: bookingCopy.tooFast, fieldErrors: {} };

  const booker = client.booker ?? { kind: "typed" };
  const taken = await inSlot(ctx, b.slot, t, async (trx, start) => {
    const signedIn = booker.kind === "client" ? await clientLead(trx, booker.leadId) : undefined;
    const lead = signedIn ?? (await leadFor(ctx, trx, b, client.from ?? {}, t));
    const { row, token } = newBooking(
      ctx,
      lead.id,
      start,
      {
        time_zone: b.tz,
        topic: b.topic,
        company: b.company ?? null,
        visitor_name: b.name,
        // A signed-in client's proven address, else the one typed.
        email: signedIn?.email ?? b.email,
        identity: signedIn ? "client" : "typed",
      },
      t,
      null,
    );
    if (!(await insertBooking(ctx, trx, row))) throw new SlotTaken();
    await deps.timeline.record(
      trx,
      {
        leadId: lead.id,
        kind: "booking-created",
        detail: `Call booked for ${start}${bookedBy(row, lead.created)}`,
        actor: "visitor",
      },
      t,
    );
    await enqueueAt(trx, bookingCreatedItems(row, false), t);
    return { row, token };
  });
  if (!taken.ok) return taken.answer;
  const booked = taken.value;
  log.info({ bookingId: booked.row.id, inquiryId: booked.row.lead_id }, "call booked");
  deps.outbox?.wake();
  // Once per booking, after the commit: a losing racer records nothing.
  void deps.goals?.recordGoal({ name: "booking", leadId: booked.row.lead_id });
  return { kind: "booked", booking: view(booked.row), token: booked.token };
}

/**
 * Who booked, as the lead's timeline says it: a typed address that joined an existing lead is
 * said to be unproven, with the name typed, so the studio does not take it for the client.
 */
function bookedBy(row: Pick<BookingRow, "identity" | "visitor_name">, createdLead: boolean) {
  if (row.identity === "client") return " by the signed-in client";
  return createdLead ? "" : ` by "${row.visitor_name}", who typed this lead's email (not verified)`;
}
