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
import { portalLink } from "../mail/layout";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxRow } from "../outbox/outbox.server";
import { readSettings } from "./availability.server";
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

/**
 * A booking with what its visitor's emails may use: the name and address typed with it (`to`,
 * `name`, `firstName`), never the lead's stored name (issue 37). A booking from before
 * migration 0029 has no typed name: its emails greet no one and go to the lead's address.
 * The lead's name is kept apart (`leadName`), for the studio's notice only.
 */
async function load(ctx: BookingMailContext, id: string) {
  const { db } = ctx;
  const row = await db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .selectAll("bookings")
    .select([
      "leads.first_name as lead_first_name",
      "leads.last_name as lead_last_name",
      "leads.email as lead_email",
    ])
    .where("bookings.id", "=", id)
    .executeTakeFirst();
  if (!row) throw new Error(`booking ${id} not found`);
  const name = row.visitor_name ?? "";
  return {
    ...row,
    to: row.email ?? row.lead_email,
    name,
    firstName: name.split(/\s+/)[0] ?? "",
    leadName: `${row.lead_first_name} ${row.lead_last_name}`.trim(),
  };
}

/** The studio's video-call address as set now (booking settings). */
const videoLink = async (ctx: BookingMailContext) => (await readSettings(ctx.db)).videoLink;

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

const origin = (ctx: BookingMailContext, row: Pick<BookingRow, "id" | "rescheduled_from">) =>
  invitationOrigin(ctx.db, row);

/** The visitor's reminder, a day or an hour before the call. */
export async function sendReminder(ctx: BookingMailContext, row: OutboxRow, hoursBefore: 24 | 1) {
  const { config, mailer, manageSecret } = ctx;
  const b = await load(ctx, row.subject_id);
  // Cancelled or moved since it was queued: the reminder is done without a mail (the new booking has its own).
  if (b.status !== "booked") return;
  const email = await bookingReminderEmail({
    firstName: b.firstName,
    when: zoneDateTime(b.starts_at, b.time_zone),
    manageLink: manageLink(config.SITE_URL, manageToken(manageSecret, b.id)),
    portalUrl: portalLink(config.SITE_URL),
    hoursBefore,
    videoLink: await videoLink(ctx),
  });
  await mailer.send({ ...email, to: b.to, replyTo: mailer.companyInbox, messageId: messageId(row) });
}

/**
 * The company's notice of a call booked, moved or cancelled, with the lead's page. The studio
 * sees everything: the name typed, the lead's own when it differs, and whether the address
 * was proven (a typed one never is).
 */
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
    name: b.visitor_name ?? b.leadName,
    email: b.to,
    verified: b.identity === "client",
    leadName: b.visitor_name && b.leadName !== b.visitor_name ? b.leadName : undefined,
    company: b.company,
    topic: b.topic,
    when: formatSiteDateTimeWithZone(b.starts_at),
    previous: previous ? formatSiteDateTimeWithZone(previous.starts_at) : undefined,
    visitorZone: b.time_zone,
    leadLink: `${config.SITE_URL}/studio/leads/${b.lead_id}`,
  });
  await mailer.send({ ...email, replyTo: b.to, messageId: messageId(row) });
}

/** The visitor's confirmation with the calendar invitation; a booking cancelled since sends nothing. */
export async function sendConfirmation(ctx: BookingMailContext, row: OutboxRow) {
  const { config, mailer, manageSecret } = ctx;
  const b = await load(ctx, row.subject_id);
  if (b.status === "cancelled") return;
  const link = manageLink(config.SITE_URL, manageToken(manageSecret, b.id));
  const { uid, sequence } = await origin(ctx, b);
  const video = await videoLink(ctx);
  const email = await bookingConfirmationEmail({
    firstName: b.firstName,
    when: zoneDateTime(b.starts_at, b.time_zone),
    whenStudio: formatSiteDateTimeWithZone(b.starts_at),
    manageLink: link,
    rescheduled: sequence > 0,
    videoLink: video,
    portalUrl: portalLink(config.SITE_URL),
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
}

/** The visitor's cancellation, with the invitation's update that drops the event. */
export async function sendCancellation(ctx: BookingMailContext, row: OutboxRow) {
  const { config, mailer } = ctx;
  const b = await load(ctx, row.subject_id);
  // The same event the confirmation added (same UID), one step later.
  const { uid, sequence } = await origin(ctx, b);
  const link = `${config.SITE_URL}/book`;
  const email = await bookingCancelledEmail({
    firstName: b.firstName,
    when: zoneDateTime(b.starts_at, b.time_zone),
    bookLink: link,
    portalUrl: portalLink(config.SITE_URL),
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
}
