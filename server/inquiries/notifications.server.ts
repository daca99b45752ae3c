import type { Selectable } from "kysely";
import { siteConfig } from "~/content/site";
import { type Inquiry, inquiryFieldsSchema } from "~/schemas/inquiry";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { InquiryTable } from "../db/schema";
import { forwardToFormService } from "../mail/form-service.server";
import { acknowledgementEmail } from "../mail/client-emails";
import { inquiryEmail } from "../mail/inquiry-email.server";
import type { Mailer } from "../mail/mailer.server";
import type { OutboxHandlers, OutboxItem } from "./outbox.server";

/** Outbox channels of an inquiry: the studio's email, and the form service when configured. */
export const INQUIRY_EMAIL = "inquiry-email";
export const INQUIRY_FORM_SERVICE = "inquiry-form-service";
export const INQUIRY_SUBJECT = "inquiry";
/** The visitor's acknowledgement: a copy of what they sent and the 24-hour promise. */
export const INQUIRY_ACK_EMAIL = "inquiry-ack-email";

/**
 * The notifications a new (accepted, never spam) inquiry gets: the studio's
 * email and the visitor's acknowledgement. Email is always queued, so it goes
 * out once SMTP is set up.
 */
export function inquiryOutboxItems(config: Pick<AppConfig, "WEB3FORMS_ACCESS_KEY">, inquiryId: string): OutboxItem[] {
  const items: OutboxItem[] = [
    { subjectType: INQUIRY_SUBJECT, subjectId: inquiryId, channel: INQUIRY_EMAIL },
    { subjectType: INQUIRY_SUBJECT, subjectId: inquiryId, channel: INQUIRY_ACK_EMAIL },
  ];
  if (config.WEB3FORMS_ACCESS_KEY) items.push({ subjectType: INQUIRY_SUBJECT, subjectId: inquiryId, channel: INQUIRY_FORM_SERVICE });
  return items;
}

export function inquiryFromRow(row: Selectable<InquiryTable>): Inquiry {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone ?? undefined,
    company: row.company ?? undefined,
    projectType: row.project_type as Inquiry["projectType"],
    budget: (row.budget ?? undefined) as Inquiry["budget"],
    timeline: (row.timeline ?? undefined) as Inquiry["timeline"],
    message: row.message,
  };
}

export type InquiryDeliveryDeps = {
  config: Pick<AppConfig, "WEB3FORMS_ACCESS_KEY" | "WEB3FORMS_URL" | "INQUIRY_TO">;
  database: AppDatabase;
  mailer: Mailer;
  /** Overridable so tests talk to a local fake form service. */
  fetch?: typeof fetch;
};

/** How the outbox worker delivers each inquiry channel. */
export function inquiryDeliveryHandlers(deps: InquiryDeliveryDeps): OutboxHandlers {
  const { config, database, mailer } = deps;

  async function load(id: string) {
    const row = await database.db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new Error(`inquiry ${id} not found`);
    // Stored rows passed the schema; parsing again guards the email against a hand-edited row.
    return inquiryFieldsSchema.parse(inquiryFromRow(row));
  }

  const handlers: OutboxHandlers = {
    [INQUIRY_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const inquiry = await load(row.subject_id);
        await mailer.send({ ...inquiryEmail(inquiry), messageId: `<${row.id}@${siteConfig.email.split("@")[1]}>` });
      },
    },
    [INQUIRY_ACK_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const inquiry = await load(row.subject_id);
        const email = await acknowledgementEmail(inquiry);
        await mailer.send({ ...email, to: inquiry.email, replyTo: mailer.studioInbox, messageId: `<${row.id}@${siteConfig.email.split("@")[1]}>` });
      },
    },
  };
  // The form service is optional: without a key it has no handler (and no rows are queued for it).
  const accessKey = config.WEB3FORMS_ACCESS_KEY;
  if (accessKey) {
    handlers[INQUIRY_FORM_SERVICE] = {
      enabled: true,
      async deliver(row) {
        const inquiry = await load(row.subject_id);
        await forwardToFormService(inquiry, { url: config.WEB3FORMS_URL, accessKey, toEmail: mailer.studioInbox }, deps.fetch);
      },
    };
  }
  return handlers;
}
