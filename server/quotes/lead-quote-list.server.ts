import { duePayment, effectiveStatus, quoteReference } from "~/shared/quote-model";

import { documentFile, documentLink, documentsOfQuote } from "../billing/documents.server";
import { notFlagged } from "../billing/flagged-refund";
import { agreementFile } from "./agreement.server";
import { type LeadQuote, type LeadQuotesContext } from "./lead-quotes-context.server";

export async function ofLead(ctx: LeadQuotesContext, leadId: string, quoteId: string) {
  const { service } = ctx;
  const quote = await service.get(quoteId);
  return quote?.lead_id === leadId ? quote : undefined;
}

/** One of this lead's documents as a PDF download; undefined when it is not this lead's. */
export async function documentPdf(ctx: LeadQuotesContext, leadId: string, documentId: string) {
  const { db } = ctx;
  const doc = await db
    .selectFrom("money_documents")
    .selectAll()
    .where("id", "=", documentId)
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  return doc ? documentFile(db, doc, ctx.documents) : undefined;
}

export async function list(ctx: LeadQuotesContext, leadId: string): Promise<LeadQuote[]> {
  const { service, db, now } = ctx;
  const quotes = await service.list({ inquiryId: leadId });
  if (quotes.length === 0) return [];
  const payments = await db
    .selectFrom("payments")
    .select(["quote_id", "kind", "amount_cents"])
    .where(
      "quote_id",
      "in",
      quotes.map((q) => q.id),
    )
    .where("status", "=", "paid")
    // Money flagged for a refund did not pay for the quote.
    .where(notFlagged)
    .orderBy("paid_at")
    .execute();
  const documents = await documentsOfQuote(
    db,
    quotes.map((q) => q.id),
  );
  const agreements = await db
    .selectFrom("agreements")
    .select(["quote_id", "signer_name", "signer_company", "signed_at", "content_sha256"])
    .where(
      "quote_id",
      "in",
      quotes.map((q) => q.id),
    )
    .execute();
  const counters = await db
    .selectFrom("countersignatures")
    .select(["quote_id", "name", "role", "signed_at"])
    .where(
      "quote_id",
      "in",
      quotes.map((q) => q.id),
    )
    .execute();
  const t = now();
  return quotes.map((q) => {
    const a = agreements.find((r) => r.quote_id === q.id);
    const c = counters.find((r) => r.quote_id === q.id);
    const status = effectiveStatus(q, t);
    return {
      id: q.id,
      reference: quoteReference(q.id),
      status,
      packageType: q.package,
      totalCents: Number(q.total_cents),
      depositCents: q.deposit_cents === null ? null : Number(q.deposit_cents),
      paid: payments
        .filter((p) => p.quote_id === q.id)
        .map((p) => ({ kind: p.kind ?? "full", amountCents: Number(p.amount_cents) })),
      link: service.link(q),
      createdAt: q.created_at,
      expiresAt: q.expires_at,
      balanceRequested: q.balance_requested_at !== null,
      documents: documents.filter((d) => d.quote_id === q.id).map(documentLink),
      version: Number(q.version),
      signed: a
        ? {
            name: a.signer_name,
            company: a.signer_company,
            at: a.signed_at,
            sha256: a.content_sha256,
            pdf: `/api/studio/leads/${q.lead_id}/quotes/${q.id}/agreement.pdf`,
          }
        : null,
      countersigned: c ? { name: c.name, role: c.role, at: c.signed_at } : null,
      declined: q.declined_at !== null,
      note: q.send_note ?? null,
      can: {
        send: status === "draft",
        withdraw: status === "draft" || (duePayment(q, t) !== null && status !== "deposit_paid"),
        requestBalance: status === "deposit_paid" && q.balance_requested_at === null,
        // Replaced by a new version: anything with no money taken and not closed.
        revise: ["draft", "sent", "viewed", "accepted"].includes(status),
      },
    };
  });
}

/** The signed agreement's PDF of one of this lead's quotes; undefined when there is none. */
export async function agreement(ctx: LeadQuotesContext, leadId: string, quoteId: string) {
  const { db } = ctx;
  if (!(await ofLead(ctx, leadId, quoteId))) return undefined;
  const found = await db
    .selectFrom("agreements")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .executeTakeFirst();
  return found ? agreementFile(found, ctx) : undefined;
}
