import type { AppDatabase } from "../db/database.server";
import { leadReplyEmail } from "../mail/emails/lead-reply";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxHandlers, type OutboxRow } from "../outbox/outbox.server";
import { LEAD_REPLY_EMAIL } from "./reply.server";

/** The studio's reply from a lead's page, to the lead's address; the client's answer reaches the studio's inbox (Reply-To). */
async function sendLeadReply(database: AppDatabase, mailer: Mailer, row: OutboxRow) {
  const entry = await database.db
    .selectFrom("lead_activity")
    .innerJoin("leads", "leads.id", "lead_activity.lead_id")
    .select(["lead_activity.body", "leads.email"])
    .where("lead_activity.id", "=", row.subject_id)
    .where("lead_activity.kind", "=", "reply")
    .executeTakeFirst();
  // The lead was deleted since (a privacy request): the reply goes with it.
  if (!entry?.body) return;
  const [subject = "", ...rest] = entry.body.split("\n\n");
  const email = await leadReplyEmail({ subject, body: rest.join("\n\n") });
  await mailer.send({ ...email, to: entry.email, replyTo: mailer.companyInbox, messageId: messageId(row) });
}

/** How the outbox worker delivers the leads' emails sent from the back office. */
export function leadDeliveryHandlers({
  database,
  mailer,
}: {
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  return {
    [LEAD_REPLY_EMAIL]: {
      enabled: mailer.configured,
      deliver: (row) => sendLeadReply(database, mailer, row),
    },
  };
}
