import { bookingCopy } from "~/content/booking";
import { bookingSubmissionSchema } from "~/schemas/booking";

import { readSettings } from "./availability.server";
import { insertBooking, newBooking } from "./book.server";
import {
  cancelByVisitor,
  enqueueAt,
  SlotTaken,
  view,
  type BookingContext,
  type ManageResult,
} from "./booking-context.server";
import { changeableAfter, cutoffAnswer, findByToken, insideCutoff } from "./manage.server";
import { bookingCreatedItems } from "./notifications.server";
import { inSlot } from "./slots.server";

/**
 * Moves the call: the old booking is cancelled and a new one (with a new link) takes the slot,
 * or nothing changes. Refused inside the cut-off, as a cancellation is.
 */
export async function reschedule(ctx: BookingContext, token: string, slot: unknown): Promise<ManageResult> {
  const { now, deps, log, db } = ctx;
  const [row, settings] = await Promise.all([findByToken(ctx, token), readSettings(db)]);
  if (!row) return { kind: "bad-link", error: bookingCopy.badLink };
  const parsed = bookingSubmissionSchema.shape.slot.safeParse(slot);
  if (!parsed.success)
    return {
      kind: "invalid",
      error: bookingCopy.invalid,
      fieldErrors: { slot: parsed.error.issues[0]!.message },
    };
  const t = now();
  if (insideCutoff(row.starts_at, settings, t)) return cutoffAnswer(settings);
  const taken = await inSlot(ctx, parsed.data, t, async (trx, start) => {
    if (!(await cancelByVisitor(trx, row.id, t, changeableAfter(settings, t)))) return undefined;
    const next = newBooking(
      ctx,
      row.lead_id,
      start,
      {
        time_zone: row.time_zone,
        topic: row.topic,
        company: row.company,
        visitor_name: row.visitor_name,
        email: row.email,
        identity: row.identity,
      },
      t,
      row.id,
    );
    if (!(await insertBooking(ctx, trx, next.row))) throw new SlotTaken();
    await deps.timeline.record(
      trx,
      {
        leadId: row.lead_id,
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
  return {
    kind: "done",
    booking: view(moved.row),
    token: moved.token,
    videoLink: settings.videoLink,
    cutoffMinutes: settings.cutoffMinutes,
    changeable: !insideCutoff(moved.row.starts_at, settings, t),
  };
}
