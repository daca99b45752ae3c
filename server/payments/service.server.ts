import { randomUUID } from "node:crypto";

import { paymentPackage, type PackageType } from "~/content/payment";
import { createPaymentSchema, paymentFieldErrors } from "~/schemas/payment";
import { quoteReference } from "~/shared/quote-model";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { PaymentTable } from "../db/schema";
import { createRateLimiter } from "../http/rate-limit.server";
import type { Logger } from "../logger.server";
import { describeError } from "./errors";
import type { ClosedCheckoutReason, Fulfil } from "./fulfil.server";
import type { PaymentProvider, PaymentVerification, QuoteReference } from "./types";

/** How long a checkout takes payment: above Stripe's 30-minute floor; the sandbox's the same. */
export const CHECKOUT_TTL_MS = 60 * 60_000;
/** An open checkout is reused while it has at least this long left; closer to its end a fresh one is opened. */
export const CHECKOUT_REUSE_MARGIN_MS = 10 * 60_000;
/** How long a second click waits for the checkout the first click is opening (the SDK's retries fit in it). */
const OPENING_WAIT_MS = 30_000;

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

/**
 * Refunds of part (or all) of a settled payment, for a refund the caller has
 * recorded and claimed (server/billing/refunds.server.ts): the key derives from
 * that refund's id, so a retry of the same refund is one refund at the
 * provider. Needs only the provider, so the recovery job runs it without the
 * rest of the service.
 */
export function createRefundRequests({ provider, logger }: { provider: PaymentProvider; logger: Logger }) {
  return {
    /** Throws when the provider did not take it; a later call with the same refund answers the same refund. */
    async refundPart(
      payment: Pick<PaymentTable, "id" | "provider_session_id" | "provider_payment_ref">,
      refund: { id: string; amountCents: number },
    ) {
      if (!payment.provider_session_id) throw new Error(`payment ${payment.id} has no checkout session`);
      const result = await provider.refund({
        paymentId: payment.id,
        sessionId: payment.provider_session_id,
        paymentRef: payment.provider_payment_ref ?? null,
        amountCents: refund.amountCents,
        idempotencyKey: `refund-${refund.id}`,
        refundId: refund.id,
      });
      logger.info(
        { paymentId: payment.id, refundId: refund.id, provider: provider.name, status: result.status },
        "partial refund answered",
      );
      return result;
    },
    /** The provider's refund as it is now. */
    refundState: (providerRefundId: string) => provider.retrieveRefund(providerRefundId),
  };
}

