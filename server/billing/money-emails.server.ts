import { paymentKindLabels } from "~/content/quotes";
import { formatSiteDate } from "~/lib/site-time";
import { quoteReference } from "~/shared/quote-model";

import { creditNoteEmail } from "../mail/emails/credit-note";
import { receiptEmail } from "../mail/emails/receipt";
import { refundNoticeEmail } from "../mail/emails/refund-notice";
import { portalLink } from "../mail/layout";
import { messageId, type OutboxRow } from "../outbox/outbox.server";
import { attachment, loadPayment, type QuoteMailContext } from "../quotes/quote-mail-context.server";
import { documentFile } from "./documents.server";

/** A refund's credit note (PDF attached) to the client. A lead deleted since leaves no address: nothing to send. */
export async function sendCreditNote(ctx: QuoteMailContext, row: OutboxRow) {
  const { db, mailer } = ctx;
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
    issuedOn: formatSiteDate(note.issued_at),
    reason: note.reason ?? "",
    test: to.provider === "sandbox",
    portalUrl: portalLink(ctx.config.SITE_URL),
  });
  const file = await documentFile(db, note, ctx.documents);
  const attachments = [{ filename: file.filename, content: file.pdf, contentType: "application/pdf" }];
  await mailer.send({
    ...email,
    to: to.email,
    replyTo: mailer.companyInbox,
    messageId: messageId(row),
    attachments,
  });
}

/** Money the quote did not take (late or duplicate): the client is told it goes back. */
export async function sendRefundNotice(ctx: QuoteMailContext, row: OutboxRow) {
  const { mailer } = ctx;
  const { payment, q, facts } = await loadPayment(ctx, row.subject_id);
  const flagged = await ctx.db
    .selectFrom("refunds")
    .select("cause")
    .where("payment_id", "=", payment.id)
    .where("cause", "is not", null)
    .executeTakeFirst();
  const email = await refundNoticeEmail({ ...facts, reason: flagged?.cause ?? "duplicate" });
  await mailer.send({ ...email, to: q.email, replyTo: mailer.companyInbox, messageId: messageId(row) });
}

/** The client's receipt of a quote payment, with its PDF. */
export async function sendReceipt(ctx: QuoteMailContext, row: OutboxRow) {
  const { mailer } = ctx;
  const { payment, q, facts } = await loadPayment(ctx, row.subject_id);
  // After the deposit the balance is owed; a balance or full payment leaves nothing.
  const remaining = payment.kind === "deposit" ? Number(q.total_cents) - Number(payment.amount_cents) : 0;
  const email = await receiptEmail({ ...facts, remainingCents: remaining });
  const receipt = await attachment(ctx, { paymentId: payment.id, kind: "receipt" });
  await mailer.send({
    ...email,
    to: q.email,
    replyTo: mailer.companyInbox,
    messageId: messageId(row),
    attachments: receipt,
  });
}
