import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { isCrossSiteRequest } from "../http/origin.server";
import { CROSS_SITE_PAYMENT_MESSAGE } from "../payments/routes.server";
import type { PaymentKind, QuoteStatus } from "../db/schema";
import type { Logger } from "../logger.server";
import type { CreatePaymentResult, PaymentClient, PaymentService } from "../payments/service.server";
import type { LeadActivity } from "./activity.server";
import type { GoalRecorder } from "../analytics/service.server";
import { type DocumentLink, documentFilename, documentLink, documentsOfQuote, renderDocumentPdf, voidOpenInvoices } from "./documents.server";
import type { TaxTotal } from "./taxes";
import { OPEN_STATUSES, type QuoteLine, type QuoteRow, duePayment, effectiveStatus, quoteContent, quoteReference } from "./model";

/** base64url of 32 bytes; anything else is not looked up. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What the client's page shows: no internal ids beyond the short reference. */
export type QuoteView = {
  reference: string;
  status: QuoteStatus;
  packageType: QuoteRow["package"];
  lines: QuoteLine[];
  subtotalCents: number;
  /** The total per tax (GST, PST, HST), each on the lines that carry it. */
  taxes: TaxTotal[];
  totalCents: number;
  depositPercent: number | null;
  depositCents: number | null;
  balanceCents: number | null;
  terms: string;
  expiresAt: string;
  /** The payment the client can make now, if any. */
  due: { kind: PaymentKind; amountCents: number } | null;
  /** Settled payments, for the receipt. */
  payments: { kind: PaymentKind; amountCents: number; paidAt: string; reference: string }[];
  clientName: string;
  /** Its invoices and receipts, each a PDF at documentPath(token, id). */
  documents: (DocumentLink & { href: string })[];
};

/** Where the client downloads one of a quote's documents. */
export const documentPath = (token: string, documentId: string) => `/quote/${token}/documents/${documentId}`;

export type QuoteCheckoutResult = CreatePaymentResult | { ok: false; status: 403 | 404 | 409; error: string };

export const QUOTE_NOT_PAYABLE = "This quote cannot be paid now. Please contact us.";

/**
 * The client's side of a quote (the /quote/:token page): view it (marks it
 * viewed) and pay what is due. The amount and kind come from the stored quote
 * alone; the request only says "pay".
 */
