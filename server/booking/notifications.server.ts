import type { BookingTable } from "../db/schema";
import type { OutboxHandlers, OutboxItem } from "../outbox/outbox.server";
import {
  bookingMailContext,
  sendCancellation,
  sendCompanyNotice,
  sendConfirmation,
  sendReminder,
  type BookingDeliveryDeps,
} from "./booking-emails.server";

export { bookingInvitation, manageLink, type BookingDeliveryDeps } from "./booking-emails.server";

/** Outbox channels of a booking: the visitor's confirmation and reminders, the studio's notices. */
export const BOOKING_SUBJECT = "booking";
export const BOOKING_CONFIRMATION_EMAIL = "booking-confirmation-email";
/** Notices to the company (its inbox); the channel names are stored in outbox rows and keep their old spelling. */
export const BOOKING_COMPANY_EMAIL = "booking-studio-email";
export const BOOKING_CANCELLED_COMPANY_EMAIL = "booking-cancelled-studio-email";
/** The visitor's cancellation, whoever cancelled: its invitation update (METHOD:CANCEL) drops the event. */
export const BOOKING_CANCELLED_EMAIL = "booking-cancelled-email";
export const BOOKING_REMINDER_24H_EMAIL = "booking-reminder-24h-email";
export const BOOKING_REMINDER_1H_EMAIL = "booking-reminder-1h-email";

const HOUR_MS = 60 * 60_000;
const item = (id: string, channel: string): OutboxItem => ({
  subjectType: BOOKING_SUBJECT,
  subjectId: id,
  channel,
});

/** What a new (or moved) booking queues: confirmation and studio notice now, reminders when due. */
export function bookingCreatedItems(row: Pick<BookingTable, "id" | "starts_at">, _rescheduled: boolean) {
  const start = Date.parse(row.starts_at);
  return [
    { item: item(row.id, BOOKING_CONFIRMATION_EMAIL) },
    { item: item(row.id, BOOKING_COMPANY_EMAIL) },
    { item: item(row.id, BOOKING_REMINDER_24H_EMAIL), dueAt: start - 24 * HOUR_MS },
    { item: item(row.id, BOOKING_REMINDER_1H_EMAIL), dueAt: start - HOUR_MS },
  ];
}

export const bookingCancelledItems = (id: string) => [
  item(id, BOOKING_CANCELLED_COMPANY_EMAIL),
  item(id, BOOKING_CANCELLED_EMAIL),
];

/** How the outbox worker delivers each booking channel. */
export function bookingDeliveryHandlers(deps: BookingDeliveryDeps): OutboxHandlers {
  const ctx = bookingMailContext(deps);
  const enabled = deps.mailer.configured;
  return {
    [BOOKING_CONFIRMATION_EMAIL]: { enabled, deliver: (row) => sendConfirmation(ctx, row) },
    [BOOKING_CANCELLED_EMAIL]: { enabled, deliver: (row) => sendCancellation(ctx, row) },
    [BOOKING_COMPANY_EMAIL]: { enabled, deliver: (row) => sendCompanyNotice(ctx, row, false) },
    [BOOKING_CANCELLED_COMPANY_EMAIL]: { enabled, deliver: (row) => sendCompanyNotice(ctx, row, true) },
    [BOOKING_REMINDER_24H_EMAIL]: { enabled, deliver: (row) => sendReminder(ctx, row, 24) },
    [BOOKING_REMINDER_1H_EMAIL]: { enabled, deliver: (row) => sendReminder(ctx, row, 1) },
  };
}
