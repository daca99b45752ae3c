import { paymentPackage } from "~/content/payment";
import { quoteReference } from "~/shared/quote-model";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentTable } from "../db/schema";
import { createRateLimiter } from "../http/rate-limit.server";
import type { Logger } from "../logger.server";
import type { Fulfil } from "./fulfil.server";
import type { PaymentProvider, PaymentVerification } from "./types";

/** How long a checkout takes payment: above Stripe's 30-minute floor; the sandbox's the same. */
export const CHECKOUT_TTL_MS = 60 * 60_000;
/** An open checkout is reused while it has at least this long left; closer to its end a fresh one is opened. */
export const CHECKOUT_REUSE_MARGIN_MS = 10 * 60_000;
/** How long a second click waits for the checkout the first click is opening (the SDK's retries fit in it). */
export const OPENING_WAIT_MS = 30_000;

export const CHECKOUT_JUST_PAID =
  "This payment has just been made. Reload the quote in a moment to see the receipt.";

export type CreatePaymentResult =
  | { ok: true; url: string; paymentId: string; sessionId: string }
  | { ok: false; status: 400; error: string; fields: { amount?: string; packageType?: string } }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number }
  | { ok: false; status: 502; error: string };

/** A quote's checkout may also find its stage paid a moment ago (409). */
export type QuoteCheckoutOpenResult = CreatePaymentResult | { ok: false; status: 409; error: string };

export type RefundOutcome =
  { ok: true; state: "requested" | "refunded" } | { ok: false; status: 404 | 409 | 502; error: string };

/** Who is asking: every entry point (JSON API, form post, the page's action) passes the client address. */
export type PaymentClient = { clientIp: string };

export const PROVIDER_UNAVAILABLE =
  "The payment service is not available right now. Please try again in a moment.";

export const CREATE_PAYMENT_LIMITS = [
  { windowMs: 60_000, max: 10 },
  { windowMs: 60 * 60_000, max: 60 },
];

export const RATE_LIMITED_MESSAGE =
  "Too many payment attempts from your connection. Please wait a minute and try again.";

/** Provider look-ups the success page may make for one client; beyond, it answers from the database. */
export const VERIFY_LIMITS = [{ windowMs: 60_000, max: 20 }];

/** A pending session is looked up with the provider at most once per this interval, across processes. */
export const VERIFY_INTERVAL_MS = 5_000;

export type PaymentServiceDeps = {
  config: Pick<AppConfig, "RATE_LIMIT_DISABLED">;
  database: AppDatabase;
  provider: PaymentProvider;
  fulfil: Fulfil;
  logger: Logger;
  /** Clock (ms) for rate limits and the look-up interval; tests move it. */
  now?: () => number;
};

export function describe(payment: PaymentTable): PaymentVerification {
  return {
    state: payment.status,
    packageType: payment.package,
    packageName: paymentPackage(payment.package).name,
    amountCents: Number(payment.amount_cents),
    currency: payment.currency,
    reference: payment.id.slice(0, 8).toUpperCase(),
    test: payment.provider === "sandbox",
    ...(payment.quote_id && payment.kind
      ? { quote: { reference: quoteReference(payment.quote_id), kind: payment.kind } }
      : {}),
    ...(payment.refund_status ? { refund: payment.refund_status } : {}),
  };
}

/** What every payment verb works with: the deps, the clock, the rate limiters and the look-ups in flight. */
export function paymentContext(deps: PaymentServiceDeps) {
  const { config, database, provider, fulfil, logger } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;
  const createLimiter = createRateLimiter(database, "create-payment", CREATE_PAYMENT_LIMITS);
  const verifyLimiter = createRateLimiter(database, "payment-verify", VERIFY_LIMITS);
  /** Success-page loads of one session in this process share one look-up. */
  const checking = new Map<string, Promise<PaymentTable>>();
  return {
    deps,
    config,
    database,
    provider,
    fulfil,
    logger,
    db,
    clock,
    createLimiter,
    verifyLimiter,
    checking,
  };
}

export type PaymentContext = ReturnType<typeof paymentContext>;
