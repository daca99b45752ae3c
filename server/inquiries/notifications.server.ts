import { createHash } from "node:crypto";
import type { Kysely, Selectable } from "kysely";

import { inquiryFieldsSchema, type Inquiry } from "~/schemas/inquiry";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { Database, LeadTable } from "../db/schema";
import { acknowledgementEmail } from "../mail/emails/acknowledgement";
import { inquiryEmail } from "../mail/emails/inquiry";
import { forwardToFormService } from "../mail/form-service.server";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxHandlers, type OutboxItem } from "../outbox/outbox.server";

/** Outbox channels of an inquiry: the studio's email, and the form service when configured. */
export const INQUIRY_EMAIL = "inquiry-email";
export const INQUIRY_FORM_SERVICE = "inquiry-form-service";
export const INQUIRY_SUBJECT = "inquiry";
/** The visitor's acknowledgement: a greeting and the 24-hour promise, nothing the visitor typed (mail/emails/acknowledgement.tsx). */
export const INQUIRY_ACK_EMAIL = "inquiry-ack-email";

/**
 * The notifications an inquiry in the inbox gets: the studio's email (with
 * everything) and, when `acknowledge`, the visitor's acknowledgement. Email is
 * always queued, so it goes out once SMTP is set up. Quarantined leads get none
 * until the studio moves them to the inbox.
 */
export function inquiryOutboxItems(
  config: Pick<AppConfig, "WEB3FORMS_ACCESS_KEY">,
  inquiryId: string,
  acknowledge: boolean,
): OutboxItem[] {
  const items: OutboxItem[] = [
    { subjectType: INQUIRY_SUBJECT, subjectId: inquiryId, channel: INQUIRY_EMAIL },
  ];
  if (acknowledge)
    items.push({ subjectType: INQUIRY_SUBJECT, subjectId: inquiryId, channel: INQUIRY_ACK_EMAIL });
  if (config.WEB3FORMS_ACCESS_KEY)
    items.push({ subjectType: INQUIRY_SUBJECT, subjectId: inquiryId, channel: INQUIRY_FORM_SERVICE });
  return items;
}

/** The key of an address in `acknowledgements`: a digest, not the address itself. */
export const recipientDigest = (email: string) =>
  createHash("sha256").update(`ack:${email.trim().toLowerCase()}`).digest("base64url");

/**
 * Reserves today's (UTC) acknowledgement to this address, inside the caller's
 * transaction: true for the first inquiry from it that day, false after. The
 * primary key decides between racing processes, so a form filled in a loop with
 * someone's address mails them once a day at most.
 */
export async function claimAcknowledgement(trx: Kysely<Database>, email: string, now: number) {
  const claimed = await trx
    .insertInto("acknowledgements")
    .values({ recipient_digest: recipientDigest(email), day: new Date(now).toISOString().slice(0, 10) })
    .onConflict((oc) => oc.columns(["recipient_digest", "day"]).doNothing())
    .returning("day")
    .execute();
  return claimed.length === 1;
}

export function inquiryFromRow(row: Selectable<LeadTable>): Inquiry {
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
  config: Pick<AppConfig, "WEB3FORMS_ACCESS_KEY" | "WEB3FORMS_URL" | "INQUIRY_TO" | "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
  /** Overridable so tests talk to a local fake form service. */
  fetch?: typeof fetch;
};

/** How the outbox worker delivers each inquiry channel. */
export function inquiryDeliveryHandlers(deps: InquiryDeliveryDeps): OutboxHandlers {
  const { config, database, mailer } = deps;

  async function load(id: string) {
    const row = await database.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) throw new Error(`inquiry ${id} not found`);
    // Stored rows passed the schema; parsing again guards the email against a hand-edited row.
    return inquiryFieldsSchema.parse(inquiryFromRow(row));
  }

  const handlers: OutboxHandlers = {
    [INQUIRY_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const inquiry = await load(row.subject_id);
        const leadLink = `${config.SITE_URL}/studio/leads/${row.subject_id}`;
        await mailer.send({ ...(await inquiryEmail(inquiry, leadLink)), messageId: messageId(row) });
      },
    },
    [INQUIRY_ACK_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const inquiry = await load(row.subject_id);
        const email = await acknowledgementEmail({ firstName: inquiry.firstName });
        await mailer.send({
          ...email,
          to: inquiry.email,
          replyTo: mailer.companyInbox,
          messageId: messageId(row),
        });
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
        await forwardToFormService(
          inquiry,
          { url: config.WEB3FORMS_URL, accessKey, toEmail: mailer.companyInbox },
          deps.fetch,
        );
      },
    };
  }
  return handlers;
}
