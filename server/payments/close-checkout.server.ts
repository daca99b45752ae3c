import type { PaymentTable } from "../db/schema";
import { describeError } from "./errors";
import type { ClosedCheckoutReason } from "./fulfil.server";
import { type PaymentContext } from "./payment-context.server";
import { checkWithProvider } from "./verify-payment.server";

/**
 * Closes an open checkout so it takes no more money: at the provider first,
 * then the row (failed, with the reason). "paid" when the customer completed
 * it meanwhile (the row stays pending for its webhook, or is settled here);
 * "unknown" when the provider could not be asked and the checkout may still
 * be open (past its own expiry it is closed whatever the provider says).
 */
export async function closeCheckout(
  ctx: PaymentContext,
  payment: PaymentTable,
  reason: ClosedCheckoutReason,
): Promise<"closed" | "paid" | "unknown"> {
  const { clock, provider, logger } = ctx;
  const lapsed = payment.expires_at !== null && Date.parse(payment.expires_at) <= clock();
  if (payment.provider_session_id && payment.provider === provider.name) {
    try {
      if ((await provider.expireCheckoutSession(payment.provider_session_id)) === "complete") {
        await checkWithProvider(ctx, payment);
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
  await markClosed(ctx, payment.id, reason);
  return "closed";
}

export async function markClosed(ctx: PaymentContext, paymentId: string, reason: ClosedCheckoutReason) {
  const { clock, db, logger } = ctx;
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
export async function closeIfLapsed(ctx: PaymentContext, payment: PaymentTable): Promise<boolean> {
  const { clock } = ctx;
  if (payment.status !== "pending" || payment.expires_at === null || Date.parse(payment.expires_at) > clock())
    return false;
  await closeCheckout(ctx, payment, "checkout expired");
  return true;
}

/** Closes every open checkout of a quote (withdrawn, expired): none of them may take money any more. */
export async function closeQuoteCheckouts(
  ctx: PaymentContext,
  quoteId: string,
  reason: ClosedCheckoutReason,
): Promise<void> {
  const { db } = ctx;
  const open = await db
    .selectFrom("payments")
    .selectAll()
    .where("quote_id", "=", quoteId)
    .where("status", "=", "pending")
    .execute();
  for (const payment of open) await closeCheckout(ctx, payment, reason);
}