export type RefundRequests = ReturnType<typeof createRefundRequests>;

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
    return {
      ok: false,
      status: 429,
      error: RATE_LIMITED_MESSAGE,
      retryAfterSeconds: decision.retryAfterSeconds,
    };
  }

  async function createPayment(input: unknown, client: PaymentClient): Promise<CreatePaymentResult> {
    const limited = await overLimit(client);
    if (limited) return limited;
    const parsed = createPaymentSchema.safeParse(input ?? {});
    if (!parsed.success) {
      const fields = paymentFieldErrors(parsed.error);
      return {
        ok: false,
        status: 400,
        error: fields.amount ?? fields.packageType ?? "Invalid payment request.",
        fields,
      };
    }
    return openCheckout(parsed.data);
  }

  /**
   * A payment for a quote: the amount comes from the quote service (fixed on
   * the server), never from the request; the ids travel with it. One stage of
   * a quote has at most one open checkout (a partial unique index): a second
   * click, tab or parallel post gets the open one, and only the request whose
   * insert won asks the provider for a session.
   */
  async function createQuotePayment(
    request: { amountCents: number; packageType: PackageType; quote: QuoteReference },
    client: PaymentClient,
  ): Promise<QuoteCheckoutOpenResult> {
    const limited = await overLimit(client);
    if (limited) return limited;
    const { quoteId, kind } = request.quote;
    const waitUntil = Date.now() + OPENING_WAIT_MS;
    for (let closed = 0; closed < 3;) {
      const open = await db
        .selectFrom("payments")
        .selectAll()
        .where("quote_id", "=", quoteId)
        .where("kind", "=", kind)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (!open) {
        const opened = await openCheckout(request);
        if (opened) return opened;
        continue; // another request inserted this stage's checkout first: use theirs
      }
      if (open.provider_session_id && open.checkout_url) {
        if (
          open.provider === provider.name &&
          Date.parse(open.expires_at ?? "") - clock() > CHECKOUT_REUSE_MARGIN_MS
        ) {
          logger.info({ paymentId: open.id, quoteId }, "open checkout reused");
          return {
            ok: true,
            url: open.checkout_url,
            paymentId: open.id,
            sessionId: open.provider_session_id,
          };
        }
        const state = await closeCheckout(open, "checkout expired");
        if (state === "paid") return { ok: false, status: 409, error: CHECKOUT_JUST_PAID };
        if (state === "unknown") return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
        closed++;
        continue;
      }
      // The first click is opening this stage's checkout right now: wait for it rather than open a second.
      // One left without a session for longer than any opening takes (its process died) is closed instead.
      if (Date.now() - Date.parse(open.created_at) > 2 * OPENING_WAIT_MS) {
        await markClosed(open.id, "checkout expired");
        closed++;
        continue;
      }
      if (Date.now() > waitUntil) return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
  }

  /**
   * Closes an open checkout so it takes no more money: at the provider first,
   * then the row (failed, with the reason). "paid" when the customer completed
   * it meanwhile (the row stays pending for its webhook, or is settled here);
   * "unknown" when the provider could not be asked and the checkout may still
   * be open (past its own expiry it is closed whatever the provider says).
   */
  async function closeCheckout(
    payment: PaymentTable,
    reason: ClosedCheckoutReason,
  ): Promise<"closed" | "paid" | "unknown"> {
    const lapsed = payment.expires_at !== null && Date.parse(payment.expires_at) <= clock();
    if (payment.provider_session_id && payment.provider === provider.name) {
      try {
        if ((await provider.expireCheckoutSession(payment.provider_session_id)) === "complete") {
          await checkWithProvider(payment);
          return "paid";
        }
      } catch (err) {
        logger.warn(
          { paymentId: payment.id, error: describeError(err) },
          "could not expire checkout session with provider",
        );
        if (!lapsed) return "unknown";
      }
    } else if (!lapsed && payment.provider === provider.name) {
      // Still being opened by another request: it cannot be closed yet.
      return "unknown";
    }
    // (A checkout of a provider no longer configured cannot be reached: it is closed here.)
    await markClosed(payment.id, reason);
    return "closed";
  }

  async function markClosed(paymentId: string, reason: ClosedCheckoutReason) {
    const at = new Date(clock()).toISOString();
    await db
      .updateTable("payments")
      .set({ status: "failed", failure_reason: reason, failed_at: at, updated_at: at })
      .where("id", "=", paymentId)
      .where("status", "=", "pending")
      .execute();
    logger.info({ paymentId, reason }, "checkout closed");
  }

  /** A pending checkout past its own expiry is closed now (the sandbox's page, which Stripe's timer does not cover); true when it was. */
  async function closeIfLapsed(payment: PaymentTable): Promise<boolean> {
    if (
      payment.status !== "pending" ||
      payment.expires_at === null ||
      Date.parse(payment.expires_at) > clock()
    )
      return false;
    await closeCheckout(payment, "checkout expired");
    return true;
  }

  /** Closes every open checkout of a quote (withdrawn, expired): none of them may take money any more. */
  async function closeQuoteCheckouts(quoteId: string, reason: ClosedCheckoutReason): Promise<void> {
    const open = await db
      .selectFrom("payments")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .where("status", "=", "pending")
      .execute();
    for (const payment of open) await closeCheckout(payment, reason);
  }

  /**
   * Gives back money flagged as needing a refund: claims the row (needed →
   * requested, so two clicks ask once), then asks the provider with a key
   * that makes a retry the same refund. Stripe's charge.refunded settles it;
   * the sandbox's refund is settled at once.
   */
  async function refund(paymentId: string): Promise<RefundOutcome> {
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", paymentId)
      .executeTakeFirst();
    if (!payment) return { ok: false, status: 404, error: "No such payment." };
    if (payment.refund_status === "requested" || payment.refund_status === "refunded")
      return { ok: true, state: payment.refund_status };
    if (payment.status !== "paid" || payment.refund_status !== "needed" || !payment.provider_session_id) {
      return {
        ok: false,
        status: 409,
        error: "Only a payment marked as needing a refund can be refunded here.",
      };
    }
    const at = new Date(clock()).toISOString();
    const claimed = await db
      .updateTable("payments")
      .set({ refund_status: "requested", updated_at: at })
      .where("id", "=", paymentId)
      .where("refund_status", "=", "needed")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { ok: true, state: "requested" };
    let result;
    try {
      result = await provider.refund({
        paymentId,
        sessionId: payment.provider_session_id,
        paymentRef: payment.provider_payment_ref ?? null,
        amountCents: Number(payment.amount_cents),
        idempotencyKey: `refund-${paymentId}`,
      });
    } catch (err) {
      logger.error({ paymentId, provider: provider.name, error: describeError(err) }, "refund not created");
      await db
        .updateTable("payments")
        .set({ refund_status: "needed", updated_at: new Date(clock()).toISOString() })
        .where("id", "=", paymentId)
        .where("refund_status", "=", "requested")
        .execute();
      return {
        ok: false,
        status: 502,
        error: "The payment service did not take the refund. Try again in a moment.",
      };
    }
    await db
      .updateTable("payments")
      .set({
        refund_id: result.refundId,
        provider_payment_ref: result.paymentRef,
        updated_at: new Date(clock()).toISOString(),
      })
      .where("id", "=", paymentId)
      .execute();
    logger.info({ paymentId, provider: provider.name }, "refund requested");
    if (result.settled) await settleRefund({ paymentId }, `${provider.name} refund`);
    return { ok: true, state: result.settled ? "refunded" : "requested" };
  }

  /**
   * The refund is done (Stripe's charge.refunded, or the sandbox): one
   * conditional UPDATE, so however many deliveries race, one settles it.
   * A refund made in Stripe's dashboard for a flagged payment counts too.
   */
  async function settleRefund(
    match: { paymentId?: string; paymentRef?: string },
    source: string,
  ): Promise<boolean> {
    if (!match.paymentId && !match.paymentRef) return false;
    const at = new Date(clock()).toISOString();
    const row = await db
      .updateTable("payments")
      .set({ refund_status: "refunded", refunded_at: at, updated_at: at })
      .where((eb) =>
        eb.or([
          ...(match.paymentId ? [eb("id", "=", match.paymentId)] : []),
          ...(match.paymentRef ? [eb("provider_payment_ref", "=", match.paymentRef)] : []),
        ]),
      )
      .where("refund_status", "in", ["needed", "requested"])
      .returning(["id"])
      .executeTakeFirst();
    if (row) logger.info({ paymentId: row.id, source }, "refund settled");
    return row !== undefined;
  }

  /**
   * Stores the payment pending, then opens the provider's checkout with an
   * idempotency key kept on the row. A quote's stage that already has an open
   * checkout stores nothing (the unique index) and answers undefined.
   */
  async function openCheckout(request: {
    amountCents: number;
    packageType: PackageType;
    quote: QuoteReference;
  }): Promise<CreatePaymentResult | undefined>;
  async function openCheckout(request: {
    amountCents: number;
    packageType: PackageType;
  }): Promise<CreatePaymentResult>;
  async function openCheckout({
    amountCents,
    packageType,
    quote,
  }: {
    amountCents: number;
    packageType: PackageType;
    quote?: QuoteReference;
  }): Promise<CreatePaymentResult | undefined> {
    const id = randomUUID();
    const idempotencyKey = `payment-${id}`;
    const t = clock();
    const now = new Date().toISOString();
    const expiresAt = t + CHECKOUT_TTL_MS;
    const inserted = await db
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
        lead_id: quote?.inquiryId ?? null,
        kind: quote?.kind ?? null,
        expires_at: new Date(expiresAt).toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return undefined;

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
        expiresAt,
      });
    } catch (err) {
      logger.error(
        { paymentId: id, provider: provider.name, error: describeError(err) },
        "checkout session not created",
      );
      // No session was opened, so this payment can never be paid: close it rather than leave it pending.
      await db
        .updateTable("payments")
        .set({
          status: "failed",
          failure_reason: "checkout session not created",
          failed_at: now,
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute()
        .catch(() => {});
      return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
    }
    await db
      .updateTable("payments")
      .set({
        provider_session_id: session.sessionId,
        checkout_url: session.url,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .execute();
    logger.info(
      { paymentId: id, provider: provider.name, amountCents, packageType, quoteId: quote?.quoteId },
      "checkout session created",
    );
    return { ok: true, url: session.url, paymentId: id, sessionId: session.sessionId };
  }

  function findBySession(sessionId: string) {
    return db
      .selectFrom("payments")
      .selectAll()
      .where("provider_session_id", "=", sessionId)
      .executeTakeFirst();
  }

  /**
   * What the success page may show for a session id. A pending Stripe payment
   * is checked with Stripe directly and fulfilled here when Stripe says paid,
   * so the customer is not told "waiting" because a webhook is slow. A session
   * is looked up at most once per VERIFY_INTERVAL_MS, and a client triggers at
   * most VERIFY_LIMITS look-ups: reloading cannot multiply provider calls.
   */
  async function verify(
    sessionId: string | null | undefined,
    client?: PaymentClient,
  ): Promise<PaymentVerification> {
    if (!sessionId || sessionId.length > 255) return { state: "unknown" };
    const payment = await findBySession(sessionId);
    if (!payment) return { state: "unknown" };
    if (payment.status !== "pending" || payment.provider !== provider.name) return describe(payment);
    if (client && !config.RATE_LIMIT_DISABLED) {
      const decision = await verifyLimiter.hit(client.clientIp, clock());
      if (!decision.allowed) {
        logger.warn(
          { paymentId: payment.id },
          "payment look-up rate limit reached: answered from the database",
        );
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
      .where((eb) =>
        eb.or([
          eb("last_checked_at", "is", null),
          eb("last_checked_at", "<=", new Date(t - VERIFY_INTERVAL_MS).toISOString()),
        ]),
      )
      .executeTakeFirst();
    // Another load (here or in another process) looked it up within the interval: show the row as it now stands.
    if (Number(claimed.numUpdatedRows) === 0)
      return (
        (await db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirst()) ??
        payment
      );
    const sessionId = payment.provider_session_id!;
    try {
      const remote = await provider.retrieveSession(sessionId);
      if (remote && remote.paymentStatus === "paid" && matches(payment, remote)) {
        const result = await fulfil(
          sessionId,
          { status: "paid", paymentRef: remote.paymentRef },
          "success page",
        );
        if (result.result !== "unknown") return result.payment;
      }
    } catch (err) {
      // The page still answers, honestly saying it is waiting for confirmation.
      logger.warn(
        { paymentId: payment.id, error: describeError(err) },
        "could not check session with provider",
      );
    }
    return payment;
  }

  /** A paid session must be for the amount and currency we stored, or a person should look at it. */
  function matches(
    payment: PaymentTable,
    remote: { amountTotal: number | null; currency: string | null; sessionId: string },
  ) {
    const ok =
      remote.amountTotal === Number(payment.amount_cents) &&
      (remote.currency ?? "").toLowerCase() === payment.currency;
    if (!ok) {
      logger.error(
        {
          paymentId: payment.id,
          sessionId: remote.sessionId,
          stored: [payment.amount_cents, payment.currency],
          remote: [remote.amountTotal, remote.currency],
        },
        "paid session does not match the stored payment: left pending for review",
      );
    }
    return ok;
  }

  return {
    provider: provider.name,
    createPayment,
    createQuotePayment,
    closeQuoteCheckouts,
    closeIfLapsed,
    refund,
    ...createRefundRequests({ provider, logger }),
    settleRefund,
    findBySession,
    verify,
    matches,
    fulfil,
  };
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
    ...(payment.quote_id && payment.kind
      ? { quote: { reference: quoteReference(payment.quote_id), kind: payment.kind } }
      : {}),
    ...(payment.refund_status ? { refund: payment.refund_status } : {}),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
