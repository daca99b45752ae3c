import { z } from "~/lib/zod";
import { type QuoteLine, type QuoteRow } from "~/shared/quote-model";
import type { ScopeBlock } from "~/shared/scope";
import type { TaxTotal } from "~/shared/taxes";

import type { GoalRecorder } from "../analytics/service.server";
import { type DocumentLink } from "../billing/documents.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentKind, QuoteStatus } from "../db/schema";
import { documentStamp } from "../documents/stamp.server";
import { isCrossSiteRequest } from "../http/origin.server";
import { createRateLimiter } from "../http/rate-limit.server";
import type { LeadTimeline } from "../leads/timeline.server";
import type { Logger } from "../logger.server";
import { type OutboxTrigger } from "../outbox/outbox.server";
import type { CreatePaymentResult } from "../payments/payment-context.server";
import type { PaymentService } from "../payments/service.server";
import { secretFor } from "../secrets.server";

/** base64url of 32 bytes; anything else is not looked up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

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
  /** The scope of work, as blocks of plain text (never HTML). */
  scope: ScopeBlock[];
  /** The service agreement the quote was sent with (issue 38), as blocks; null on quotes sent before. */
  contract: { version: number; blocks: ScopeBlock[] } | null;
  expiresAt: string;
  /** The payment the client can make now, if any. */
  due: { kind: PaymentKind; amountCents: number } | null;
  /** Each settled payment, with its receipt's number (null: money the quote did not take). */
  payments: { kind: PaymentKind; amountCents: number; paidAt: string; receipt: string | null }[];
  clientName: string;
  /** Its invoices and receipts, each a PDF at documentPath(token, id). */
  documents: (DocumentLink & { href: string })[];
  version: number;
  /** The payment due needs the client's signature first (a deposit or the full amount, not yet signed). */
  needsSignature: boolean;
  /** The signature, once there is one: its PDF is downloadable from the page. */
  agreement: {
    signerName: string;
    signerCompany: string | null;
    signedAt: string;
    sha256: string;
    /** The studio's countersignature, once given. */
    countersigned: { name: string; role: string; signedAt: string } | null;
  } | null;
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
export const REPLY_LIMITS = [{ windowMs: 60 * 60_000, max: 10 }];

export const fieldErrors = (error: z.ZodError): QuoteFormErrors =>
  Object.fromEntries(
    error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]).reverse(),
  ) as QuoteFormErrors;

/** What the client's side of a quote works with: the deps, the clock, the reply limiter and the agreement's key. */
/** What the client's side of a quote is built from (server/services.server.ts). */
export type CheckoutDeps = {
  config: Pick<
    AppConfig,
    | "SITE_URL"
    | "TRUST_PROXY"
    | "STUDIO_AUTH_SECRET"
    | "BETTER_AUTH_SECRET"
    | "DATABASE_PATH"
    | "NODE_ENV"
    | "UNSUBSCRIBE_SECRET"
    | "RATE_LIMIT_DISABLED"
    | "GST_HST_NUMBER"
    | "PAYMENTS_PROVIDER"
    | "STRIPE_SECRET_KEY"
    | "SIGNING_CERT_FILE"
    | "SIGNING_CERT_PASSPHRASE"
  >;
  database: AppDatabase;
  payments: Pick<PaymentService, "createQuotePayment" | "closeQuoteCheckouts">;
  timeline: LeadTimeline;
  logger: Logger;
  outbox?: OutboxTrigger;
  now?: () => number;
  /** Analytics: the quote's first view and its acceptance are goals of its lead (absent: none recorded). */
  goals?: GoalRecorder;
};

export function checkoutContext(deps: CheckoutDeps) {
  const { database, payments, timeline } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;
  const log = deps.logger.child({ module: "quotes" });
  // Derived on the first signature, not at start-up: a process serving only pages never reads the secret.
  let addressKeyMemo: Buffer | undefined;
  const addressKey = () => (addressKeyMemo ??= secretFor(deps.config, "agreement-addresses"));
  const replyLimiter = createRateLimiter(database, "quote-reply", REPLY_LIMITS);

  const agreementOf = (quoteId: string) =>
    db.selectFrom("agreements").selectAll().where("quote_id", "=", quoteId).executeTakeFirst();

  const crossSite = (request: Request) => isCrossSiteRequest(request.headers, request.url, deps.config);
  return {
    deps,
    documents: documentStamp(deps.config),
    database,
    payments,
    timeline,
    db,
    clock,
    log,
    addressKeyMemo,
    addressKey,
    replyLimiter,
    agreementOf,
    crossSite,
  };
}

export type CheckoutContext = ReturnType<typeof checkoutContext>;
