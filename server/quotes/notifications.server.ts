import { paymentPackage } from "~/content/payment";
import { formatSiteDate } from "~/lib/site-time";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { type OutboxHandlers, type OutboxItem, type OutboxRow, messageId } from "../outbox/outbox.server";
import { quoteEmail } from "../mail/emails/quote";
import { receiptEmail } from "../mail/emails/receipt";
import { refundNoticeEmail } from "../mail/emails/refund-notice";
import type { Mailer } from "../mail/mailer.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { paymentKindLabels } from "~/content/quotes";
import { documentFilename, renderDocumentPdf } from "./documents.server";
import { quoteReference } from "./model";

/** Outbox channels of quotes: the quote to the client, the balance request, and the client's receipt. */
export const QUOTE_SUBJECT = "quote";
export const QUOTE_EMAIL = "quote-email";
export const QUOTE_BALANCE_EMAIL = "quote-balance-email";
export const RECEIPT_EMAIL = "receipt-email";
/** Money the quote did not take (late or duplicate): the client is told it goes back. */
export const REFUND_NOTICE_EMAIL = "refund-notice-email";

export function receiptOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: RECEIPT_EMAIL };
}

export function refundNoticeOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: REFUND_NOTICE_EMAIL };
}

/** Dates in the studio's time zone, as a client reads them: "December 23, 2026". */
export const formatDate = formatSiteDate;


/** How the outbox worker delivers the quote emails, each to the lead's address. */
export function quoteDeliveryHandlers({ config, database, mailer }: { config: Pick<AppConfig, "SITE_URL">; database: AppDatabase; mailer: Mailer }): OutboxHandlers {
  const { db } = database;

  async function loadQuote(id: string) {
    const row = await db
      .selectFrom("quotes")
      .innerJoin("inquiries", "inquiries.id", "quotes.inquiry_id")
      .selectAll("quotes")
      .select(["inquiries.first_name", "inquiries.email"])
      .where("quotes.id", "=", id)
      .executeTakeFirst();
    if (!row) throw new Error(`quote ${id} not found`);
    return row;
  }

  /** A quote payment and what every client email about it states (receipt, refund notice). */
  async function loadPayment(id: string) {
    const payment = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
    if (!payment?.quote_id || !payment.kind) throw new Error(`quote payment ${id} not found`);
    const q = await loadQuote(payment.quote_id);
    const facts = {
      firstName: q.first_name,
      reference: quoteReference(q.id),
      paymentReference: payment.id.slice(0, 8).toUpperCase(),
      packageName: paymentPackage(payment.package).name,
      kindLabel: paymentKindLabels[payment.kind],
      amountCents: Number(payment.amount_cents),
      paidOn: formatDate(payment.paid_at!),
      test: payment.provider === "sandbox",
    };
    return { payment: { ...payment, kind: payment.kind }, q, facts };
  }

  /** The PDF of a quote's document, as an attachment; none when it was not issued (a quote from before invoices). */
  async function attachment(where: { quoteId: string; kind: "invoice" } | { paymentId: string; kind: "receipt" }, paymentKind?: string) {
    let query = db.selectFrom("money_documents").selectAll().where("kind", "=", where.kind);
    query = "paymentId" in where ? query.where("payment_id", "=", where.paymentId) : query.where("quote_id", "=", where.quoteId).where("payment_kind", "=", paymentKind as "deposit");
    const doc = await query.executeTakeFirst();
    return doc ? [{ filename: documentFilename(doc), content: await renderDocumentPdf(doc), contentType: "application/pdf" }] : [];
  }

  async function sendQuote(row: OutboxRow, balance: boolean) {
    const q = await loadQuote(row.subject_id);
    const total = Number(q.total_cents);
    const deposit = q.deposit_cents === null ? null : Number(q.deposit_cents);
    const email = await quoteEmail(
      {
        firstName: q.first_name,
        reference: quoteReference(q.id),
        packageName: paymentPackage(q.package).name,
        totalCents: total,
        depositCents: deposit,
        balanceCents: deposit === null ? null : total - deposit,
        expiresOn: formatDate(q.expires_at),
        link: `${config.SITE_URL}/quote/${q.token}`,
      },
      balance,
    );
    const invoice = await attachment({ quoteId: q.id, kind: "invoice" }, balance ? "balance" : deposit === null ? "full" : "deposit");
    await mailer.send({ ...email, to: q.email, replyTo: mailer.studioInbox, messageId: messageId(row), attachments: invoice });
  }

  return {
    [QUOTE_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendQuote(row, false) },
    [QUOTE_BALANCE_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendQuote(row, true) },
    [REFUND_NOTICE_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const { payment, q, facts } = await loadPayment(row.subject_id);
        const email = await refundNoticeEmail({ ...facts, reason: payment.refund_reason ?? "duplicate" });
        await mailer.send({ ...email, to: q.email, replyTo: mailer.studioInbox, messageId: messageId(row) });
      },
    },
    [RECEIPT_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const { payment, q, facts } = await loadPayment(row.subject_id);
        // After the deposit the balance is owed; a balance or full payment leaves nothing.
        const remaining = payment.kind === "deposit" ? Number(q.total_cents) - Number(payment.amount_cents) : 0;
        const email = await receiptEmail({ ...facts, remainingCents: remaining });
        const receipt = await attachment({ paymentId: payment.id, kind: "receipt" });
        await mailer.send({ ...email, to: q.email, replyTo: mailer.studioInbox, messageId: messageId(row), attachments: receipt });
      },
    },
  };
}
