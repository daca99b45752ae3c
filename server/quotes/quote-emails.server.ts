import { paymentPackage } from "~/content/payment";
import { formatSiteDate, formatSiteDateTimeWithZone } from "~/lib/site-time";
import { quoteReference } from "~/shared/quote-model";

import { agreementEmail, agreementNoticeEmail } from "../mail/emails/agreement";
import { quoteEmail } from "../mail/emails/quote";
import { quoteReplyEmail } from "../mail/emails/quote-reply";
import { portalLink } from "../mail/layout";
import { markTest } from "../mail/test-mark";
import { messageId, type OutboxRow } from "../outbox/outbox.server";
import { agreementFile } from "./agreement.server";
import { attachment, loadQuote, type QuoteMailContext } from "./quote-mail-context.server";

/**
 * The quote to the client (its facts and its page), or the request for its
 * balance with the balance's invoice. A quote carries no invoice: the
 * deposit's is issued when the client signs and goes with the agreement.
 */
export async function sendQuote(ctx: QuoteMailContext, row: OutboxRow, balance: boolean) {
  const { config, mailer } = ctx;
  const q = await loadQuote(ctx, row.subject_id);
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
      expiresOn: formatSiteDate(q.expires_at),
      link: `${config.SITE_URL}/quote/${q.token}`,
      portalUrl: portalLink(config.SITE_URL),
      note: q.send_note ?? null,
    },
    balance,
  );
  const invoice = balance ? await attachment(ctx, { quoteId: q.id, kind: "invoice" }, "balance") : [];
  await mailer.send({
    ...markTest(email, ctx.documents.test),
    to: q.email,
    replyTo: mailer.companyInbox,
    messageId: messageId(row),
    attachments: invoice,
  });
}

/**
 * The agreement of a quote, to the client or the studio, with its PDF; the
 * client's also carries the invoice the signature issued. A lead deleted
 * since leaves nothing to send.
 */
export async function sendAgreement(ctx: QuoteMailContext, row: OutboxRow, toCompany: boolean) {
  const { config, db, mailer } = ctx;
  const agreement = await db
    .selectFrom("agreements")
    .selectAll()
    .where("quote_id", "=", row.subject_id)
    .executeTakeFirst();
  if (!agreement) throw new Error(`agreement of quote ${row.subject_id} not found`);
  const q = await loadQuote(ctx, row.subject_id);
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
    portalUrl: portalLink(config.SITE_URL),
  };
  const file = await agreementFile(agreement, ctx);
  const invoice = toCompany
    ? []
    : await attachment(
        ctx,
        { quoteId: q.id, kind: "invoice" },
        q.deposit_cents === null ? "full" : "deposit",
      );
  const email = toCompany
    ? await agreementNoticeEmail(data)
    : await agreementEmail({ ...data, invoiced: invoice.length > 0 });
  const attachments = [
    { filename: file.filename, content: file.pdf, contentType: "application/pdf" },
    ...invoice,
  ];
  await mailer.send({
    ...markTest(email, ctx.documents.test),
    to: toCompany ? mailer.companyInbox : q.email,
    replyTo: toCompany ? q.email : mailer.companyInbox,
    messageId: messageId(row),
    attachments,
  });
}

/** The client's decline or question, to the company's inbox with a link to the lead. */
export async function sendReply(ctx: QuoteMailContext, row: OutboxRow, kind: "declined" | "question") {
  const { config, db, mailer } = ctx;
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
