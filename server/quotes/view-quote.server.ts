import {
  duePayment,
  effectiveStatus,
  OPEN_STATUSES,
  quoteContent,
  quoteReference,
  type QuoteRow,
} from "~/shared/quote-model";

import { documentLink, documentsOfQuote } from "../billing/documents.server";
import { agreementFile } from "./agreement.server";
import { documentPath, TOKEN_PATTERN, type CheckoutContext, type QuoteView } from "./checkout-context.server";
import { moveTo } from "./sign-quote.server";

export function byToken(ctx: CheckoutContext, token: string) {
  const { db } = ctx;
  if (!TOKEN_PATTERN.test(token)) return Promise.resolve(undefined);
  return db.selectFrom("quotes").selectAll().where("token", "=", token).executeTakeFirst();
}

/** The quote for its page; the first view of a sent quote marks it viewed, and an open one past its expiry expired. */
export async function view(ctx: CheckoutContext, token: string): Promise<QuoteView | undefined> {
  const { clock, db, agreementOf } = ctx;
  let quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return undefined;
  const t = clock();
  const status = effectiveStatus(quote, t);
  if (status === "expired" && quote.status !== "expired") quote = (await expire(ctx, quote, t)) ?? quote;
  else if (quote.status === "sent")
    quote =
      (await moveTo(ctx, quote, ["sent"], "viewed", { viewed_at: new Date(t).toISOString() }, t)) ?? quote;
  const [paid, lead, documents, agreement] = await Promise.all([
    db
      .selectFrom("payments")
      .select(["id", "kind", "amount_cents", "paid_at"])
      .where("quote_id", "=", quote.id)
      .where("status", "=", "paid")
      .where("refund_status", "is", null)
      .orderBy("paid_at")
      .execute(),
    db.selectFrom("leads").select(["first_name"]).where("id", "=", quote.lead_id).executeTakeFirst(),
    documentsOfQuote(db, [quote.id]),
    agreementOf(quote.id),
  ]);
  const content = quoteContent(quote);
  const due = duePayment(quote, t);
  return {
    reference: quoteReference(quote.id),
    status: effectiveStatus(quote, t),
    packageType: quote.package,
    lines: content.lines,
    subtotalCents: content.subtotalCents,
    taxes: content.taxes,
    totalCents: content.totalCents,
    depositPercent: content.depositPercent,
    depositCents: content.depositCents,
    balanceCents: content.balanceCents,
    terms: content.terms,
    expiresAt: quote.expires_at,
    due,
    payments: paid.map((p) => ({
      kind: p.kind ?? "full",
      amountCents: Number(p.amount_cents),
      paidAt: p.paid_at ?? "",
      reference: p.id.slice(0, 8).toUpperCase(),
    })),
    clientName: lead?.first_name ?? "",
    documents: documents.map((d) => ({ ...documentLink(d), href: documentPath(token, d.id) })),
    version: Number(quote.version),
    needsSignature: due !== null && due.kind !== "balance" && !agreement,
    agreement: agreement
      ? {
          signerName: agreement.signer_name,
          signerCompany: agreement.signer_company,
          signedAt: agreement.signed_at,
          sha256: agreement.content_sha256,
        }
      : null,
    declined: quote.declined_at !== null,
    canDecline: due !== null && due.kind !== "balance",
  };
}

/** Marks an open quote past its expiry expired, and closes its open checkouts: none may take money now. */
export async function expire(ctx: CheckoutContext, quote: QuoteRow, t: number) {
  const { payments } = ctx;
  const row = await moveTo(ctx, quote, OPEN_STATUSES, "expired", {}, t);
  if (row) await payments.closeQuoteCheckouts(row.id, "quote expired");
  return row;
}

/** The signed agreement's PDF for the client's link; undefined when the quote has no signature. */
export async function agreementDocument(
  ctx: CheckoutContext,
  token: string,
): Promise<{ filename: string; pdf: Buffer } | undefined> {
  const { agreementOf } = ctx;
  const quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return undefined;
  const agreement = await agreementOf(quote.id);
  return agreement ? agreementFile(agreement) : undefined;
}