export function createQuoteCheckout(deps: {
  config: Pick<AppConfig, "SITE_URL" | "TRUST_PROXY">;
  database: AppDatabase; payments: Pick<PaymentService, "createQuotePayment" | "closeQuoteCheckouts">; activity: LeadActivity; logger: Logger; now?: () => number;
  /** Analytics: the quote's first view and its acceptance are goals of its lead (absent: none recorded). */
  goals?: GoalRecorder }) {
  const { database, payments, activity } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;
  const log = deps.logger.child({ module: "quotes" });

  function byToken(token: string) {
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(undefined);
    return db.selectFrom("quotes").selectAll().where("token", "=", token).executeTakeFirst();
  }

  /** The quote for its page; the first view of a sent quote marks it viewed, and an open one past its expiry expired. */
  async function view(token: string): Promise<QuoteView | undefined> {
    let quote = await byToken(token);
    if (!quote || quote.status === "draft") return undefined;
    const t = clock();
    const status = effectiveStatus(quote, t);
    if (status === "expired" && quote.status !== "expired") quote = (await expire(quote, t)) ?? quote;
    else if (quote.status === "sent") quote = (await moveTo(quote, ["sent"], "viewed", { viewed_at: new Date(t).toISOString() }, t)) ?? quote;
    const [paid, lead, documents] = await Promise.all([
      db.selectFrom("payments").select(["id", "kind", "amount_cents", "paid_at"]).where("quote_id", "=", quote.id).where("status", "=", "paid").where("refund_status", "is", null).orderBy("paid_at").execute(),
      db.selectFrom("inquiries").select(["first_name"]).where("id", "=", quote.inquiry_id).executeTakeFirst(),
      documentsOfQuote(db, [quote.id]),
    ]);
    const content = quoteContent(quote);
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
      due: duePayment(quote, t),
      payments: paid.map((p) => ({ kind: p.kind ?? "full", amountCents: Number(p.amount_cents), paidAt: p.paid_at ?? "", reference: p.id.slice(0, 8).toUpperCase() })),
      clientName: lead?.first_name ?? "",
      documents: documents.map((d) => ({ ...documentLink(d), href: documentPath(token, d.id) })),
    };
  }

  /** One of the quote's documents as a PDF, for the holder of its link only. */
  async function documentPdf(token: string, documentId: string) {
    const quote = await byToken(token);
    if (!quote || quote.status === "draft") return undefined;
    const doc = await db.selectFrom("money_documents").selectAll().where("id", "=", documentId).where("quote_id", "=", quote.id).executeTakeFirst();
    return doc ? { filename: documentFilename(doc), pdf: await renderDocumentPdf(doc) } : undefined;
  }

  /** Marks an open quote past its expiry expired, and closes its open checkouts: none may take money now. */
  async function expire(quote: QuoteRow, t: number) {
    const row = await moveTo(quote, OPEN_STATUSES, "expired", {}, t);
    if (row) await payments.closeQuoteCheckouts(row.id, "quote expired");
    return row;
  }

  async function moveTo(quote: QuoteRow, from: readonly QuoteStatus[], to: "viewed" | "accepted" | "expired", extra: Partial<QuoteRow>, t: number) {
    const at = new Date(t).toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      const row = await trx.updateTable("quotes").set({ status: to, updated_at: at, ...extra }).where("id", "=", quote.id).where("status", "in", from).returningAll().executeTakeFirst();
      // The client viewed or accepted; an expiry noticed on their visit is the system's doing.
      const actor = to === "expired" ? "system" : "client";
      if (row) await activity.recordActivity(trx, { leadId: row.inquiry_id, kind: `quote-${to}`, detail: `${quoteReference(row.id)} ${to}`, actor }, t);
      if (row && to === "expired") await voidOpenInvoices(trx, row.id, t);
      return row;
    });
    // Once per quote, after the commit: only the move that happened counts.
    if (moved && to !== "expired") void deps.goals?.recordGoal({ name: `quote-${to}`, leadId: moved.inquiry_id });
    return moved;
  }

  /**
   * Accept and pay: opens checkout for what the stored quote says is due
   * (deposit, full amount, or the requested balance). Whatever else the
   * client sent is ignored by construction: only the token reaches here.
   */
  async function pay(token: string, client: PaymentClient): Promise<QuoteCheckoutResult> {
    let quote = await byToken(token);
    if (!quote || quote.status === "draft") return { ok: false, status: 404, error: "No such quote." };
    const t = clock();
    const due = duePayment(quote, t);
    if (!due) {
      if (effectiveStatus(quote, t) === "expired" && quote.status !== "expired") await expire(quote, t);
      log.info({ quoteId: quote.id, status: effectiveStatus(quote, t) }, "quote payment refused: nothing due");
      return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
    }
    if (quote.status === "sent" || quote.status === "viewed") {
      quote = (await moveTo(quote, ["sent", "viewed"], "accepted", { accepted_at: new Date(t).toISOString() }, t)) ?? quote;
    }
    return payments.createQuotePayment(
      { amountCents: due.amountCents, packageType: quote.package, quote: { quoteId: quote.id, inquiryId: quote.inquiry_id, kind: due.kind, cancelPath: `/quote/${token}` } },
      client,
    );
  }

  /** The page's form post: refused from another site, then pay(); nothing in the body is read. */
  function payRequest(request: Request, token: string, client: PaymentClient): Promise<QuoteCheckoutResult> {
    if (isCrossSiteRequest(request.headers, request.url, deps.config)) return Promise.resolve({ ok: false, status: 403, error: CROSS_SITE_PAYMENT_MESSAGE });
    return pay(token, client);
  }

  return { view, pay, payRequest, documentPdf };
}

export type QuoteCheckout = ReturnType<typeof createQuoteCheckout>;
