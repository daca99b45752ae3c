import { randomUUID } from "node:crypto";
import { type PackageType, paymentPackage } from "~/content/payment";
import { createPaymentSchema, paymentFieldErrors } from "~/schemas/payment";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentTable } from "../db/schema";
import { createRateLimiter } from "../http/rate-limit.server";
import type { Logger } from "../logger.server";
import type { Fulfil } from "./fulfil.server";
import type { PaymentProvider, PaymentVerification, QuoteReference } from "./types";
import { describeError } from "./errors";

export type CreatePaymentResult =
  | { ok: true; url: string; paymentId: string; sessionId: string }
  | { ok: false; status: 400; error: string; fields: { amount?: string; packageType?: string } }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number }
  | { ok: false; status: 502; error: string };

/** Who is asking: every entry point (JSON API, form post, the page's action) passes the client address. */
export type PaymentClient = { clientIp: string };

export const PROVIDER_UNAVAILABLE = "The payment service is not available right now. Please try again in a moment.";

export const CREATE_PAYMENT_LIMITS = [
  { windowMs: 60_000, max: 10 },
  { windowMs: 60 * 60_000, max: 60 },
];

export const RATE_LIMITED_MESSAGE = "Too many payment attempts from your connection. Please wait a minute and try again.";

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

/**
 * Create a payment: validate with the shared schema, store it pending, then
 * open the provider's checkout with an idempotency key kept on the row.
 * Verify a payment: only what our database (or the provider) confirms.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { config, database, provider, fulfil, logger } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;
  const createLimiter = createRateLimiter(database, "create-payment", CREATE_PAYMENT_LIMITS);
  const verifyLimiter = createRateLimiter(database, "payment-verify", VERIFY_LIMITS);
  /** Success-page loads of one session in this process share one look-up. */
  const checking = new Map<string, Promise<PaymentTable>>();

  /** The create-payment limit, shared by the open form and quotes: an answer when over it. */
  async function overLimit(client: PaymentClient): Promise<CreatePaymentResult | undefined> {
    if (config.RATE_LIMIT_DISABLED) return undefined;
    const decision = await createLimiter.hit(client.clientIp, clock());
    if (decision.allowed) return undefined;
    logger.warn("create-payment rate limit reached");
    return { ok: false, status: 429, error: RATE_LIMITED_MESSAGE, retryAfterSeconds: decision.retryAfterSeconds };
  }

  async function createPayment(input: unknown, client: PaymentClient): Promise<CreatePaymentResult> {
    const limited = await overLimit(client);
    if (limited) return limited;
    const parsed = createPaymentSchema.safeParse(input ?? {});
    if (!parsed.success) {
      const fields = paymentFieldErrors(parsed.error);
      return { ok: false, status: 400, error: fields.amount ?? fields.packageType ?? "Invalid payment request.", fields };
    }
    return openCheckout(parsed.data);
  }

  /**
   * A payment for a quote: the amount comes from the quote service (fixed on
   * the server), never from the request; the ids travel with it.
   */
  async function createQuotePayment(
    request: { amountCents: number; packageType: PackageType; quote: QuoteReference },
    client: PaymentClient,
  ): Promise<CreatePaymentResult> {
    return (await overLimit(client)) ?? openCheckout(request);
  }

  /** Stores the payment pending, then opens the provider's checkout with an idempotency key kept on the row. */
  async function openCheckout({ amountCents, packageType, quote }: { amountCents: number; packageType: PackageType; quote?: QuoteReference }): Promise<CreatePaymentResult> {
    const id = randomUUID();
    const idempotencyKey = `payment-${id}`;
    const now = new Date().toISOString();
    await db
      .insertInto("payments")
      .values({
        id,
        package: packageType,
        amount_cents: amountCents,
        currency: "cad",
        status: "pending",
        provider: provider.name,
        provider_session_id: null,
        idempotency_key: idempotencyKey,
        failure_reason: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        failed_at: null,
        last_checked_at: null,
        quote_id: quote?.quoteId ?? null,
        inquiry_id: quote?.inquiryId ?? null,
        kind: quote?.kind ?? null,
      })
      .execute();

    let session;
    try {
      session = await provider.createCheckoutSession({
        paymentId: id,
        packageType,
        productName: paymentPackage(packageType).name,
        amountCents,
        currency: "cad",
        idempotencyKey,
        quote,
      });
    } catch (err) {
      logger.error({ paymentId: id, provider: provider.name, error: describeError(err) }, "checkout session not created");
      // No session was opened, so this payment can never be paid: close it rather than leave it pending.
      await db
        .updateTable("payments")
        .set({ status: "failed", failure_reason: "checkout session not created", failed_at: now, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute()
        .catch(() => {});
      return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
    }
    await db.updateTable("payments").set({ provider_session_id: session.sessionId, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
    logger.info({ paymentId: id, provider: provider.name, amountCents, packageType, quoteId: quote?.quoteId }, "checkout session created");
    return { ok: true, url: session.url, paymentId: id, sessionId: session.sessionId };
  }

  function findBySession(sessionId: string) {
    return db.selectFrom("payments").selectAll().where("provider_session_id", "=", sessionId).executeTakeFirst();
  }

  /**
   * What the success page may show for a session id. A pending Stripe payment
   * is checked with Stripe directly and fulfilled here when Stripe says paid,
   * so the customer is not told "waiting" because a webhook is slow. A session
   * is looked up at most once per VERIFY_INTERVAL_MS, and a client triggers at
   * most VERIFY_LIMITS look-ups: reloading cannot multiply provider calls.
   */
  async function verify(sessionId: string | null | undefined, client?: PaymentClient): Promise<PaymentVerification> {
    if (!sessionId || sessionId.length > 255) return { state: "unknown" };
    const payment = await findBySession(sessionId);
    if (!payment) return { state: "unknown" };
    if (payment.status !== "pending" || payment.provider !== provider.name) return describe(payment);
    if (client && !config.RATE_LIMIT_DISABLED) {
      const decision = await verifyLimiter.hit(client.clientIp, clock());
      if (!decision.allowed) {
        logger.warn({ paymentId: payment.id }, "payment look-up rate limit reached: answered from the database");
        return describe(payment);
      }
    }
    let check = checking.get(sessionId);
    if (!check) {
      check = checkWithProvider(payment).finally(() => checking.delete(sessionId));
      checking.set(sessionId, check);
    }
    return describe(await check);
  }

  /** Asks the provider about a pending payment if no process did in the last interval; the row as it now stands. */
  async function checkWithProvider(payment: PaymentTable): Promise<PaymentTable> {
    const t = clock();
    const claimed = await db
      .updateTable("payments")
      .set({ last_checked_at: new Date(t).toISOString() })
      .where("id", "=", payment.id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("last_checked_at", "is", null), eb("last_checked_at", "<=", new Date(t - VERIFY_INTERVAL_MS).toISOString())]))
      .executeTakeFirst();
    // Another load (here or in another process) looked it up within the interval: show the row as it now stands.
    if (Number(claimed.numUpdatedRows) === 0) return (await db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirst()) ?? payment;
    const sessionId = payment.provider_session_id!;
    try {
      const remote = await provider.retrieveSession(sessionId);
      if (remote && remote.paymentStatus === "paid" && matches(payment, remote)) {
        const result = await fulfil(sessionId, { status: "paid" }, "success page");
        if (result.result !== "unknown") return result.payment;
      }
    } catch (err) {
      // The page still answers, honestly saying it is waiting for confirmation.
      logger.warn({ paymentId: payment.id, error: describeError(err) }, "could not check session with provider");
    }
    return payment;
  }

  /** A paid session must be for the amount and currency we stored, or a person should look at it. */
  function matches(payment: PaymentTable, remote: { amountTotal: number | null; currency: string | null; sessionId: string }) {
    const ok = remote.amountTotal === Number(payment.amount_cents) && (remote.currency ?? "").toLowerCase() === payment.currency;
    if (!ok) {
      logger.error(
        { paymentId: payment.id, sessionId: remote.sessionId, stored: [payment.amount_cents, payment.currency], remote: [remote.amountTotal, remote.currency] },
        "paid session does not match the stored payment: left pending for review",
      );
    }
    return ok;
  }

  return { provider: provider.name, createPayment, createQuotePayment, findBySession, verify, matches, fulfil };
}

export function describe(payment: PaymentTable): PaymentVerification {
  return {
    state: payment.status,
    packageType: payment.package,
    packageName: paymentPackage(payment.package).name,
    amountCents: Number(payment.amount_cents),
    currency: payment.currency,
    reference: payment.id.slice(0, 8).toUpperCase(),
    test: payment.provider === "sandbox",
    ...(payment.quote_id && payment.kind ? { quote: { reference: quoteReference(payment.quote_id), kind: payment.kind } } : {}),
  };
}

/** The short reference a client and the studio quote for a quote: the start of its id. */
export function quoteReference(quoteId: string) {
  return `Q-${quoteId.slice(0, 8).toUpperCase()}`;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
