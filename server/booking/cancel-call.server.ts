import type { StudioUser } from "../auth/session-context.server";
import { insertLeadActivity } from "../leads/timeline.server";
import { enqueue } from "../outbox/outbox.server";
import { instant, type BookingResult, type BookingStudioContext } from "./studio-context.server";
import { BOOKING_SUBJECT, STUDIO_CANCEL_EMAIL } from "./studio-notifications.server";

/** A booking the action did not change: why, as the page says it. */
export async function whyNot(
  ctx: BookingStudioContext,
  id: string,
  started: string,
): Promise<BookingResult<never>> {
  const { db } = ctx;
  const row = await db
    .selectFrom("bookings")
    .select(["status", "starts_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return { ok: false, status: 404, error: "No such call." };
  if (row.status === "cancelled") return { ok: false, status: 409, error: "This call is already cancelled." };
  if (row.status === "held") return { ok: false, status: 409, error: "This call is already marked held." };
  if (row.status === "no-show")
    return { ok: false, status: 409, error: "This call is already marked a no-show." };
  return row.starts_at <= started
    ? { ok: false, status: 409, error: "This call has started: mark it held instead." }
    : { ok: false, status: 409, error: "A call can be marked held once it has started." };
}

/**
 * Cancels a call that has not started: one conditional update, so of two tabs
 * cancelling at once one changes it, queues the visitor's email and writes the
 * timeline entry; the other is told it is already cancelled.
 */
export async function cancel(
  ctx: BookingStudioContext,
  id: string,
  confirm: unknown,
  actor: StudioUser,
): Promise<BookingResult> {
  const { now, db, outbox } = ctx;
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
    await enqueue(trx, [{ subjectType: BOOKING_SUBJECT, subjectId: id, channel: STUDIO_CANCEL_EMAIL }], t);
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
  if (!done) return whyNot(ctx, id, at);
  outbox?.wake();
  return { ok: true, value: null };
}
