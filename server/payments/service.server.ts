import { randomUUID } from "node:crypto";
import { paymentPackage } from "~/content/payment";
import { createPaymentSchema, paymentFieldErrors } from "~/schemas/payment";
import type { AppDatabase } from "../db/database.server";
import type { PaymentTable } from "../db/schema";
import type { Logger } from "../logger.server";
import type { Fulfil } from "./fulfil.server";
import type { PaymentProvider, PaymentVerification } from "./types";
import { describeError } from "./errors";

export type CreatePaymentResult =
  | { ok: true; url: string; paymentId: string; sessionId: string }
  | { ok: false; status: 400; error: string; fields: { amount?: string; packageType?: string } }
  | { ok: false; status: 502; error: string };

export const PROVIDER_UNAVAILABLE = "The payment service is not available right now. Please try again in a moment.";

/**
 * Create a payment: validate with the shared schema, store it pending, then
 * open the provider's checkout with an idempotency key kept on the row.
 * Verify a payment: only what our database (or the provider) confirms.
 */
export function createPaymentService(deps: { database: AppDatabase; provider: PaymentProvider; fulfil: Fulfil; logger: Logger }) {
  const { database, provider, fulfil, logger } = deps;
  const { db } = database;

  async function createPayment(input: unknown): Promise<CreatePaymentResult> {
    const parsed = createPaymentSchema.safeParse(input ?? {});
    if (!parsed.success) {
      const fields = paymentFieldErrors(parsed.error);
      return { ok: false, status: 400, error: fields.amount ?? fields.packageType ?? "Invalid payment request.", fields };
    }
    const { amountCents, packageType } = parsed.data;
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
    logger.info({ paymentId: id, provider: provider.name, amountCents, packageType }, "checkout session created");
    return { ok: true, url: session.url, paymentId: id, sessionId: session.sessionId };
  }

  function findBySession(sessionId: string) {
    return db.selectFrom("payments").selectAll().where("provider_session_id", "=", sessionId).executeTakeFirst();
  }

  /**
   * What the success page may show for a session id. A pending Stripe payment
   * is checked with Stripe directly and fulfilled here when Stripe says paid,
   * so the customer is not told "waiting" because a webhook is slow.
   */
  async function verify(sessionId: string | null | undefined): Promise<PaymentVerification> {
    if (!sessionId || sessionId.length > 255) return { state: "unknown" };
    let payment = await findBySession(sessionId);
    if (!payment) return { state: "unknown" };
    if (payment.status === "pending" && payment.provider === provider.name) {
      try {
        const remote = await provider.retrieveSession(sessionId);
        if (remote && remote.paymentStatus === "paid" && matches(payment, remote)) {
          const result = await fulfil(sessionId, { status: "paid" }, "success page");
          if (result.result !== "unknown") payment = result.payment;
        }
      } catch (err) {
        // The page still answers, honestly saying it is waiting for confirmation.
        logger.warn({ paymentId: payment.id, error: describeError(err) }, "could not check session with provider");
      }
    }
    return describe(payment);
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

  return { provider: provider.name, createPayment, findBySession, verify, matches, fulfil };
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
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
