import type Stripe from "stripe";

/**
 * The part of Stripe's client the care plans call: Stripe's own client, or the built-in
 * sandbox's stand-in (sandbox-billing.server.ts), which plays the same calls without Stripe
 * and feeds the same events to the same handler.
 */
export type BillingApi = {
  /** The sandbox's: false for a customer or subscription it did not make (a row from a Stripe account, a test's). */
  owns?: (stripeId: string) => boolean;
  checkout: {
    sessions: {
      create(
        params: Stripe.Checkout.SessionCreateParams,
        options?: Stripe.RequestOptions,
      ): Promise<{ id: string; url: string | null }>;
    };
  };
  billingPortal: {
    sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> };
  };
  subscriptions: {
    update(id: string, params: Stripe.SubscriptionUpdateParams): Promise<{ cancel_at_period_end: boolean }>;
  };
  /** Each plan's Product (metadata plan_id) and its monthly Prices (plan-prices.server.ts). */
  products: {
    retrieve(id: string): Promise<{ id: string; name: string; metadata: Record<string, string> }>;
    create(params: Stripe.ProductCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
    update(id: string, params: Stripe.ProductUpdateParams): Promise<{ id: string }>;
  };
  prices: {
    list(params: Stripe.PriceListParams): Promise<{ data: { id: string }[] }>;
    create(params: Stripe.PriceCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
  taxRates: {
    create(params: Stripe.TaxRateCreateParams, options?: Stripe.RequestOptions): Promise<{ id: string }>;
  };
};
