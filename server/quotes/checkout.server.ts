import { isbot } from "isbot";

import { z } from "~/lib/zod";

import type { GoalRecorder } from "../analytics/service.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentKind, QuoteStatus } from "../db/schema";
import { isCrossSiteRequest } from "../http/origin.server";
import { createRateLimiter } from "../http/rate-limit.server";
import type { Logger } from "../logger.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import { CROSS_SITE_PAYMENT_MESSAGE } from "../payments/routes.server";
import type { CreatePaymentResult, PaymentClient, PaymentService } from "../payments/service.server";
import type { LeadActivity } from "./activity.server";
import {
  agreementAddressKey,
  agreementFile,
  signatureSchema,
  storeSignature,
  type Signer,
} from "./agreement.server";
import {
  documentFilename,
  documentLink,
  documentsOfQuote,
  renderDocumentPdf,
  voidOpenInvoices,
  type DocumentLink,
} from "./documents.server";
import {
  duePayment,
  effectiveStatus,
  OPEN_STATUSES,
  quoteContent,
  quoteReference,
  type QuoteLine,
  type QuoteRow,
} from "./model";
import { agreementOutboxItems, quoteReplyOutboxItem } from "./notifications.server";
import type { TaxTotal } from "./taxes";

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
  version: number;
  /** The payment due needs the client's signature first (a deposit or the full amount, not yet signed). */
  needsSignature: boolean;
  /** The signature, once there is one: its PDF is downloadable from the page. */
  agreement: { signerName: string; signerCompany: string | null; signedAt: string; sha256: string } | null;
  declined: boolean;
  /** The client may still decline it (open, nothing paid). */
  canDecline: boolean;
};

/** Where the client downloads one of a quote's documents. */
export const documentPath = (token: string, documentId: string) => `/quote/${token}/documents/${documentId}`;

/** Field errors of a quote page form, by field name, rendered beside each field. */
export type QuoteFormErrors = Partial<
  Record<"legalName" | "company" | "agree" | "reason" | "question", string>
>;

export type QuoteCheckoutResult =
  | CreatePaymentResult
  | {
      ok: false;
      status: 400 | 403 | 404 | 409 | 429;
      error: string;
      fields?: QuoteFormErrors;
      retryAfterSeconds?: number;
    };

export type QuoteReplyResult =
  | { ok: true; sent: "declined" | "question" }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409 | 429;
      error: string;
      fields?: QuoteFormErrors;
      retryAfterSeconds?: number;
    };

export const QUOTE_NOT_PAYABLE = "This quote cannot be paid now. Please contact us.";
export const QUOTE_REPLY_LIMITED = "Too many messages from this address; please try again later or email us.";

/** Decline (an optional reason) and ask a question: free text, capped, never rendered unescaped. */
export const declineSchema = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(1000, "Keep the reason under 1,000 characters.").optional(),
  ),
});
export const questionSchema = z.object({
  question: z
    .string({ error: "Write your question." })
    .trim()
    .min(1, "Write your question.")
    .max(2000, "Keep the question under 2,000 characters."),
});

/** Declines and questions per client address: a few an hour is plenty for a person. */
const REPLY_LIMITS = [{ windowMs: 60 * 60_000, max: 10 }];

const fieldErrors = (error: z.ZodError): QuoteFormErrors =>
  Object.fromEntries(
    error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]).reverse(),
  ) as QuoteFormErrors;

/**
 * The client's side of a quote (the /quote/:token page): view it (marks it
 * viewed) and pay what is due. The amount and kind come from the stored quote
 * alone; the request only says "pay".
 */
