import { bookingCopy } from "~/content/booking";

import { enqueue } from "../outbox/outbox.server";
import { cancelByVisitor, view, type BookingContext, type ManageResult } from "./booking-context.server";
import { bookingCancelledItems } from "./notifications.server";
import { tokenHash } from "./tokens.server";

/** The live booking a manage link opens: still booked and not yet started; anything else is a bad link. */
export async function findByToken(ctx: BookingContext, token: string) {
  const { db, now } = ctx;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const row = await db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .selectAll("bookings")
    .select("leads.first_name")
    .where("manage_token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.status !== "booked" || Date.parse(row.starts_at) <= now()) return undefined;
  return row;
}

export async function manage(ctx: BookingContext, token: string): Promise<ManageResult> {
  const row = await findByToken(ctx, token);
  return row
    ? { kind: "done", booking: view(row, row.first_name) }
    : { kind: "bad-link", error: bookingCopy.badLink };
}

export async function cancel(ctx: BookingContext, token: string): Promise<ManageResult> {
  const { now, db, deps, log } = ctx;
  const row = await findByToken(ctx, token);
  if (!row) return { kind: "bad-link", error: bookingCopy.badLink };
  const t = now();
  const done = await db.transaction().execute(async (trx) => {
    if (!(await cancelByVisitor(trx, row.id, t))) return false;
    await deps.timeline.record(
      trx,
      {
        leadId: row.lead_id,
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
