import { paymentPackage } from "~/content/payment";
import { paymentKindLabels } from "~/content/quotes";
import { formatSiteDate, formatSiteDateTimeWithZone } from "~/lib/site-time";
import { quoteReference } from "~/shared/quote-model";

import { documentFilename, renderDocumentPdf } from "../billing/documents.server";
import { CREDIT_NOTE_EMAIL } from "../billing/refunds.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { agreementEmail, agreementNoticeEmail } from "../mail/emails/agreement";
import { creditNoteEmail } from "../mail/emails/credit-note";
import { quoteEmail } from "../mail/emails/quote";
import { quoteReplyEmail } from "../mail/emails/quote-reply";
import { receiptEmail } from "../mail/emails/receipt";
import { refundNoticeEmail } from "../mail/emails/refund-notice";
import type { Mailer } from "../mail/mailer.server";
import { messageId, type OutboxHandlers, type OutboxItem, type OutboxRow } from "../outbox/outbox.server";
import { PAYMENT_SUBJECT } from "../payments/notifications.server";
import { agreementFile } from "./agreement.server";

/** Outbox channels of quotes: the quote to the client, the balance request, and the client's receipt. */
export const QUOTE_SUBJECT = "quote";
export const QUOTE_EMAIL = "quote-email";
export const QUOTE_BALANCE_EMAIL = "quote-balance-email";
export const RECEIPT_EMAIL = "receipt-email";
/** Money the quote did not take (late or duplicate): the client is told it goes back. */
export const REFUND_NOTICE_EMAIL = "refund-notice-email";

/** The signed agreement (PDF attached) to the client and to the studio; subject: the quote, so a lead's deletion takes them too. */
export const AGREEMENT_CLIENT_EMAIL = "agreement-client-email";
export const AGREEMENT_COMPANY_EMAIL = "agreement-studio-email";
/** The client's decline or question, to the studio; subject: its timeline row. */
export const QUOTE_REPLY_SUBJECT = "lead-activity";
export const QUOTE_DECLINED_EMAIL = "quote-declined-email";
export const QUOTE_QUESTION_EMAIL = "quote-question-email";

export function agreementOutboxItems(quoteId: string): OutboxItem[] {
  return [AGREEMENT_CLIENT_EMAIL, AGREEMENT_COMPANY_EMAIL].map((channel) => ({
    subjectType: QUOTE_SUBJECT,
    subjectId: quoteId,
    channel,
  }));
}

export function quoteReplyOutboxItem(intent: "decline" | "question", activityId: string): OutboxItem {
  return {
    subjectType: QUOTE_REPLY_SUBJECT,
    subjectId: activityId,
    channel: intent === "decline" ? QUOTE_DECLINED_EMAIL : QUOTE_QUESTION_EMAIL,
  };
}

export function receiptOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: RECEIPT_EMAIL };
}

export function refundNoticeOutboxItem(paymentId: string): OutboxItem {
  return { subjectType: PAYMENT_SUBJECT, subjectId: paymentId, channel: REFUND_NOTICE_EMAIL };
}

/** Dates in the studio's time zone, as a client reads them: "December 23, 2026". */
export const formatDate = formatSiteDate;

