import { z } from "~/lib/zod";
import { studioQuoteFormSchema } from "~/shared/quote-form";
import { duePayment, effectiveStatus, quoteReference } from "~/shared/quote-model";

import {
  documentFilename,
  documentLink,
  documentsOfQuote,
  renderDocumentPdf,
  type DocumentLink,
} from "../billing/documents.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentKind, QuoteStatus } from "../db/schema";
import type { PaymentService } from "../payments/service.server";
import { agreementFile } from "./agreement.server";
import type { QuoteResult } from "./result";
import type { QuoteService } from "./service.server";

/** One quote as the lead page lists it. */
export type LeadQuote = {
  id: string;
  reference: string;
  status: QuoteStatus;
  packageType: "basic" | "pro";
  totalCents: number;
  depositCents: number | null;
  paid: { kind: PaymentKind; amountCents: number }[];
  link: string;
  createdAt: string;
  expiresAt: string;
  balanceRequested: boolean;
  /** Its invoices and receipts, each downloadable from the lead's page. */
  documents: DocumentLink[];
  version: number;
  /** The client's signature, if any: its PDF downloads from the lead's page. */
  signed: { name: string; company: string | null; at: string; sha256: string; pdf: string } | null;
  declined: boolean;
  /** What the studio may do now. */
  can: { send: boolean; withdraw: boolean; requestBalance: boolean; revise: boolean };
};

/**
 * The quotes of one lead for the back office's lead page: list them with what
 * was paid, create one from the form, send, withdraw, ask for the balance.
 * Every action names the lead, and a quote of another lead is "not found".
 */
/** The form's one-time key (a hidden field the page renders): the same form posted twice creates one quote. */
const requestKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export function createLeadQuotes({
  database,
  service,
  payments,
  taxRegistered = false,
  now = Date.now,
}: {
  database: AppDatabase;
  service: QuoteService;
  payments: Pick<PaymentService, "refund">;
  /** GST_HST_NUMBER is set: the form offers taxes per line; otherwise it says why not. */
  taxRegistered?: boolean;
  now?: () => number;
}) {
  const { db } = database;

  async function ofLead(leadId: string, quoteId: string) {
    const quote = await service.get(quoteId);
    return quote?.lead_id === leadId ? quote : undefined;
  }

  return {
    taxRegistered,

    /** One of this lead's documents as a PDF download; undefined when it is not this lead's. */
    async documentPdf(leadId: string, documentId: string) {
      const doc = await db
        .selectFrom("money_documents")
        .selectAll()
        .where("id", "=", documentId)
        .where("lead_id", "=", leadId)
        .executeTakeFirst();
      return doc ? { filename: documentFilename(doc), pdf: await renderDocumentPdf(doc) } : undefined;
    },

    async list(leadId: string): Promise<LeadQuote[]> {
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
        .where("refund_status", "is", null)
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
      const t = now();
      return quotes.map((q) => {
        const a = agreements.find((r) => r.quote_id === q.id);
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
          declined: q.declined_at !== null,
          can: {
            send: status === "draft",
            withdraw: status === "draft" || (duePayment(q, t) !== null && status !== "deposit_paid"),
            requestBalance: status === "deposit_paid" && q.balance_requested_at === null,
            // Replaced by a new version: anything with no money taken and not closed.
            revise: ["draft", "sent", "viewed", "accepted"].includes(status),
          },
        };
      });
    },

    async create(
      leadId: string,
      form: Record<string, unknown>,
      actor: string,
    ): Promise<QuoteResult<{ id: string }>> {
      const parsed = studioQuoteFormSchema.safeParse(form);
      if (!parsed.success)
        return { ok: false, status: 400, error: parsed.error.issues.map((i) => i.message).join(" ") };
      const key = requestKeySchema.safeParse(form.requestKey);
      const requestKey = key.success ? key.data : undefined;
      // "Replaces": an edit of one of this lead's quotes, made as its next version.
      if (typeof form.supersedes === "string" && form.supersedes !== "") {
        if (!(await ofLead(leadId, form.supersedes)))
          return { ok: false, status: 404, error: "No such quote for this lead." };
        const revised = await service.revise(form.supersedes, parsed.data, actor, requestKey);
        return revised.ok ? { ok: true, value: { id: revised.value.quote.id } } : revised;
      }
      const created = await service.create({ ...parsed.data, inquiryId: leadId }, actor, requestKey);
      return created.ok ? { ok: true, value: { id: created.value.quote.id } } : created;
    },

    /**
     * Sends a draft, or (deposit paid) asks for the balance: the quote service
     * tells which from its state. `from` is the state the page showed: when
     * that send already happened (a double click, a resubmit), it is done, not an error.
     */
    async send(
      leadId: string,
      quoteId: string,
      actor: string,
      from?: unknown,
    ): Promise<QuoteResult<unknown>> {
      if (!(await ofLead(leadId, quoteId)))
        return { ok: false, status: 404, error: "No such quote for this lead." };
      const result = await service.send(quoteId, actor);
      if (result.ok || result.status !== 409) return result;
      const quote = await service.get(quoteId);
      const done =
        (from === "draft" && quote?.sent_at) || (from === "deposit_paid" && quote?.balance_requested_at);
      return done ? { ok: true, value: quote } : result;
    },

    /** The signed agreement's PDF of one of this lead's quotes; undefined when there is none. */
    async agreement(leadId: string, quoteId: string) {
      if (!(await ofLead(leadId, quoteId))) return undefined;
      const agreement = await db
        .selectFrom("agreements")
        .selectAll()
        .where("quote_id", "=", quoteId)
        .executeTakeFirst();
      return agreement ? agreementFile(agreement) : undefined;
    },

    /** Gives back a payment flagged as needing a refund; only one of this lead's. */
    async refund(leadId: string, paymentId: string): Promise<QuoteResult<unknown>> {
      const payment = await db
        .selectFrom("payments")
        .select(["lead_id"])
        .where("id", "=", paymentId)
        .executeTakeFirst();
      if (!payment || payment.lead_id !== leadId)
        return { ok: false, status: 404, error: "No such payment for this lead." };
      const result = await payments.refund(paymentId);
      return result.ok
        ? { ok: true, value: result.state }
        : { ok: false, status: result.status === 502 ? 409 : result.status, error: result.error };
    },

    async withdraw(leadId: string, quoteId: string, actor: string): Promise<QuoteResult<unknown>> {
      if (!(await ofLead(leadId, quoteId)))
        return { ok: false, status: 404, error: "No such quote for this lead." };
      return service.withdraw(quoteId, actor);
    },
  };
}

export type LeadQuotes = ReturnType<typeof createLeadQuotes>;
