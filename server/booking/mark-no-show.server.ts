import type { StudioUser } from "../auth/session-context.server";
import { markStarted } from "./mark-held.server";
import type { BookingResult, BookingStudioContext } from "./studio-context.server";

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
  const { done } = await markStarted(ctx, id, actor, {
    from: ["booked", "held"],
    set: (at) => ({ status: "no-show", no_show_at: at, held_at: null }),
    kind: "booking-no-show",
    body: (startsAt) => `Call of ${startsAt}: the visitor did not come`,
  });
  if (done) return { ok: true, value: null };
  const row = await ctx.db
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
