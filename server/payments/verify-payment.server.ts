import type { PaymentTable } from "../db/schema";
import { describeError } from "./errors";
import {
  describe,
  VERIFY_INTERVAL_MS,
  type PaymentClient,
  type PaymentContext,
} from "./payment-context.server";
import type { PaymentVerification } from "./types";

export function findBySession(ctx: PaymentContext, sessionId: string) {
  const { db } = ctx;
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
export async function verify(
  ctx: PaymentContext,
  sessionId: string | null | undefined,
  client?: PaymentClient,
): Promise<PaymentVerification> {
  const { provider, config, verifyLimiter, clock, logger, checking } = ctx;
  if (!sessionId || sessionId.length > 255) return { state: "unknown" };
  const payment = await findBySession(ctx, sessionId);
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
    check = checkWithProvider(ctx, payment).finally(() => checking.delete(sessionId));
    checking.set(sessionId, check);
  }
  return describe(await check);
}

/** Asks the provider about a pending payment if no process did in the last interval; the row as it now stands. */
export async function checkWithProvider(ctx: PaymentContext, payment: PaymentTable): Promise<PaymentTable> {
  const { clock, db, provider, fulfil, logger } = ctx;
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
      (await db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirst()) ?? payment
    );
  const sessionId = payment.provider_session_id!;
  try {
    const remote = await provider.retrieveSession(sessionId);
    if (remote && remote.paymentStatus === "paid" && matches(ctx, payment, remote)) {
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
export function matches(
  ctx: PaymentContext,
  payment: PaymentTable,
  remote: { amountTotal: number | null; currency: string | null; sessionId: string },
) {
  const { logger } = ctx;
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
