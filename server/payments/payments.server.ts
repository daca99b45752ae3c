import type Stripe from "stripe";

import type { GoalRecorder } from "../analytics/service.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import type { Logger } from "../logger.server";
import type { OutboxTrigger } from "../outbox/outbox.server";
import { createFulfil, type OnPaid } from "./fulfil.server";
import { createSandboxProvider } from "./providers/sandbox.server";
import { createStripeClient, createStripeProvider, type StripeApiOverrides } from "./providers/stripe.server";
import { createPaymentService } from "./service.server";
import type { PaymentProvider, ProviderName } from "./types";
import type { BillingEventHandler } from "./webhook-events.server";
import {
  createStripeWebhookHandler,
  type ChargeRefundedHandler,
  type RefundUpdateHandler,
} from "./webhook.server";

/** Test seams: point the Stripe SDK at a local fake, or replace the provider. */
export type PaymentsOptions = {
  stripeApi?: StripeApiOverrides;
  provider?: PaymentProvider;
};

export function selectProvider(
  config: Pick<AppConfig, "PAYMENTS_PROVIDER" | "STRIPE_SECRET_KEY">,
): ProviderName {
  return config.PAYMENTS_PROVIDER ?? (config.STRIPE_SECRET_KEY ? "stripe" : "sandbox");
}

export const SANDBOX_IN_PRODUCTION_WARNING =
  "PAYMENTS ARE IN SANDBOX MODE IN PRODUCTION (PAYMENTS_PROVIDER=sandbox): customers see a test checkout and NO MONEY IS COLLECTED. " +
  "For real payments set PAYMENTS_PROVIDER=stripe, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.";

/** The configured provider (and Stripe's client, which checks webhook signatures); the refund recovery job builds its own. */
export function createPaymentProvider(
  config: Pick<AppConfig, "PAYMENTS_PROVIDER" | "STRIPE_SECRET_KEY" | "SITE_URL">,
  options: PaymentsOptions = {},
): { provider: PaymentProvider; stripe?: Stripe } {
  if (options.provider) return { provider: options.provider };
  if (selectProvider(config) !== "stripe") return { provider: createSandboxProvider() };
  // The config schema already refuses PAYMENTS_PROVIDER=stripe without a key.
  const stripe = createStripeClient(config.STRIPE_SECRET_KEY!, options.stripeApi);
  return { provider: createStripeProvider({ stripe, siteUrl: config.SITE_URL }), stripe };
}

/** Wires the payments capability: provider, fulfilment, service and the Stripe webhook. */
export function createPayments(deps: {
  config: AppConfig;
  database: AppDatabase;
  logger: Logger;
  options?: PaymentsOptions;
  /** Nudged when a settlement queued the studio's email. */
  outbox?: OutboxTrigger;
  /** What else a paid payment moves forward, in the same transaction (quotes). */
  onPaid?: OnPaid;
  now?: () => number;
  /** Analytics: settled payments are goals (absent: none recorded). */
  goals?: GoalRecorder;
  /** Stripe's refund events, for the refunds of settled payments (quotes). */
  onRefundUpdate?: RefundUpdateHandler;
  onChargeRefunded?: ChargeRefundedHandler;
  /** Stripe Billing's events (care plans, server/billing/plans). */
  onBillingEvent?: BillingEventHandler;
}) {
  const { config, database, options = {} } = deps;
  const logger = deps.logger.child({ module: "payments" });

  const { provider, stripe } = createPaymentProvider(config, options);

  if (provider.name === "sandbox" && config.NODE_ENV === "production")
    logger.warn(SANDBOX_IN_PRODUCTION_WARNING);
  if (provider.name === "stripe" && !config.STRIPE_WEBHOOK_SECRET) {
    logger.warn(
      "STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused; payments are confirmed only when customers reach the success page.",
    );
  }
  if (
    provider.name === "stripe" &&
    config.SITE_URL.startsWith("http://localhost") &&
    config.NODE_ENV === "production"
  ) {
    logger.warn(
      { SITE_URL: config.SITE_URL },
      "SITE_URL is localhost: Stripe will send customers back to the wrong address.",
    );
  }

  const fulfil = createFulfil({
    database,
    logger,
    outbox: deps.outbox,
    onPaid: deps.onPaid,
    goals: deps.goals,
    now: deps.now,
  });
  const service = createPaymentService({ config, database, provider, fulfil, logger, now: deps.now });
  const webhook = stripe
    ? createStripeWebhookHandler({
        stripe,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        database,
        service,
        logger,
        onRefundUpdate: deps.onRefundUpdate,
        onChargeRefunded: deps.onChargeRefunded,
        onBillingEvent: deps.onBillingEvent,
      })
    : undefined;
  return { provider: provider.name, service, webhook, stripe };
}

export type Payments = ReturnType<typeof createPayments>;
