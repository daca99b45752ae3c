import type { Updateable } from "kysely";

import type { StudioUser } from "../auth/session-context.server";
import type { BookingActivityKind, BookingStatus, BookingTable } from "../db/schema";
import { insertLeadActivity } from "../leads/timeline.server";
import { whyNot } from "./cancel-call.server";
import { instant, type BookingResult, type BookingStudioContext } from "./studio-context.server";

/**
 * Marks a call that has started, from one of `from`: one conditional update with the lead's
 * timeline line (`kind`, `body` of the call's start), so of two tabs marking it at once one
 * changes it, as cancel does. Whether it changed it, and when (`at`) it tried.
 */
export async function markStarted(
  ctx: BookingStudioContext,
  id: string,
  actor: StudioUser,
  mark: {
    from: BookingStatus[];
    set: (at: string) => Updateable<BookingTable>;
    kind: BookingActivityKind;
    body: (startsAt: string) => string;
  },
) {
  const { now, db } = ctx;
  const t = now();
  const at = instant(t);
  const done = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("bookings")
      .set({ ...mark.set(at), updated_at: at })
      .where("id", "=", id)
      .where("status", "in", mark.from)
      .where("starts_at", "<=", at)
      .returning(["lead_id", "starts_at"])
      .executeTakeFirst();
    if (!row) return false;
    await insertLeadActivity(
      trx,
      { lead_id: row.lead_id, kind: mark.kind, body: mark.body(row.starts_at), actor_email: actor.email },
      t,
    );
    return true;
  });
  return { done, at };
}

/** Marks a call that has started as held (once, conditionally, as cancel). */
export async function markHeld(
  ctx: BookingStudioContext,
  id: string,
  actor: StudioUser,
): Promise<BookingResult> {
  const { done, at } = await markStarted(ctx, id, actor, {
    from: ["booked"],
    set: (at) => ({ status: "held", held_at: at }),
    kind: "booking-held",
    body: (startsAt) => `Call of ${startsAt} held`,
  });
  return done ? { ok: true, value: null } : whyNot(ctx, id, at);
}
