import { paymentPackage } from "~/content/payment";
import { formatCad } from "~/lib/money";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentTable } from "../db/schema";
import { type OutboxHandlers, type OutboxItem, messageId } from "../outbox/outbox.server";
import type { Mailer } from "../mail/mailer.server";
import { quoteReference } from "../quotes/model";

/** The outbox channel of the studio's "payment received" email. */
export const PAYMENT_EMAIL = "payment-email";
export const PAYMENT_SUBJECT = "payment";

export function paymentOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: PAYMENT_EMAIL };
}

/** The studio's email about a paid payment; a sandbox one is marked [TEST] where the inbox shows it first. */
export function paymentReceivedEmail(payment: PaymentTable, confirmedAt: string, siteUrl: string) {
  const pkg = paymentPackage(payment.package);
  const amount = formatCad(Number(payment.amount_cents), { withCode: true });
  const test = payment.provider === "sandbox";
  const refund = payment.refund_status ? ` (${payment.refund_reason === "duplicate" ? "a duplicate" : `quote ${payment.refund_reason}`}): to refund` : "";
  return {
    subject: `${test ? "[TEST] " : ""}Payment received${refund ? " to refund" : ""}: ${pkg.name}, ${amount}${payment.quote_id ? `, quote ${quoteReference(payment.quote_id)}` : ""}`,
    text: [
      test ? `TEST PAYMENT made through the sandbox: no money moved.` : `A website payment was completed.`,
      ``,
      `Package:   ${pkg.name}`,
      `Amount:    ${amount}`,
      `Provider:  ${payment.provider}${test ? " (TEST: no money moved)" : ""}`,
      `Session:   ${payment.provider_session_id}`,
      `Payment:   ${payment.id}`,
      `Paid at:   ${payment.paid_at}`,
      ...(payment.quote_id
        ? [`Quote:     ${quoteReference(payment.quote_id)} (${payment.kind}, id ${payment.quote_id})`, `Lead:      ${payment.inquiry_id}`, `Lead page: ${siteUrl}/studio/leads/${payment.inquiry_id}`]
        : []),
      `Queued:    ${confirmedAt}`,
      ``,
      refund
        ? `Needs a refund${refund.replace(": to refund", "")}: the client was told it goes back. Refund it from the lead's page.`
        : `Next step: contact the customer about getting started.`,
    ].join("\n"),
  };
}

/** How the outbox worker delivers payment notifications. */
export function paymentDeliveryHandlers({ config, database, mailer }: { config: Pick<AppConfig, "SITE_URL">; database: AppDatabase; mailer: Mailer }): OutboxHandlers {
  return {
    [PAYMENT_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const payment = await database.db.selectFrom("payments").selectAll().where("id", "=", row.subject_id).executeTakeFirst();
        if (!payment) throw new Error(`payment ${row.subject_id} not found`);
        // The outbox row id as Message-ID: a retry after a lost answer is recognisable as the same mail.
        await mailer.send({ ...paymentReceivedEmail(payment, row.created_at, config.SITE_URL), messageId: messageId(row) });
      },
    },
  };
}
