import type { BookingActivityKind } from "../db/schema";
import { book } from "./book.server";
import { bookingContext, type BookingServiceDeps } from "./booking-context.server";
import { invitation } from "./invitation.server";
import { cancel, manage } from "./manage.server";
import { reschedule } from "./reschedule.server";
import { slots } from "./slots.server";

export type { BookingActivityKind };

/** Booking a discovery call: one per slot (the unique index decides races; bookings are serialised for the buffer and daily maximum), tied to a lead, confirmed through the outbox. */
export function createBookingService(deps: BookingServiceDeps) {
  const ctx = bookingContext(deps);
  return {
    /** The clock the slots are computed at (tests move it): the page's days start on its date. */
    now: ctx.now,
    slots: slots.bind(null, ctx),
    book: book.bind(null, ctx),
    manage: manage.bind(null, ctx),
    cancel: cancel.bind(null, ctx),
    reschedule: reschedule.bind(null, ctx),
    invitation: invitation.bind(null, ctx),
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
