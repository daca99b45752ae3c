import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

import { siteConfig } from "~/content/site";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { zoneDateTime } from "~/lib/zone-time";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { BookingTable } from "../db/schema";
import { bookingCancelledEmail } from "../mail/emails/booking-cancelled";
import { bookingConfirmationEmail } from "../mail/emails/booking-confirmation";
import { bookingNoticeEmail } from "../mail/emails/booking-notice";
import { bookingReminderEmail } from "../mail/emails/booking-reminder";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxRow } from "../outbox/outbox.server";
import { manageToken } from "./tokens.server";

export const manageLink = (siteUrl: string, token: string) => `${siteUrl}/book/manage/${token}`;

/**
 * The calendar invitation (RFC 5545, by ical-generator): start and end as UTC instants
 * (DTSTART:...Z), right in every calendar whatever its zone. A moved call keeps the first
 * booking's UID with a higher SEQUENCE, so calendars update the event instead of adding one.
 */
export function bookingInvitation(
  b: {
    uid: string;
    sequence: number;
    starts_at: string;
    ends_at: string;
    email: string;
    name: string;
    link: string;
  },
  cancel = false,
) {
  const calendar = ical({
    prodId: { company: siteConfig.name, product: "Discovery call", language: "EN" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${b.uid}@${siteConfig.email.split("@")[1]}`,
    sequence: b.sequence,
    start: new Date(b.starts_at),
    end: new Date(b.ends_at),
    summary: `Discovery call with ${siteConfig.name}`,
    description: `A free 30-minute call about your website. Reschedule or cancel: ${b.link}`,
    url: b.link,
    ...(cancel ? { status: ICalEventStatus.CANCELLED } : {}),
    organizer: { name: siteConfig.name, email: siteConfig.email },
    attendees: [{ email: b.email, name: b.name }],
  });
  return calendar.toString();
}

export type BookingDeliveryDeps = {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
  manageSecret: string;
};

/** What the booking emails are sent with: the site's address, the database, the mailer and the manage links' key. */
export function bookingMailContext({ config, database, mailer, manageSecret }: BookingDeliveryDeps) {
  return { config, db: database.db, mailer, manageSecret };
}

export type BookingMailContext = ReturnType<typeof bookingMailContext>;

/** The booking with its lead's name and address. */
async function load(ctx: BookingMailContext, id: string) {
  const { db } = ctx;
  const row = await db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .selectAll("bookings")
    .select(["leads.first_name", "leads.last_name", "leads.email"])
    .where("bookings.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new Error(`booking ${id} not found`);
  return row;
}

/** The first booking of a chain of reschedules, and how many moves led here. */
async function origin(ctx: BookingMailContext, row: Pick<BookingTable, "id" | "rescheduled_from">) {
  const { db } = ctx;
  let uid = row.id;
  let from = row.rescheduled_from;
  let sequence = 0;
  while (from && sequence < 100) {
    const prev = await db
      .selectFrom("bookings")
      .select(["id", "rescheduled_from"])
      .where("id", "=", from)
      .executeTakeFirst();
    if (!prev) break;
    uid = prev.id;
    from = prev.rescheduled_from;
    sequence++;
  }
  return { uid, sequence };
}

const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();

/** The visitor's reminder, a day or an hour before the call. */
export async function sendReminder(ctx: BookingMailContext, row: OutboxRow, hoursBefore: 24 | 1) {
  const { config, mailer, manageSecret } = ctx;
  const b = await load(ctx, row.subject_id);
  // Cancelled or moved since it was queued: the reminder is done without a mail (the new booking has its own).
  if (b.status !== "booked") return;
  const email = await bookingReminderEmail({
    firstName: b.first_name,
    when: zoneDateTime(b.starts_at, b.time_zone),
    manageLink: manageLink(config.SITE_URL, manageToken(manageSecret, b.id)),
    hoursBefore,
  });
  await mailer.send({ ...email, to: b.email, replyTo: mailer.companyInbox, messageId: messageId(row) });
}

/** The company's notice of a call booked, moved or cancelled, with the lead's page. */
export async function sendCompanyNotice(ctx: BookingMailContext, row: OutboxRow, cancelled: boolean) {
  const { config, db, mailer } = ctx;
  const b = await load(ctx, row.subject_id);
  const previous =
    !cancelled && b.rescheduled_from
      ? await db
          .selectFrom("bookings")
          .select("starts_at")
          .where("id", "=", b.rescheduled_from)
          .executeTakeFirst()
      : undefined;
  const email = await bookingNoticeEmail({
    change: cancelled ? "cancelled" : previous ? "rescheduled" : "booked",
    name: fullName(b),
    email: b.email,
    company: b.company,
    topic: b.topic,
    when: formatSiteDateTimeWithZone(b.starts_at),
    previous: previous ? formatSiteDateTimeWithZone(previous.starts_at) : undefined,
    visitorZone: b.time_zone,
    leadLink: `${config.SITE_URL}/studio/leads/${b.lead_id}`,
  });
  await mailer.send({ ...email, replyTo: b.email, messageId: messageId(row) });
}

/** The visitor's confirmation with the calendar invitation; a booking cancelled since sends nothing. */
export async function sendConfirmation(ctx: BookingMailContext, row: OutboxRow) {
  const { config, mailer, manageSecret } = ctx;
  const b = await load(ctx, row.subject_id);
  if (b.status === "cancelled") return;
  const link = manageLink(config.SITE_URL, manageToken(manageSecret, b.id));
  const { uid, sequence } = await origin(ctx, b);
  const email = await bookingConfirmationEmail({
    firstName: b.first_name,
    when: zoneDateTime(b.starts_at, b.time_zone),
    whenStudio: formatSiteDateTimeWithZone(b.starts_at),
    manageLink: link,
    rescheduled: sequence > 0,
  });
  const invitation = bookingInvitation({
    uid,
    sequence,
    starts_at: b.starts_at,
    ends_at: b.ends_at,
    email: b.email,
    name: fullName(b),
    link,
  });
  await mailer.send({
    ...email,
    to: b.email,
    replyTo: mailer.companyInbox,
    messageId: messageId(row),
    icalEvent: { method: "REQUEST", filename: "invitation.ics", content: invitation },
  });
}

/** The visitor's cancellation, with the invitation's update that drops the event. */
export async function sendCancellation(ctx: BookingMailContext, row: OutboxRow) {
  const { config, mailer } = ctx;
  const b = await load(ctx, row.subject_id);
  // The same event the confirmation added (same UID), one step later.
  const { uid, sequence } = await origin(ctx, b);
  const link = `${config.SITE_URL}/book`;
  const email = await bookingCancelledEmail({
    firstName: b.first_name,
    when: zoneDateTime(b.starts_at, b.time_zone),
    bookLink: link,
  });
  const update = bookingInvitation(
    {
      uid,
      sequence: sequence + 1,
      starts_at: b.starts_at,
      ends_at: b.ends_at,
      email: b.email,
      name: fullName(b),
      link,
    },
    true,
  );
  await mailer.send({
    ...email,
    to: b.email,
    replyTo: mailer.companyInbox,
    messageId: messageId(row),
    icalEvent: { method: "CANCEL", filename: "cancellation.ics", content: update },
  });
}
