import { describeError } from "./errors";
import { type PaymentContext, type RefundOutcome } from "./payment-context.server";

/**
 * Gives back money flagged as needing a refund: claims the row (needed →
 * requested, so two clicks ask once), then asks the provider with a key
 * that makes a retry the same refund. Stripe's charge.refunded settles it;
 * the sandbox's refund is settled at once.
 */
export async function refund(ctx: PaymentContext, paymentId: string): Promise<RefundOutcome> {
  const { db, clock, provider, logger } = ctx;
  const payment = await db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
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
  if (result.settled) await settleRefund(ctx, { paymentId }, `${provider.name} refund`);
  return { ok: true, state: result.settled ? "refunded" : "requested" };
}

/**
 * The refund is done (Stripe's charge.refunded, or the sandbox): one
 * conditional UPDATE, so however many deliveries race, one settles it.
 * A refund made in Stripe's dashboard for a flagged payment counts too.
 */
export async function settleRefund(
  ctx: PaymentContext,
  match: { paymentId?: string; paymentRef?: string },
  source: string,
): Promise<boolean> {
  const { clock, db, logger } = ctx;
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
