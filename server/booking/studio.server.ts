import type { AppDatabase } from "../db/database.server";
import { type OutboxTrigger } from "../outbox/outbox.server";
import { agenda, forLead } from "./agenda.server";
import { readSettings } from "./availability.server";
import type { CalendarSources } from "./calendar-sources.server";
import { saveAvailability, setDayOff } from "./call-settings.server";
import { cancel } from "./cancel-call.server";
import { markHeld } from "./mark-held.server";
import { markNoShow } from "./mark-no-show.server";
import { bookingStudioContext } from "./studio-context.server";

/**
 * The studio's side of discovery calls: its booking settings (the one `booking_settings`
 * row the visitor's slot computation reads), its own calendars that block slots, the agenda,
 * and cancelling or marking a call held or a no-show, each a timeline entry on the lead.
 * Writes only from the Calls pages' actions.
 */
export function createBookingStudio(deps: {
  database: AppDatabase;
  outbox?: OutboxTrigger;
  calendar: CalendarSources;
  now?: () => number;
}) {
  const ctx = bookingStudioContext(deps);
  const { calendar } = deps;
  return {
    readSettings: () => readSettings(ctx.db),
    saveAvailability: saveAvailability.bind(null, ctx),
    setDayOff: setDayOff.bind(null, ctx),
    agenda: agenda.bind(null, ctx),
    forLead: forLead.bind(null, ctx),
    cancel: cancel.bind(null, ctx),
    markHeld: markHeld.bind(null, ctx),
    markNoShow: markNoShow.bind(null, ctx),
    /** The studio's calendars: their state, connecting and removing one, reading them now. */
    calendars: {
      list: calendar.list,
      add: calendar.add,
      remove: calendar.remove,
      refreshAll: calendar.refreshAll,
    },
  };
}

export type BookingStudio = ReturnType<typeof createBookingStudio>;
