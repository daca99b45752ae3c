import type { StudioUser } from "../auth/session-context.server";
import { insertLeadActivity } from "../leads/timeline.server";
import { whyNot } from "./cancel-call.server";
import { instant, type BookingResult, type BookingStudioContext } from "./studio-context.server";

/** Marks a call that has started as held (once, conditionally, as cancel). */
export async function markHeld(
  ctx: BookingStudioContext,
  id: string,
  actor: StudioUser,
): Promise<BookingResult> {
  const { now, db } = ctx;
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
  return done ? { ok: true, value: null } : whyNot(ctx, id, at);
}
