import { paymentPackage } from "~/content/payment";
import { paymentKindLabels } from "~/content/quotes";
import { formatSiteDate } from "~/lib/site-time";
import { quoteReference } from "~/shared/quote-model";

import { documentFile } from "../billing/documents.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { documentStamp, type StampConfig } from "../documents/stamp.server";
import { portalLink } from "../mail/layout";
import type { Mailer } from "../mail/mailer.server";

export type QuoteMailDeps = {
  config: Pick<AppConfig, "SITE_URL"> & StampConfig;
  database: AppDatabase;
  mailer: Mailer;
};

/** What the quote emails are sent with: the site's address for links, the database and the mailer. */
export function quoteMailContext({ config, database, mailer }: QuoteMailDeps) {
  return { config, db: database.db, mailer, documents: documentStamp(config) };
}

export type QuoteMailContext = ReturnType<typeof quoteMailContext>;

/** The quote with its lead's first name and address. */
export async function loadQuote(ctx: QuoteMailContext, id: string) {
  const { db } = ctx;
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
export async function loadPayment(ctx: QuoteMailContext, id: string) {
  const { db } = ctx;
  const payment = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!payment?.quote_id || !payment.kind) throw new Error(`quote payment ${id} not found`);
  const q = await loadQuote(ctx, payment.quote_id);
  const receipt = await db
    .selectFrom("money_documents")
    .select("number")
    .where("payment_id", "=", payment.id)
    .where("kind", "=", "receipt")
    .executeTakeFirst();
  const facts = {
    firstName: q.first_name,
    reference: quoteReference(q.id),
    // A number the studio can look up, not a record id (issue 38).
    receiptNumber: receipt?.number ?? null,
    packageName: paymentPackage(payment.package).name,
    kindLabel: paymentKindLabels[payment.kind],
    amountCents: Number(payment.amount_cents),
    paidOn: formatSiteDate(payment.paid_at!),
    test: payment.provider === "sandbox",
    portalUrl: portalLink(ctx.config.SITE_URL),
  };
  return { payment: { ...payment, kind: payment.kind }, q, facts };
}

/** The PDF of a quote's document, as an attachment; none when it was not issued (a quote from before invoices). */
export async function attachment(
  ctx: QuoteMailContext,
  where: { quoteId: string; kind: "invoice" } | { paymentId: string; kind: "receipt" },
  paymentKind?: string,
) {
  const { db } = ctx;
  let query = db.selectFrom("money_documents").selectAll().where("kind", "=", where.kind);
  query =
    "paymentId" in where
      ? query.where("payment_id", "=", where.paymentId)
      : query.where("quote_id", "=", where.quoteId).where("payment_kind", "=", paymentKind as "deposit");
  const doc = await query.executeTakeFirst();
  if (!doc) return [];
  const file = await documentFile(db, doc, ctx.documents);
  return [{ filename: file.filename, content: file.pdf, contentType: "application/pdf" }];
}
