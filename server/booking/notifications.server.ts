import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";

import { siteConfig } from "~/content/site";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { zoneDateTime } from "~/lib/zone-time";

import type { AppConfig } from "../config.server";
import type { AppDatabase, Executor } from "../db/database.server";
import type { BookingRow } from "../db/schema";
import { bookingCancelledEmail } from "../mail/emails/booking-cancelled";
import { bookingConfirmationEmail } from "../mail/emails/booking-confirmation";
import { bookingNoticeEmail } from "../mail/emails/booking-notice";
import { bookingReminderEmail } from "../mail/emails/booking-reminder";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxHandlers, type OutboxItem, type OutboxRow } from "../outbox/outbox.server";
import { readSettings } from "./availability.server";
import { manageToken } from "./tokens.server";

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
export function bookingCreatedItems(row: Pick<BookingRow, "id" | "starts_at">, _rescheduled: boolean) {
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
    /** The studio's video-call address: the event's LOCATION, and first in its DESCRIPTION. */
    videoLink?: string | null;
  },
  cancel = false,
  /** PUBLISH for a file the visitor downloads and imports; REQUEST (an invitation) in the email. */
  method: "REQUEST" | "PUBLISH" = "REQUEST",
) {
  const calendar = ical({
    prodId: { company: siteConfig.name, product: "Discovery call", language: "EN" },
    method: cancel
      ? ICalCalendarMethod.CANCEL
      : method === "PUBLISH"
        ? ICalCalendarMethod.PUBLISH
        : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${b.uid}@${siteConfig.email.split("@")[1]}`,
    sequence: b.sequence,
    start: new Date(b.starts_at),
    end: new Date(b.ends_at),
    summary: `Discovery call with ${siteConfig.name}`,
    description: [
      b.videoLink ? `Join the video call: ${b.videoLink}` : undefined,
      `A free 30-minute call about your website. Reschedule or cancel: ${b.link}`,
    ]
      .filter(Boolean)
      .join("\n\n"),
    ...(b.videoLink ? { location: b.videoLink } : {}),
    url: b.link,
    ...(cancel ? { status: ICalEventStatus.CANCELLED } : {}),
    organizer: { name: siteConfig.name, email: siteConfig.email },
    ...(b.email ? { attendees: [{ email: b.email, ...(b.name ? { name: b.name } : {}) }] } : {}),
  });
  return calendar.toString();
}

/** The first booking of a chain of reschedules (the invitation's UID), and how many moves led here (its SEQUENCE). */
export async function invitationOrigin(db: Executor, row: Pick<BookingRow, "id" | "rescheduled_from">) {
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

export type BookingDeliveryDeps = {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
  manageSecret: string;
};

/** How the outbox worker delivers each booking channel. */
export function bookingDeliveryHandlers({
  config,
  database,
  mailer,
  manageSecret,
}: BookingDeliveryDeps): OutboxHandlers {
  const { db } = database;

  /**
   * A booking with what its visitor's emails may use: the name and address typed with it
   * (`to`, `name`, `firstName`), never the lead's stored name (issue 37). A booking from
   * before migration 0037 has no typed name: its emails greet no one and go to the lead's address.
   */
  async function load(id: string) {
    const row = await db
      .selectFrom("bookings")
      .innerJoin("leads", "leads.id", "bookings.lead_id")
      .selectAll("bookings")
      .select(["leads.first_name as lead_first_name", "leads.last_name as lead_last_name", "leads.email as lead_email"])
      .where("bookings.id", "=", id)
      .executeTakeFirst();
    if (!row) throw new Error(`booking ${id} not found`);
    const name = row.visitor_name ?? "";
    return { ...row, to: row.email ?? row.lead_email, name, firstName: name.split(/\s+/)[0] ?? "" };
  }

  const videoLink = async () => (await readSettings(db)).videoLink;

  const origin = (row: Pick<BookingRow, "id" | "rescheduled_from">) => invitationOrigin(db, row);

  const leadName = (r: { lead_first_name: string; lead_last_name: string }) =>
    `${r.lead_first_name} ${r.lead_last_name}`.trim();

  async function reminder(row: OutboxRow, hoursBefore: 24 | 1) {
    const b = await load(row.subject_id);
    // Cancelled or moved since it was queued: the reminder is done without a mail (the new booking has its own).
    if (b.status !== "booked") return;
    const email = await bookingReminderEmail({
      firstName: b.firstName,
      when: zoneDateTime(b.starts_at, b.time_zone),
      manageLink: manageLink(config.SITE_URL, manageToken(manageSecret, b.id)),
      hoursBefore,
      videoLink: await videoLink(),
    });
    await mailer.send({ ...email, to: b.to, replyTo: mailer.companyInbox, messageId: messageId(row) });
  }

  async function companyNotice(row: OutboxRow, cancelled: boolean) {
    const b = await load(row.subject_id);
    const previous =
      !cancelled && b.rescheduled_from
        ? await db
            .selectFrom("bookings")
            .select("starts_at")
            .where("id", "=", b.rescheduled_from)
            .executeTakeFirst()
        : undefined;
    // The studio sees everything, and whether the address was proven; the name typed first.
    const stored = leadName(b);
    const email = await bookingNoticeEmail({
      change: cancelled ? "cancelled" : previous ? "rescheduled" : "booked",
      name: b.visitor_name ?? stored,
      email: b.to,
      verified: b.identity === "client",
      leadName: b.visitor_name && stored !== b.visitor_name ? stored : undefined,
      company: b.company,
      topic: b.topic,
      when: formatSiteDateTimeWithZone(b.starts_at),
      previous: previous ? formatSiteDateTimeWithZone(previous.starts_at) : undefined,
      visitorZone: b.time_zone,
      leadLink: `${config.SITE_URL}/studio/leads/${b.lead_id}`,
    });
    await mailer.send({ ...email, replyTo: b.to, messageId: messageId(row) });
  }

  return {
    [BOOKING_CONFIRMATION_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const b = await load(row.subject_id);
        if (b.status === "cancelled") return;
        const link = manageLink(config.SITE_URL, manageToken(manageSecret, b.id));
        const { uid, sequence } = await origin(b);
        const video = await videoLink();
        const email = await bookingConfirmationEmail({
          firstName: b.firstName,
          when: zoneDateTime(b.starts_at, b.time_zone),
          whenStudio: formatSiteDateTimeWithZone(b.starts_at),
          manageLink: link,
          rescheduled: sequence > 0,
          videoLink: video,
        });
        const invitation = bookingInvitation({
          uid,
          sequence,
          starts_at: b.starts_at,
          ends_at: b.ends_at,
          email: b.to,
          name: b.name,
          link,
          videoLink: video,
        });
        await mailer.send({
          ...email,
          to: b.to,
          replyTo: mailer.companyInbox,
          messageId: messageId(row),
          icalEvent: { method: "REQUEST", filename: "invitation.ics", content: invitation },
        });
      },
    },
    [BOOKING_CANCELLED_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const b = await load(row.subject_id);
        // The same event the confirmation added (same UID), one step later.
        const { uid, sequence } = await origin(b);
        const link = `${config.SITE_URL}/book`;
        const email = await bookingCancelledEmail({
          firstName: b.firstName,
          when: zoneDateTime(b.starts_at, b.time_zone),
          bookLink: link,
        });
        const update = bookingInvitation(
          {
            uid,
            sequence: sequence + 1,
            starts_at: b.starts_at,
            ends_at: b.ends_at,
            email: b.to,
            name: b.name,
            link,
          },
          true,
        );
        await mailer.send({
          ...email,
          to: b.to,
          replyTo: mailer.companyInbox,
          messageId: messageId(row),
          icalEvent: { method: "CANCEL", filename: "cancellation.ics", content: update },
        });
      },
    },
    [BOOKING_COMPANY_EMAIL]: { enabled: mailer.configured, deliver: (row) => companyNotice(row, false) },
    [BOOKING_CANCELLED_COMPANY_EMAIL]: {
      enabled: mailer.configured,
      deliver: (row) => companyNotice(row, true),
    },
    [BOOKING_REMINDER_24H_EMAIL]: { enabled: mailer.configured, deliver: (row) => reminder(row, 24) },
    [BOOKING_REMINDER_1H_EMAIL]: { enabled: mailer.configured, deliver: (row) => reminder(row, 1) },
  };
}
