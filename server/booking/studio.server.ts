import type { AppDatabase } from "../db/database.server";
import { type OutboxTrigger } from "../outbox/outbox.server";
import { agenda, forLead } from "./agenda.server";
import { readSettings } from "./availability.server";
import { saveAvailability, setDayOff } from "./call-settings.server";
import { cancel } from "./cancel-call.server";
import { markHeld } from "./mark-held.server";
import { bookingStudioContext } from "./studio-context.server";

/**
 * The studio's side of discovery calls: its availability (the one `booking_settings`
 * row the visitor's slot computation reads), the agenda, and cancelling or marking a
 * call held, each a timeline entry on the lead. Writes only from the Calls pages' actions.
 */
export function createBookingStudio(deps: {
  database: AppDatabase;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  const ctx = bookingStudioContext(deps);
  return {
    readSettings: () => readSettings(ctx.db),
    saveAvailability: saveAvailability.bind(null, ctx),
    setDayOff: setDayOff.bind(null, ctx),
    agenda: agenda.bind(null, ctx),
    forLead: forLead.bind(null, ctx),
    cancel: cancel.bind(null, ctx),
    markHeld: markHeld.bind(null, ctx),
  };
}

export type BookingStudio = ReturnType<typeof createBookingStudio>;