/** How the outbox worker delivers the quote emails, each to the lead's address. */
export function quoteDeliveryHandlers({
  config,
  database,
  mailer,
}: {
  config: Pick<AppConfig, "SITE_URL">;
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  const { db } = database;

  async function loadQuote(id: string) {
    const row = await db
      .selectFrom("quotes")
      .innerJoin("leads", "leads.id", "quotes.lead_id")
      .selectAll("quotes")
      .select(["leads.first_name", "leads.email"])
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
  async function attachment(
    where: { quoteId: string; kind: "invoice" } | { paymentId: string; kind: "receipt" },
    paymentKind?: string,
  ) {
    let query = db.selectFrom("money_documents").selectAll().where("kind", "=", where.kind);
    query =
      "paymentId" in where
        ? query.where("payment_id", "=", where.paymentId)
        : query.where("quote_id", "=", where.quoteId).where("payment_kind", "=", paymentKind as "deposit");
    const doc = await query.executeTakeFirst();
    return doc
      ? [
          {
            filename: documentFilename(doc),
            content: await renderDocumentPdf(doc),
            contentType: "application/pdf",
          },
        ]
      : [];
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
    const invoice = await attachment(
      { quoteId: q.id, kind: "invoice" },
      balance ? "balance" : deposit === null ? "full" : "deposit",
    );
    await mailer.send({
      ...email,
      to: q.email,
      replyTo: mailer.companyInbox,
      messageId: messageId(row),
      attachments: invoice,
    });
  }

  /** The agreement of a quote, to the client or the studio, with its PDF. A lead deleted since leaves nothing to send. */
  async function sendAgreement(row: OutboxRow, toCompany: boolean) {
    const agreement = await db
      .selectFrom("agreements")
      .selectAll()
      .where("quote_id", "=", row.subject_id)
      .executeTakeFirst();
    if (!agreement) throw new Error(`agreement of quote ${row.subject_id} not found`);
    const q = await loadQuote(row.subject_id);
    const content = JSON.parse(agreement.content) as {
      version: number;
      totalCents: number;
      schedule: { cents: number }[];
    };
    const data = {
      firstName: q.first_name,
      reference: quoteReference(q.id),
      version: content.version,
      signerName: agreement.signer_name,
      signerCompany: agreement.signer_company,
      signerEmail: agreement.signer_email,
      signedAt: formatSiteDateTimeWithZone(agreement.signed_at),
      totalCents: content.totalCents,
      firstPaymentCents: content.schedule[0]!.cents,
      sha256: agreement.content_sha256,
      link: `${config.SITE_URL}/quote/${q.token}`,
    };
    const file = await agreementFile(agreement);
    const email = toCompany ? await agreementNoticeEmail(data) : await agreementEmail(data);
    const attachments = [{ filename: file.filename, content: file.pdf, contentType: "application/pdf" }];
    await mailer.send({
      ...email,
      to: toCompany ? mailer.companyInbox : q.email,
      replyTo: toCompany ? q.email : mailer.companyInbox,
      messageId: messageId(row),
      attachments,
    });
  }

  async function sendReply(row: OutboxRow, kind: "declined" | "question") {
    const entry = await db
      .selectFrom("lead_activity")
      .innerJoin("leads", "leads.id", "lead_activity.lead_id")
      .select([
        "lead_activity.body",
        "leads.id as leadId",
        "leads.first_name",
        "leads.last_name",
        "leads.email",
      ])
      .where("lead_activity.id", "=", row.subject_id)
      .executeTakeFirst();
    // The lead was deleted since (a privacy request): there is nothing left to tell.
    if (!entry) return;
    const body = entry.body ?? "";
    const [reference, ...rest] = body.split(" ");
    const text = rest
      .join(" ")
      .replace(/^(declined|question):? ?/, "")
      .replace(/^\(no reason given\)$/, "");
    const email = await quoteReplyEmail({
      kind,
      reference: reference ?? "",
      clientName: `${entry.first_name} ${entry.last_name}`,
      clientEmail: entry.email,
      text: text || null,
      leadLink: `${config.SITE_URL}/studio/leads/${entry.leadId}`,
    });
    await mailer.send({ ...email, to: mailer.companyInbox, messageId: messageId(row) });
  }

  /** A refund's credit note (PDF attached) to the client. A lead deleted since leaves no address: nothing to send. */
  async function sendCreditNote(row: OutboxRow) {
    const note = await db
      .selectFrom("money_documents")
      .selectAll()
      .where("id", "=", row.subject_id)
      .where("kind", "=", "credit_note")
      .executeTakeFirst();
    if (!note) throw new Error(`credit note ${row.subject_id} not found`);
    const to = await db
      .selectFrom("leads")
      .leftJoin("payments", (j) => j.on("payments.id", "=", note.payment_id))
      .select(["leads.first_name", "leads.email", "payments.provider"])
      .where("leads.id", "=", note.lead_id)
      .executeTakeFirst();
    if (!to) return;
    const email = await creditNoteEmail({
      firstName: to.first_name,
      reference: quoteReference(note.quote_id),
      number: note.number,
      receiptNumber: note.credited_receipt ?? null,
      kindLabel: paymentKindLabels[note.payment_kind],
      amountCents: Number(note.amount_cents),
      issuedOn: formatDate(note.issued_at),
      reason: note.reason ?? "",
      test: to.provider === "sandbox",
    });
    const attachments = [
      {
        filename: documentFilename(note),
        content: await renderDocumentPdf(note),
        contentType: "application/pdf",
      },
    ];
    await mailer.send({
      ...email,
      to: to.email,
      replyTo: mailer.companyInbox,
      messageId: messageId(row),
      attachments,
    });
  }

  return {
    [CREDIT_NOTE_EMAIL]: { enabled: mailer.configured, deliver: sendCreditNote },
    [AGREEMENT_CLIENT_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendAgreement(row, false) },
    [AGREEMENT_COMPANY_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendAgreement(row, true) },
    [QUOTE_DECLINED_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendReply(row, "declined") },
    [QUOTE_QUESTION_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendReply(row, "question") },
    [QUOTE_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendQuote(row, false) },
    [QUOTE_BALANCE_EMAIL]: { enabled: mailer.configured, deliver: (row) => sendQuote(row, true) },
    [REFUND_NOTICE_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const { payment, q, facts } = await loadPayment(row.subject_id);
        const email = await refundNoticeEmail({ ...facts, reason: payment.refund_reason ?? "duplicate" });
        await mailer.send({ ...email, to: q.email, replyTo: mailer.companyInbox, messageId: messageId(row) });
      },
    },
    [RECEIPT_EMAIL]: {
      enabled: mailer.configured,
      async deliver(row) {
        const { payment, q, facts } = await loadPayment(row.subject_id);
        // After the deposit the balance is owed; a balance or full payment leaves nothing.
        const remaining =
          payment.kind === "deposit" ? Number(q.total_cents) - Number(payment.amount_cents) : 0;
        const email = await receiptEmail({ ...facts, remainingCents: remaining });
        const receipt = await attachment({ paymentId: payment.id, kind: "receipt" });
        await mailer.send({
          ...email,
          to: q.email,
          replyTo: mailer.companyInbox,
          messageId: messageId(row),
          attachments: receipt,
        });
      },
    },
  };
}
