import { bookingCopy } from "~/content/booking";

import { enqueue } from "../outbox/outbox.server";
import { readSettings, type BookingSettings } from "./availability.server";
import { cancelByVisitor, view, type BookingContext, type ManageResult } from "./booking-context.server";
import { bookingCancelledItems } from "./notifications.server";
import { tokenHash } from "./tokens.server";

/** The live booking a manage link opens: still booked and not yet started; anything else is a bad link. */
export async function findByToken(ctx: BookingContext, token: string) {
  const { db, now } = ctx;
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  // The booking alone: nothing the lead stores about the address reaches its visitor (issue 37).
  const row = await db
    .selectFrom("bookings")
    .selectAll()
    .where("manage_token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.status !== "booked" || Date.parse(row.starts_at) <= now()) return undefined;
  return row;
}

/** The earliest start a visitor may still move or cancel online: inside the cut-off, they contact the studio. */
export const changeableAfter = (settings: Pick<BookingSettings, "cutoffMinutes">, t: number) =>
  t + settings.cutoffMinutes * 60_000;

export const insideCutoff = (startsAt: string, settings: Pick<BookingSettings, "cutoffMinutes">, t: number) =>
  Date.parse(startsAt) < changeableAfter(settings, t);

export const cutoffAnswer = (settings: Pick<BookingSettings, "cutoffMinutes">): ManageResult => ({
  kind: "cutoff",
  error: bookingCopy.cutoff(settings.cutoffMinutes),
});

export async function manage(ctx: BookingContext, token: string): Promise<ManageResult> {
  const [row, settings] = await Promise.all([findByToken(ctx, token), readSettings(ctx.db)]);
  if (!row) return { kind: "bad-link", error: bookingCopy.badLink };
  return {
    kind: "done",
    booking: view(row),
    videoLink: settings.videoLink,
    cutoffMinutes: settings.cutoffMinutes,
    changeable: !insideCutoff(row.starts_at, settings, ctx.now()),
  };
}

export async function cancel(ctx: BookingContext, token: string): Promise<ManageResult> {
  const { now, db, deps, log } = ctx;
  const [row, settings] = await Promise.all([findByToken(ctx, token), readSettings(db)]);
  if (!row) return { kind: "bad-link", error: bookingCopy.badLink };
  const t = now();
  if (insideCutoff(row.starts_at, settings, t)) return cutoffAnswer(settings);
  const done = await db.transaction().execute(async (trx) => {
    if (!(await cancelByVisitor(trx, row.id, t, changeableAfter(settings, t)))) return false;
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
  return {
    kind: "done",
    booking: view({ ...row, status: "cancelled" }),
    videoLink: settings.videoLink,
    cutoffMinutes: settings.cutoffMinutes,
    changeable: false,
  };
}
