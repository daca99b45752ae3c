import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

import { createAccounting } from "../../server/billing/accounting.server";
import { createQuoteRefunds } from "../../server/billing/refunds.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { postSignedEvent, startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { openTestDatabase } from "./databases";
import { paymentsWithRefunds } from "./flagged-refunds";
import { randomIp } from "./inquiries";
import { capturingLogger } from "./logs";
import { mailedQuoteWiring } from "./quotes";

export const SITE_URL = "https://studio.example";
export const WEBHOOK_SECRET = "whsec_refunds";
export const GST_NUMBER = "123456789 RT0001";
export { QUOTE_ACTOR as ACTOR } from "./quotes";
export const SIGNATURE = { legalName: "Grace Hopper", agree: "on" };

/**
 * Refunds of settled quote payments from the lead's page, as the server wires
 * them: Stripe (the local fake, over HTTP), the quote settlement issuing
 * receipts, the refunds module issuing credit notes, a real SMTP server in
 * process and the outbox worker, on a fresh database and a clock the test moves.
 */
export async function refundsHarness(stripe: FakeStripeApi, smtp: FakeSmtp) {
  const database = await openTestDatabase();
  const { logger, lines: logLines } = capturingLogger("info");
  const wiring = mailedQuoteWiring({
    database,
    smtp,
    stripe,
    logger,
    env: {
      SITE_URL,
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_refunds",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GST_HST_NUMBER: GST_NUMBER,
    },
  });
  const { app, config, clock, now, timeline, payments, client, worker, newLead } = wiring;
  stripe.useClock(now);
  const refunds = createQuoteRefunds({ database, payments: payments.service, timeline, logger, now });
  const { db } = database;

  const signedEvent = (id: string, type: string, object: Record<string, unknown>) =>
    postSignedEvent(app, WEBHOOK_SECRET, { id, type, created: clock.now, object });

  /** checkout.session.completed as Stripe sends it once the customer paid. */
  function paidEvent(sessionId: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
    stripe.setPaymentStatus(sessionId, "paid");
    const s = stripe.sessions.get(sessionId)!;
    return signedEvent(id, "checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      amount_total: s.amount_total,
      currency: "cad",
      payment_status: "paid",
      payment_intent: s.payment_intent,
      metadata: {},
    });
  }

  /**
   * A lead whose quote (BC: GST and PST on the package, GST only on a line) was
   * sent and whose deposit the client paid: the payment settled with its receipt.
   */
  async function paidDeposit(amountCents = 100_010) {
    const { inquiryId, quote } = await wiring.sentQuote({
      packageType: "pro",
      amountCents,
      packageTaxes: ["GST", "PST"],
      lines: [{ label: "Domain", amountCents: 1_999, taxes: ["GST"] }],
      depositPercent: 50,
      province: "BC",
    });
    const opened = await client.pay(quote.token, { clientIp: randomIp() }, SIGNATURE);
    if (!opened.ok) throw new Error(opened.error);
    const payment = await db
      .selectFrom("payments")
      .selectAll()
      .where("quote_id", "=", quote.id)
      .executeTakeFirstOrThrow();
    expect((await paidEvent(payment.provider_session_id!)).status).toBe(200);
    const receipt = await db
      .selectFrom("money_documents")
      .selectAll()
      .where("kind", "=", "receipt")
      .where("payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    return { inquiryId, quote, payment, receipt };
  }

  const form = (
    paymentId: string,
    amount: unknown,
    reason: unknown = "Project cancelled by the client",
    confirm: unknown = "yes",
  ) => ({ paymentId, amount, reason, confirm });
  const stripeRefunds = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
  const creditNotes = () =>
    db
      .selectFrom("money_documents")
      .selectAll()
      .where("kind", "=", "credit_note")
      .orderBy("number")
      .execute();
  const paymentRow = (id: string) => paymentsWithRefunds(db).where("id", "=", id).executeTakeFirstOrThrow();
  /** What a refusal must leave as it was: the payment's refund columns, the refunds and documents stored, Stripe's refunds. */
  const state = async (paymentId: string) => {
    const p = await paymentRow(paymentId);
    return {
      claimed: Number(p.refund_claimed_cents),
      refunded: Number(p.refunded_cents),
      refunds: (
        await db
          .selectFrom("refunds")
          .select(["status", "amount_cents"])
          .where("status", "!=", "failed")
          .execute()
      ).length,
      documents: (await db.selectFrom("money_documents").select("id").execute()).length,
      stripe: stripeRefunds().length,
    };
  };

  return {
    app,
    config,
    database,
    logger,
    now,
    timeline,
    payments,
    clock,
    worker,
    refunds,
    accounting: createAccounting({ database, now }),
    logLines,
    newLead,
    paidDeposit,
    paidEvent,
    signedEvent,
    form,
    stripeRefunds,
    creditNotes,
    paymentRow,
    state,
    async dispose() {
      await wiring.stop();
      await database.dispose();
    },
  };
}

export type RefundsHarness = Awaited<ReturnType<typeof refundsHarness>>;

/**
 * A describe's refunds tests: the fakes of Stripe and SMTP for the file, a
 * fresh harness per test (Stripe's log emptied, its refunds succeeding at once).
 */
export function refundsSuite() {
  const suite = {} as { stripe: FakeStripeApi; smtp: FakeSmtp; h: RefundsHarness };
  beforeAll(async () => {
    suite.stripe = await startFakeStripeApi();
    suite.smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await suite.stripe.close();
    await suite.smtp.stop();
  });
  beforeEach(async () => {
    suite.h = await refundsHarness(suite.stripe, suite.smtp);
    suite.smtp.messages.length = 0;
    suite.stripe.requests.length = 0;
    suite.stripe.createRefundsAs("succeeded");
  });
  afterEach(async () => {
    await suite.h.dispose();
  });
  return suite;
}
