import Stripe from "stripe";

import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  RefundState,
  RemoteSession,
} from "../types";

/** Where the SDK sends its requests (tests point it at a local fake of Stripe's API), and how long it waits. */
export type StripeApiOverrides = {
  host?: string;
  port?: number | string;
  protocol?: "http" | "https";
  timeout?: number;
};

export function createStripeClient(secretKey: string, overrides: StripeApiOverrides = {}) {
  return new Stripe(secretKey, {
    // Network retries reuse our idempotency key, so a retried create opens one session.
    maxNetworkRetries: 2,
    // Per attempt: a customer waits at most about three of these (plus backoff) before the 502.
    timeout: 8_000,
    telemetry: false,
    appInfo: { name: "cascadia-web-studio" },
    ...overrides,
  });
}

export type StripeProviderOptions = { stripe: Stripe; siteUrl: string };

/** Stripe Checkout: one hosted page per payment, mode payment, in CAD. */
export function createStripeProvider({ stripe, siteUrl }: StripeProviderOptions): PaymentProvider {
  return {
    name: "stripe",
    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata: Record<string, string> = {
        payment_id: request.paymentId,
        package: request.packageType,
      };
      if (request.quote)
        Object.assign(metadata, {
          quote_id: request.quote.quoteId,
          lead_id: request.quote.inquiryId,
          kind: request.quote.kind,
        });
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: request.currency,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amountCents,
                product_data: { name: request.productName },
              },
            },
          ],
          // Stripe replaces the literal {CHECKOUT_SESSION_ID} with the session id.
          success_url: `${siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${siteUrl}${request.quote?.cancelPath ?? "/payment"}`,
          client_reference_id: request.paymentId,
          // A checkout left open in a tab stops taking money (seconds; Stripe allows 30 minutes to 24 hours).
          expires_at: Math.floor(request.expiresAt / 1000),
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },
    async retrieveSession(sessionId: string): Promise<RemoteSession | null> {
      try {
        const s = await stripe.checkout.sessions.retrieve(sessionId);
        return toRemoteSession(s);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async expireCheckoutSession(sessionId: string): Promise<"expired" | "complete"> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      } catch (err) {
        // Only an open session can be expired: ask what it is now (paid meanwhile, or closed already).
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const s = await stripe.checkout.sessions.retrieve(sessionId);
        if (s.status === "open") throw err;
        return s.status === "complete" ? "complete" : "expired";
      }
    },
    async refund(request: RefundRequest): Promise<RefundResult> {
      const paymentRef =
        request.paymentRef ?? paymentIntentOf(await stripe.checkout.sessions.retrieve(request.sessionId));
      if (!paymentRef)
        throw new Error(`Stripe checkout session ${request.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentRef,
          amount: request.amountCents,
          metadata: {
            payment_id: request.paymentId,
            ...(request.refundId ? { refund_id: request.refundId } : {}),
          },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      // A flagged payment is settled only by the charge.refunded webhook, once, whatever this answer says.
      return { ...toRefundState(refund), paymentRef, settled: false };
    },
    async retrieveRefund(refundId: string): Promise<RefundState> {
      return toRefundState(await stripe.refunds.retrieve(refundId));
    },
  };
}

/** Stripe's refund statuses, in ours: requires_action (some bank methods) waits like pending. */
export function toRefundState(r: Pick<Stripe.Refund, "id" | "status" | "failure_reason">): RefundState {
  const status =
    r.status === "succeeded" || r.status === "failed" || r.status === "canceled" ? r.status : "pending";
  return {
    refundId: r.id,
    status,
    failureReason: status === "failed" || status === "canceled" ? (r.failure_reason ?? status) : null,
  };
}

function paymentIntentOf(s: Stripe.Checkout.Session): string | null {
  const pi = s.payment_intent;
  return typeof pi === "string" ? pi : (pi?.id ?? null);
}

export function toRemoteSession(s: Stripe.Checkout.Session): RemoteSession {
  return {
    sessionId: s.id,
    paymentStatus: s.payment_status,
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
    paymentId: s.metadata?.payment_id ?? null,
    paymentRef: paymentIntentOf(s),
  };
}
