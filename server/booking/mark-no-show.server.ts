import type { StudioUser } from "../auth/session-context.server";
import { insertLeadActivity } from "../leads/timeline.server";
import { instant, type BookingResult, type BookingStudioContext } from "./studio-context.server";

/**
 * Marks a call that has started as a no-show: the visitor did not come. From booked, or from
 * held (marked by mistake); once, conditionally, as cancel and held are. The funnel counts
 * no-shows by source (server/analytics/dashboard.server.ts).
 */
export async function markNoShow(
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
      .set({ status: "no-show", no_show_at: at, held_at: null, updated_at: at })
      .where("id", "=", id)
      .where("status", "in", ["booked", "held"])
      .where("starts_at", "<=", at)
      .returning(["lead_id", "starts_at"])
      .executeTakeFirst();
    if (!row) return false;
    await insertLeadActivity(
      trx,
      {
        lead_id: row.lead_id,
        kind: "booking-no-show",
        body: `Call of ${row.starts_at}: the visitor did not come`,
        actor_email: actor.email,
      },
      t,
    );
    return true;
  });
  if (done) return { ok: true, value: null };
  const row = await db
    .selectFrom("bookings")
    .select(["status", "starts_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return { ok: false, status: 404, error: "No such call." };
  if (row.status === "no-show")
    return { ok: false, status: 409, error: "This call is already marked a no-show." };
  if (row.status === "cancelled") return { ok: false, status: 409, error: "This call is already cancelled." };
  return { ok: false, status: 409, error: "A call can be marked a no-show once it has started." };
}
