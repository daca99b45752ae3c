import { expect } from "vitest";

import type { CreateQuoteInput } from "../../app/shared/quote-model";
import { createApp } from "../../server/app.server";
import { createQuoteSettlement } from "../../server/billing/settlement.server";
import { loadConfig, type AppConfig } from "../../server/config.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger, type Logger } from "../../server/logger.server";
import { createMailer, type Mailer } from "../../server/mail/mailer.server";
import { createOutboxWorker, type OutboxHandlers } from "../../server/outbox/outbox.server";
import { createPayments } from "../../server/payments/payments.server";
import { createQuoteCheckout } from "../../server/quotes/checkout.server";
import { quoteDeliveryHandlers } from "../../server/quotes/notifications.server";
import { createQuoteService } from "../../server/quotes/service.server";
import type { FakeSmtp } from "../fakes/smtp";
import type { FakeStripeApi } from "../fakes/stripe-api";
import type { TestDatabase } from "./databases";
import { randomIp, validInquiry } from "./inquiries";

/** Who makes and sends a quote test's quotes. */
export const QUOTE_ACTOR = "owner@studio.example";

/** When a quote test's clock starts unless it says otherwise. */
export const QUOTE_TEST_START = Date.parse("2026-11-25T18:00:00.000Z");

export type QuoteWiringOptions = {
  database: TestDatabase;
  /** Added to (or over) the test configuration: sandbox payments on https://studio.example. */
  env?: Record<string, string>;
  /** The log (a test that reads its lines); a silent one otherwise. */
  logger?: Logger;
  /** When the clock starts (it moves only when the test moves it). */
  start?: number;
  /** Payments through the local Stripe fake instead of the sandbox (env says the provider and keys). */
  stripe?: FakeStripeApi;
};

/**
 * Quotes as the server wires them (server/services.server.ts): the studio's quote service, the
 * client's checkout, payments settled by the quote settlement (which prints the configured GST/HST
 * number on receipts), and the app, on the test's database and a clock the test moves.
 */
export function quoteWiring({
  database,
  env = {},
  logger,
  start = QUOTE_TEST_START,
  stripe,
}: QuoteWiringOptions) {
  const config = loadConfig({
    NODE_ENV: "test",
    SITE_URL: "https://studio.example",
    TRUST_PROXY: "true",
    PAYMENTS_PROVIDER: "sandbox",
    ...(logger ? {} : { LOG_LEVEL: "silent" }),
    ...env,
  });
  const log = logger ?? createLogger(config);
  const clock = { now: start };
  const now = () => clock.now;
  const stripeApi = stripe ? { stripeApi: stripe.api } : undefined;
  const timeline = createLeadTimeline();
  const payments = createPayments({
    config,
    database,
    logger: log,
    now,
    options: stripeApi,
    onPaid: createQuoteSettlement({
      timeline,
      logger: log,
      registrationNumber: config.GST_HST_NUMBER ?? null,
    }),
  });
  const studio = createQuoteService({ config, database, timeline, checkouts: payments.service, now });
  const client = createQuoteCheckout({
    config,
    database,
    payments: payments.service,
    timeline,
    logger: log,
    now,
  });
  const app = createApp({ config, database, logger: log, now, payments: stripeApi });

  /** A lead as the contact form makes one (`fields` over a valid inquiry, from an address of its own): its id. */
  async function newLead(fields: Partial<typeof validInquiry> = {}) {
    const res = await app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ ...validInquiry, ...fields }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  /**
   * A quote the studio made for a new lead and sent (`note`: the email's personal line): the lead,
   * the quote and its link.
   */
  async function sentQuote(input: Omit<CreateQuoteInput, "inquiryId">, options: { note?: string } = {}) {
    const inquiryId = await newLead();
    const created = await studio.create({ ...input, inquiryId }, QUOTE_ACTOR);
    if (!created.ok) throw new Error(created.error);
    expect((await studio.send(created.value.quote.id, QUOTE_ACTOR, options)).ok).toBe(true);
    return { inquiryId, quote: created.value.quote, link: created.value.link };
  }

  return {
    config,
    database,
    logger: log,
    clock,
    now,
    timeline,
    payments,
    studio,
    client,
    app,
    newLead,
    sentQuote,
  };
}

/** An outbox channel family (quotes', payments', inquiries'), as the server hands it the mailer. */
type Deliveries = (deps: { config: AppConfig; database: TestDatabase; mailer: Mailer }) => OutboxHandlers;

/**
 * The quote wiring with mail: a mailer sending to the in-process SMTP fake (timeouts that a loaded
 * CI machine does not run out of) and the outbox worker delivering `deliveries` (the quotes' own
 * by default). `stop` stops both; the database stays the caller's.
 */
export function mailedQuoteWiring({
  smtp,
  deliveries = [quoteDeliveryHandlers],
  env = {},
  ...options
}: QuoteWiringOptions & { smtp: FakeSmtp; deliveries?: Deliveries[] }) {
  const wiring = quoteWiring({
    ...options,
    env: { SMTP_URL: smtp.url, INQUIRY_TO: "studio@example.com", ...env },
  });
  const { config, database, logger, now } = wiring;
  const mailer = createMailer(config, logger, {
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 30_000,
  });
  const handlers = Object.assign(
    {},
    ...deliveries.map((d) => d({ config, database, mailer })),
  ) as OutboxHandlers;
  const worker = createOutboxWorker({ database, logger, handlers, now });
  return {
    ...wiring,
    mailer,
    worker,
    async stop() {
      await worker.stop();
      mailer.close();
    },
  };
}