export function createQuoteCheckout(deps: {
  config: Pick<
    AppConfig,
    | "SITE_URL"
    | "TRUST_PROXY"
    | "STUDIO_AUTH_SECRET"
    | "BETTER_AUTH_SECRET"
    | "DATABASE_PATH"
    | "NODE_ENV"
    | "RATE_LIMIT_DISABLED"
  >;
  database: AppDatabase;
  payments: Pick<PaymentService, "createQuotePayment" | "closeQuoteCheckouts">;
  activity: LeadActivity;
  logger: Logger;
  outbox?: OutboxTrigger;
  now?: () => number;
  /** Analytics: the quote's first view and its acceptance are goals of its lead (absent: none recorded). */
  goals?: GoalRecorder;
}) {
  const { database, payments, activity } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;
  const log = deps.logger.child({ module: "quotes" });
  // Derived on the first signature, not at start-up: a process serving only pages never reads the secret.
  let addressKey: Buffer | undefined;
  const replyLimiter = createRateLimiter(database, "quote-reply", REPLY_LIMITS);

  const agreementOf = (quoteId: string) =>
    db.selectFrom("agreements").selectAll().where("quote_id", "=", quoteId).executeTakeFirst();

  function byToken(token: string) {
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(undefined);
    return db.selectFrom("quotes").selectAll().where("token", "=", token).executeTakeFirst();
  }

  /**
   * The quote for its page; an open one past its expiry is marked expired. Showing it does not
   * mark it viewed: a mail scanner's GET or HEAD of the link renders it too (issue 37). The page
   * itself reports a person's view (`seen`).
   */
  async function view(token: string): Promise<QuoteView | undefined> {
    let quote = await byToken(token);
    if (!quote || quote.status === "draft") return undefined;
    const t = clock();
    const status = effectiveStatus(quote, t);
    if (status === "expired" && quote.status !== "expired") quote = (await expire(quote, t)) ?? quote;
    const [paid, lead, documents, agreement] = await Promise.all([
      db
        .selectFrom("payments")
        .select(["id", "kind", "amount_cents", "paid_at"])
        .where("quote_id", "=", quote.id)
        .where("status", "=", "paid")
        .where("refund_status", "is", null)
        .orderBy("paid_at")
        .execute(),
      db.selectFrom("inquiries").select(["first_name"]).where("id", "=", quote.inquiry_id).executeTakeFirst(),
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

  /**
   * A person's browser showed the quote page: the first time, a sent quote becomes viewed (the
   * lead's timeline, the analytics goal). Only the page's own script reports it, once the page
   * has been visible for a second (app/routes/quote.tsx), so a HEAD, a link scanner's GET and a
   * prefetch count for nothing; a client that says it is a bot (isbot, which takes headless
   * browsers too, as link scanners that run scripts are) counts for nothing either.
   */
  async function seen(token: string, client: { userAgent: string | null }): Promise<boolean> {
    if (!client.userAgent || isbot(client.userAgent)) return false;
    const quote = await byToken(token);
    const t = clock();
    if (!quote || quote.status !== "sent" || effectiveStatus(quote, t) !== "sent") return false;
    return (
      (await moveTo(quote, ["sent"], "viewed", { viewed_at: new Date(t).toISOString() }, t)) !== undefined
    );
  }

  /**
   * Where the success page of a quote's checkout leads back to (issue 37): the quote's page and,
   * once the payment is settled, its receipt. The checkout's session id already shows that
   * receipt; a payment the quote did not take (to be refunded) has none.
   */
  async function returnLinks(sessionId: string): Promise<{ quote: string; receipt: string | null } | null> {
    if (!sessionId || sessionId.length > 255) return null;
    const found = await db
      .selectFrom("payments")
      .innerJoin("quotes", "quotes.id", "payments.quote_id")
      .leftJoin("money_documents", (j) =>
        j.onRef("money_documents.payment_id", "=", "payments.id").on("money_documents.kind", "=", "receipt"),
      )
      .select(["quotes.token", "money_documents.id as receiptId"])
      .where("payments.provider_session_id", "=", sessionId)
      .executeTakeFirst();
    if (!found) return null;
    return {
      quote: `/quote/${found.token}`,
      receipt: found.receiptId ? documentPath(found.token, found.receiptId) : null,
    };
  }

  /** One of the quote's documents as a PDF, for the holder of its link only. */
  async function documentPdf(token: string, documentId: string) {
    const quote = await byToken(token);
    if (!quote || quote.status === "draft") return undefined;
    const doc = await db
      .selectFrom("money_documents")
      .selectAll()
      .where("id", "=", documentId)
      .where("quote_id", "=", quote.id)
      .executeTakeFirst();
    return doc ? { filename: documentFilename(doc), pdf: await renderDocumentPdf(doc) } : undefined;
  }

  /** Marks an open quote past its expiry expired, and closes its open checkouts: none may take money now. */
  async function expire(quote: QuoteRow, t: number) {
    const row = await moveTo(quote, OPEN_STATUSES, "expired", {}, t);
    if (row) await payments.closeQuoteCheckouts(row.id, "quote expired");
    return row;
  }

  async function moveTo(
    quote: QuoteRow,
    from: readonly QuoteStatus[],
    to: "viewed" | "expired",
    extra: Partial<QuoteRow>,
    t: number,
  ) {
    const at = new Date(t).toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("quotes")
        .set({ status: to, updated_at: at, ...extra })
        .where("id", "=", quote.id)
        .where("status", "in", from)
        .returningAll()
        .executeTakeFirst();
      // The client viewed it; an expiry noticed on their visit is the system's doing.
      const actor = to === "expired" ? "system" : "client";
      if (row)
        await activity.recordActivity(
          trx,
          { leadId: row.inquiry_id, kind: `quote-${to}`, detail: `${quoteReference(row.id)} ${to}`, actor },
          t,
        );
      if (row && to === "expired") await voidOpenInvoices(trx, row.id, t);
      return row;
    });
    // Once per quote, after the commit: only the move that happened counts.
    if (moved && to !== "expired")
      void deps.goals?.recordGoal({ name: `quote-${to}`, leadId: moved.inquiry_id });
    return moved;
  }

  /**
   * Signs the quote with what the client typed (once: a second signature,
   * racing or later, finds the first), queuing the agreement's emails with it.
   */
  async function sign(
    quote: QuoteRow,
    form: unknown,
    signer: Signer,
    t: number,
  ): Promise<QuoteCheckoutResult | undefined> {
    const parsed = signatureSchema.safeParse(form ?? {});
    if (!parsed.success)
      return {
        ok: false,
        status: 400,
        error: "Please check the highlighted fields.",
        fields: fieldErrors(parsed.error),
      };
    const outcome = await db.transaction().execute(async (trx) => {
      const lead = await trx
        .selectFrom("inquiries")
        .select("email")
        .where("id", "=", quote.inquiry_id)
        .executeTakeFirstOrThrow();
      const stored = await storeSignature(
        trx,
        quote,
        parsed.data,
        { ...signer, email: lead.email, key: (addressKey ??= agreementAddressKey(deps.config)) },
        t,
      );
      if (stored.state === "signed") {
        const ref = quoteReference(quote.id);
        await activity.recordActivity(
          trx,
          {
            leadId: quote.inquiry_id,
            kind: "quote-signed",
            detail: `${ref} accepted and signed by ${stored.agreement.signer_name}`,
            actor: "client",
          },
          t,
        );
        await enqueue(trx, agreementOutboxItems(quote.id), t);
      }
      return stored.state;
    });
    if (outcome === "closed") return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
    if (outcome === "signed") {
      deps.outbox?.wake();
      // Accepting is signing: the goal once, from the signature that was stored.
      void deps.goals?.recordGoal({ name: "quote-accepted", leadId: quote.inquiry_id });
    }
    return undefined;
  }

  /**
   * Accept (sign) and pay: opens checkout for what the stored quote says is
   * due (deposit, full amount, or the requested balance). A deposit or full
   * payment needs the client's signature first, given in the same post.
   * Amounts are never read from the request: only the token and the signature.
   */
  async function pay(
    token: string,
    client: PaymentClient & { userAgent?: string | null },
    signature?: unknown,
  ): Promise<QuoteCheckoutResult> {
    let quote = await byToken(token);
    if (!quote || quote.status === "draft") return { ok: false, status: 404, error: "No such quote." };
    const t = clock();
    const due = duePayment(quote, t);
    if (!due) {
      if (effectiveStatus(quote, t) === "expired" && quote.status !== "expired") await expire(quote, t);
      log.info(
        { quoteId: quote.id, status: effectiveStatus(quote, t) },
        "quote payment refused: nothing due",
      );
      return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
    }
    if (due.kind !== "balance" && !(await agreementOf(quote.id))) {
      const refused = await sign(
        quote,
        signature,
        { clientIp: client.clientIp, userAgent: client.userAgent ?? null },
        t,
      );
      if (refused) return refused;
      quote = (await byToken(token)) ?? quote;
    }
    const opened = await payments.createQuotePayment(
      {
        amountCents: due.amountCents,
        packageType: quote.package,
        quote: {
          quoteId: quote.id,
          inquiryId: quote.inquiry_id,
          kind: due.kind,
          cancelPath: `/quote/${token}`,
        },
      },
      client,
    );
    // A withdraw (or an edit) that committed while the checkout opened has already closed the quote's
    // checkouts, maybe before this one existed: read the state again, so none stays open on it.
    const after = opened.ok ? await byToken(token) : quote;
    if (opened.ok && (!after || duePayment(after, clock())?.kind !== due.kind)) {
      await payments.closeQuoteCheckouts(
        quote.id,
        after && effectiveStatus(after, clock()) === "expired" ? "quote expired" : "quote withdrawn",
      );
      return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
    }
    return opened;
  }

  const crossSite = (request: Request) => isCrossSiteRequest(request.headers, request.url, deps.config);

  /** The page's Sign-and-pay post: refused from another site, then pay() with the typed signature; nothing else in the body is read. */
  function payRequest(
    request: Request,
    token: string,
    client: PaymentClient,
    form?: Record<string, unknown>,
  ): Promise<QuoteCheckoutResult> {
    if (crossSite(request))
      return Promise.resolve({ ok: false, status: 403, error: CROSS_SITE_PAYMENT_MESSAGE });
    return pay(token, { ...client, userAgent: request.headers.get("user-agent") }, form);
  }

  /**
   * The client's answer other than paying: decline (an optional reason; the
   * quote is withdrawn and its checkouts closed) or a question. Each reaches
   * the studio's inbox and the lead's timeline in one transaction.
   */
  async function reply(
    request: Request,
    token: string,
    client: PaymentClient,
    intent: "decline" | "question",
    form: Record<string, unknown>,
  ): Promise<QuoteReplyResult> {
    if (crossSite(request)) return { ok: false, status: 403, error: CROSS_SITE_PAYMENT_MESSAGE };
    const quote = await byToken(token);
    if (!quote || quote.status === "draft") return { ok: false, status: 404, error: "No such quote." };
    const parsed = intent === "decline" ? declineSchema.safeParse(form) : questionSchema.safeParse(form);
    if (!parsed.success)
      return {
        ok: false,
        status: 400,
        error: "Please check the highlighted field.",
        fields: fieldErrors(parsed.error),
      };
    if (!deps.config.RATE_LIMIT_DISABLED) {
      const decision = await replyLimiter.hit(client.clientIp, clock());
      if (!decision.allowed)
        return {
          ok: false,
          status: 429,
          error: QUOTE_REPLY_LIMITED,
          retryAfterSeconds: decision.retryAfterSeconds,
        };
    }
    const t = clock();
    const at = new Date(t).toISOString();
    const text =
      "reason" in parsed.data ? parsed.data.reason : (parsed.data as { question: string }).question;
    const ref = quoteReference(quote.id);
    const done = await db.transaction().execute(async (trx) => {
      if (intent === "decline") {
        // Only an open quote with nothing paid can be declined; its state decides, in the same statement.
        const declined = await trx
          .updateTable("quotes")
          .set({ status: "withdrawn", withdrawn_at: at, declined_at: at, updated_at: at })
          .where("id", "=", quote.id)
          .where("status", "in", OPEN_STATUSES)
          .returning("id")
          .executeTakeFirst();
        if (!declined) return undefined;
      }
      const kind = intent === "decline" ? "quote-declined" : "quote-question";
      const detail =
        intent === "decline"
          ? `${ref} declined${text ? `: ${text}` : " (no reason given)"}`
          : `${ref} question: ${text}`;
      const activityId = await activity.recordActivity(
        trx,
        { leadId: quote.inquiry_id, kind, detail, actor: "client" },
        t,
      );
      await enqueue(trx, [quoteReplyOutboxItem(intent, activityId)], t);
      return kind;
    });
    if (!done)
      return { ok: false, status: 409, error: "This quote can no longer be declined. Please contact us." };
    if (intent === "decline") await payments.closeQuoteCheckouts(quote.id, "quote withdrawn");
    deps.outbox?.wake();
    return { ok: true, sent: intent === "decline" ? "declined" : "question" };
  }

  /** The signed agreement's PDF for the client's link; undefined when the quote has no signature. */
  async function agreementDocument(token: string): Promise<{ filename: string; pdf: Buffer } | undefined> {
    const quote = await byToken(token);
    if (!quote || quote.status === "draft") return undefined;
    const agreement = await agreementOf(quote.id);
    return agreement ? agreementFile(agreement) : undefined;
  }

  return { view, seen, returnLinks, pay, payRequest, documentPdf, reply, agreementDocument };
}

export type QuoteCheckout = ReturnType<typeof createQuoteCheckout>;
