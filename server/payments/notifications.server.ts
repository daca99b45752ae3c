import { flaggedRefundCause, flaggedRefundStatus } from "../billing/flagged-refund";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { paymentReceivedEmail } from "../mail/emails/payment-received";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxHandlers, type OutboxItem } from "../outbox/outbox.server";

/** The outbox channel of the studio's "payment received" email. */
export const PAYMENT_EMAIL = "payment-email";
export const PAYMENT_SUBJECT = "payment";

export function paymentOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: PAYMENT_EMAIL };
}

/** How the outbox worker delivers payment notifications. */
export function paymentDeliveryHandlers({
  config,
  database,
  mailer,
}: {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  return {
    [PAYMENT_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const payment = await database.db
          .selectFrom("payments")
          .selectAll()
          .select([flaggedRefundStatus.as("refund_status"), flaggedRefundCause.as("refund_reason")])
          .where("id", "=", row.subject_id)
          .executeTakeFirst();
        if (!payment) throw new Error(`payment ${row.subject_id} not found`);
        // The client by name (issue 37): the studio reads who paid, not an id.
        const lead = payment.lead_id
          ? await database.db
              .selectFrom("leads")
              .select(["first_name as firstName", "last_name as lastName", "company"])
              .where("id", "=", payment.lead_id)
              .executeTakeFirst()
          : undefined;
        // The outbox row id as Message-ID: a retry after a lost answer is recognisable as the same mail.
        await mailer.send({
          ...(await paymentReceivedEmail(payment, row.created_at, config.SITE_URL, lead)),
          messageId: messageId(row),
        });
      },
    },
  };
}
