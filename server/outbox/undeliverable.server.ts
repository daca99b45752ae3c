import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { INQUIRY_ACK_EMAIL, INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import { undeliverableEmail } from "../mail/emails/undeliverable";
import type { Mailer } from "../mail/mailer.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import {
  QUOTE_BALANCE_EMAIL,
  QUOTE_EMAIL,
  QUOTE_SUBJECT,
  RECEIPT_EMAIL,
} from "../quotes/notifications.server";
import {
  REMINDER_BALANCE_7,
  REMINDER_BALANCE_14,
  REMINDER_QUOTE_EXPIRING,
} from "../reminders/follow-ups.server";
import { messageId, type OutboxHandlers, type OutboxItem, type OutboxRow } from "./outbox.server";

/**
 * The studio's alert when an email to a client gives up (the outbox marks it failed
 * after its last attempt): one email per such message, through the outbox itself.
 * Only client emails raise one, and the alert is a studio email, so an alert that
 * cannot be delivered raises nothing (no loop); an undeliverable studio email is
 * for the operator's alert rule (docs/deploy.md#alert-rules).
 */
export const UNDELIVERABLE_ALERT = "undeliverable-alert";
/** The alert's subject is the outbox row that gave up. */
export const OUTBOX_SUBJECT = "outbox";

/** Emails to a client, and how the studio reads each. */
const CLIENT_EMAILS: Record<string, string> = {
  [INQUIRY_ACK_EMAIL]: "the acknowledgement of their inquiry",
  [QUOTE_EMAIL]: "their quote",
  [QUOTE_BALANCE_EMAIL]: "the balance request of their quote",
  [RECEIPT_EMAIL]: "their payment receipt",
  [REMINDER_QUOTE_EXPIRING]: "the reminder that their quote expires soon",
  [REMINDER_BALANCE_7]: "the first reminder that their balance is due",
  [REMINDER_BALANCE_14]: "the second reminder that their balance is due",
};

/** The outbox worker's onUndeliverable: an alert for a client email, none for anything else. */
export function undeliverableAlertItem(row: Pick<OutboxRow, "id" | "channel">): OutboxItem | undefined {
  return Object.hasOwn(CLIENT_EMAILS, row.channel)
    ? { subjectType: OUTBOX_SUBJECT, subjectId: row.id, channel: UNDELIVERABLE_ALERT }
    : undefined;
}

/** How the outbox worker delivers the alert: to the studio inbox. */
export function undeliverableAlertHandlers({
  config,
  database,
  mailer,
}: {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  const { db } = database;

  /** The lead an outbox row is about, through its quote or payment when it is not the inquiry itself. */
  async function leadOf(row: OutboxRow) {
    let inquiryId: string | null | undefined;
    if (row.subject_type === INQUIRY_SUBJECT) inquiryId = row.subject_id;
    else if (row.subject_type === QUOTE_SUBJECT)
      inquiryId = (
        await db.selectFrom("quotes").select("lead_id").where("id", "=", row.subject_id).executeTakeFirst()
      )?.lead_id;
    else if (row.subject_type === PAYMENT_SUBJECT)
      inquiryId = (
        await db.selectFrom("payments").select("lead_id").where("id", "=", row.subject_id).executeTakeFirst()
      )?.lead_id;
    if (!inquiryId) return undefined;
    return db
      .selectFrom("leads")
      .select(["id", "first_name", "last_name", "email"])
      .where("id", "=", inquiryId)
      .executeTakeFirst();
  }

  return {
    [UNDELIVERABLE_ALERT]: {
      enabled: mailer.configured,
      async deliver(alert) {
        const failed = await db
          .selectFrom("outbox")
          .selectAll()
          .where("id", "=", alert.subject_id)
          .executeTakeFirst();
        if (!failed) throw new Error(`outbox row ${alert.subject_id} not found`);
        const lead = await leadOf(failed);
        const email = await undeliverableEmail({
          what: CLIENT_EMAILS[failed.channel] ?? failed.channel,
          client: lead && { firstName: lead.first_name, lastName: lead.last_name, email: lead.email },
          leadUrl: lead && `${config.SITE_URL}/studio/leads/${lead.id}`,
          attempts: Number(failed.attempts),
          queuedAt: failed.created_at,
          lastError: failed.last_error,
        });
        await mailer.send({ ...email, messageId: messageId(alert) });
      },
    },
  };
}
