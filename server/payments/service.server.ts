import type { PaymentTable } from "../db/schema";
import type { Logger } from "../logger.server";
import { closeIfLapsed, closeQuoteCheckouts } from "./close-checkout.server";
import { createPayment } from "./create-payment.server";
import { createQuotePayment } from "./create-quote-payment.server";
import { paymentContext, type PaymentServiceDeps } from "./payment-context.server";
import { refund, settleRefund } from "./refund-payment.server";
import type { PaymentProvider } from "./types";
import { findBySession, matches, verify } from "./verify-payment.server";

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
  const ctx = paymentContext(deps);
  return {
    provider: ctx.provider.name,
    createPayment: createPayment.bind(null, ctx),
    createQuotePayment: createQuotePayment.bind(null, ctx),
    closeQuoteCheckouts: closeQuoteCheckouts.bind(null, ctx),
    closeIfLapsed: closeIfLapsed.bind(null, ctx),
    refund: refund.bind(null, ctx),
    ...createRefundRequests({ provider: ctx.provider, logger: ctx.logger }),
    settleRefund: settleRefund.bind(null, ctx),
    findBySession: findBySession.bind(null, ctx),
    verify: verify.bind(null, ctx),
    matches: matches.bind(null, ctx),
    fulfil: ctx.fulfil,
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
