import type Stripe from "stripe";

import type { Logger } from "../logger.server";
import { toRefundState, toRemoteSession } from "./providers/stripe.server";
import type { PaymentService } from "./service.server";
import type { ChargeRefundedHandler, RefundUpdateHandler } from "./webhook.server";

/** What a verified event acts on: the payments, the refunds' handler, the log. */
export type WebhookEventDeps = {
  service: PaymentService;
  logger: Logger;
  /** A refund moved on at Stripe (refund.updated, refund.failed): true when it was one of ours (server/billing/refunds.server.ts). */
  onRefundUpdate?: RefundUpdateHandler;
  onChargeRefunded?: ChargeRefundedHandler;
  /** Stripe Billing's events for care plans (server/billing/plans): true when the event was a plan's. */
  onBillingEvent?: BillingEventHandler;
};

export type BillingEventHandler = (event: Stripe.Event) => Promise<boolean>;

/** A verified, well-formed event Stripe has not delivered before: what it changes here. */
export async function handleEvent(deps: WebhookEventDeps, event: Stripe.Event) {
  if (await deps.onBillingEvent?.(event)) return;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutPaid(deps, event, toRemoteSession(event.data.object));
    case "checkout.session.expired":
      // Stripe closed a checkout at its expires_at: it takes no money now, so its row is closed too.
      return checkoutClosed(deps, event, event.data.object.id, "checkout expired");
    case "checkout.session.async_payment_failed":
      return checkoutClosed(deps, event, event.data.object.id, "async payment failed");
    case "charge.refunded":
      return chargeRefunded(deps, event, event.data.object);
    case "refund.updated":
    case "refund.failed":
      return refundUpdated(deps, event, event.data.object);
    default:
      deps.logger.debug({ eventId: event.id, type: event.type }, "Stripe event ignored");
  }
}

async function checkoutPaid(
  { service, logger }: WebhookEventDeps,
  event: Stripe.Event,
  session: ReturnType<typeof toRemoteSession>,
) {
  // "completed" with payment_status unpaid is a delayed method (bank debit): wait for its async event.
  if (session.paymentStatus !== "paid") {
    logger.info(
      { eventId: event.id, sessionId: session.sessionId, paymentStatus: session.paymentStatus },
      "checkout completed, payment not yet paid",
    );
    return;
  }
  const payment = await service.findBySession(session.sessionId);
  if (!payment) {
    logger.warn(
      { eventId: event.id, sessionId: session.sessionId },
      "Stripe event for an unknown session: acknowledged, nothing changed",
    );
    return;
  }
  if (!service.matches(payment, session)) return;
  await service.fulfil(
    session.sessionId,
    { status: "paid", paymentRef: session.paymentRef },
    `stripe ${event.type} ${event.id}`,
  );
}

/** A checkout that will take no money: expired, or its delayed payment failed. */
async function checkoutClosed(
  { service, logger }: WebhookEventDeps,
  event: Stripe.Event,
  sessionId: string,
  reason: string,
) {
  const result = await service.fulfil(
    sessionId,
    { status: "failed", reason },
    `stripe ${event.type} ${event.id}`,
  );
  if (result.result === "unknown")
    logger.warn({ eventId: event.id, sessionId }, "Stripe event for an unknown session: acknowledged");
}

async function chargeRefunded(
  { onChargeRefunded, logger }: WebhookEventDeps,
  event: Stripe.Event,
  charge: Stripe.Charge,
) {
  // Only a refund of the whole charge (made in Stripe's dashboard) settles a flagged payment's refund; a partial one is the
  // studio's own business in Stripe. Refunds asked from here are settled by their own refund events.
  if (!charge.refunded) return;
  const paymentRef =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  const settled = await onChargeRefunded?.({
    paymentRef: paymentRef ?? undefined,
    paymentId: charge.metadata?.payment_id,
  });
  if (!settled)
    logger.info({ eventId: event.id }, "charge.refunded for no payment awaiting a refund: acknowledged");
}

/** A pending refund succeeded (its credit note is issued now), or failed or was cancelled (its claim is given back). */
async function refundUpdated(deps: WebhookEventDeps, event: Stripe.Event, refund: Stripe.Refund) {
  const ours = await deps.onRefundUpdate?.({
    ...toRefundState(refund),
    ourId: refund.metadata?.refund_id ?? null,
  });
  if (!ours)
    deps.logger.info(
      { eventId: event.id, type: event.type },
      "refund event for no refund of ours: acknowledged",
    );
}
