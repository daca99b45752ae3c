import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { paymentDeliveryHandlers } from "../../server/payments/notifications.server";
import {
  PROVIDER_UNAVAILABLE,
  VERIFY_INTERVAL_MS,
  VERIFY_LIMITS,
} from "../../server/payments/payment-context.server";
import { createPayments } from "../../server/payments/payments.server";
import { startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";

const WEBHOOK_SECRET = "whsec_test_cascadia_payments";
const SITE_URL = "https://studio.example";

/** A real SMTP server in process: counts the studio notifications the outbox delivers. */
async function startSmtp() {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
      stream.on("end", () => {
        mails.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

type Harness = Awaited<ReturnType<typeof harness>>;

/**
 * The app on a fresh database, with a movable clock and the outbox worker that
 * delivers payment emails, driven by hand (runOnce) so every delivery is observed.
 */
async function harness(opts: {
  stripe: FakeStripeApi | null;
  smtpUrl?: string;
  env?: Record<string, string>;
  stripeTimeoutMs?: number;
}) {
  const config = loadConfig({
    NODE_ENV: "test",
    SITE_URL,
    ...(opts.stripe
      ? {
          PAYMENTS_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_cascadia",
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        }
      : {}),
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl, INQUIRY_TO: "studio@example.com" } : {}),
    ...opts.env,
  });
  const database: TestDatabase = await openTestDatabase();
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (l: string) => lines.push(l) });
  const mailer = createMailer(config, logger);
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const worker = createOutboxWorker({
    database,
    logger,
    handlers: paymentDeliveryHandlers({ config, database, mailer }),
    now,
  });
  const stripeApi = opts.stripe
    ? { ...opts.stripe.api, ...(opts.stripeTimeoutMs ? { timeout: opts.stripeTimeoutMs } : {}) }
    : undefined;
  const app = createApp({ config, database, logger, now, payments: { stripeApi } });
  const payments = () => database.db.selectFrom("payments").selectAll().execute();
  const countPayments = async () => (await payments()).length;
  const emailRows = () =>
    database.db.selectFrom("outbox").selectAll().where("channel", "=", "payment-email").execute();
  const createPayment = (body: unknown, headers: Record<string, string> = {}) =>
    app.request("/api/create-payment", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  /** The payments capability on the same database and clock, as the success page's loader uses it. */
  const paymentsService = () =>
    createPayments({ config, database, logger, now, options: { stripeApi } }).service;
  return {
    app,
    config,
    database,
    clock,
    worker,
    lines,
    payments,
    countPayments,
    emailRows,
    createPayment,
    paymentsService,
    dispose: async () => {
      await worker.stop();
      mailer.close();
      await database.dispose();
    },
  };
}

function signedWebhook(t: Harness, event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request("/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

function sessionEvent(
  type: string,
  session: { id: string; amount_total: number; payment_status: string; payment_id?: string },
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  return {
    id,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        amount_total: session.amount_total,
        currency: "cad",
        payment_status: session.payment_status,
        metadata: { payment_id: session.payment_id ?? "" },
      },
    },
  };
}

describe(`payments with Stripe (fake API) on ${testDatabaseKind}`, () => {
  let stripe: FakeStripeApi;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: Harness;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await stripe.close();
    await smtp.close();
  });
  afterEach(async () => {
    await t?.dispose();
    smtp.mails.length = 0;
  });

  it("creates a pending payment, then a Checkout Session with the exact parameters and Idempotency-Key", async () => {
    t = await harness({ stripe });
    const res = await t.createPayment({ amount: 450.5, packageType: "pro" });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const [row] = await t.payments();
    expect(row).toMatchObject({
      package: "pro",
      amount_cents: 45050,
      currency: "cad",
      status: "pending",
      provider: "stripe",
    });
    const call = stripe.requests.at(-1)!;
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.idempotencyKey).toBe(row!.idempotency_key);
    expect(row!.idempotency_key).toBe(`payment-${row!.id}`);
    expect(row!.provider_session_id).toBe(url.split("/").at(-1));
    expect(call.params).toEqual({
      mode: "payment",
      currency: "cad",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "cad",
      "line_items[0][price_data][unit_amount]": "45050",
      "line_items[0][price_data][product_data][name]": "Pro Website",
      success_url: `${SITE_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_URL}/payment`,
      client_reference_id: row!.id,
      expires_at: expect.stringMatching(/^\d+$/),
      "metadata[payment_id]": row!.id,
      "metadata[package]": "pro",
      "payment_intent_data[metadata][payment_id]": row!.id,
      "payment_intent_data[metadata][package]": "pro",
    });
    // The checkout stops taking money within Stripe's bounds (30 minutes to 24 hours), as the row records.
    const ttl = Number(call.params.expires_at) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(30 * 60);
    expect(ttl).toBeLessThan(24 * 3600);
    expect(Math.floor(Date.parse(row!.expires_at!) / 1000)).toBe(Number(call.params.expires_at));
  });

  it("names the Basic package and converts string amounts exactly ('0.29' style, no float drift)", async () => {
    t = await harness({ stripe });
    const res = await t.createPayment({ amount: "1234.29" });
    expect(res.status).toBe(200);
    const call = stripe.requests.at(-1)!;
    expect(call.params["line_items[0][price_data][unit_amount]"]).toBe("123429");
    expect(call.params["line_items[0][price_data][product_data][name]"]).toBe("Basic Website");
    expect(call.params["metadata[package]"]).toBe("basic");
  });

  it("closes the payment and answers 502 with a clear message when Stripe refuses", async () => {
    t = await harness({ stripe });
    stripe.failNextRequest(400, "Invalid API request");
    const res = await t.createPayment({ amount: 100, packageType: "basic" });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      success: false,
      error: "The payment service is not available right now. Please try again in a moment.",
    });
    const [row] = await t.payments();
    expect(row).toMatchObject({ status: "failed", provider_session_id: null });
  });

  async function createdSession(th: Harness, amount = 450.5) {
    const res = await th.createPayment({ amount, packageType: "pro" });
    const { url } = (await res.json()) as { url: string };
    const [row] = await th.payments();
    return { sessionId: url.split("/").at(-1)!, paymentId: row!.id, amountCents: row!.amount_cents };
  }

  it("a webhook with a valid signature marks the payment paid and notifies the studio once", async () => {
    t = await harness({ stripe, smtpUrl: smtp.url });
    const s = await createdSession(t);
    const res = await signedWebhook(
      t,
      sessionEvent("checkout.session.completed", {
        id: s.sessionId,
        amount_total: s.amountCents,
        payment_status: "paid",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const [row] = await t.payments();
    expect(row).toMatchObject({ status: "paid" });
    expect(row!.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await t.emailRows()).toHaveLength(1);
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toContain("Subject: Payment received: Pro Website, $450.50 CAD");
    expect(smtp.mails[0]).toContain("To: studio@example.com");
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 0 });
  });

  it("a bad signature gets 400 and changes nothing", async () => {
    t = await harness({ stripe });
    const s = await createdSession(t);
    const event = sessionEvent("checkout.session.completed", {
      id: s.sessionId,
      amount_total: s.amountCents,
      payment_status: "paid",
    });
    const forged = await signedWebhook(t, event, "whsec_not_the_real_secret");
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "Invalid signature." });
    const unsigned = await t.app.request("/api/stripe/webhook", {
      method: "POST",
      body: JSON.stringify(event),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    // A valid signature over different bytes than were sent is also refused.
    const sig = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
    });
    const tampered = await t.app.request("/api/stripe/webhook", {
      method: "POST",
      body: JSON.stringify({ ...event, type: "checkout.session.async_payment_failed" }),
      headers: { "content-type": "application/json", "stripe-signature": sig },
    });
    expect(tampered.status).toBe(400);
    const [row] = await t.payments();
    expect(row).toMatchObject({ status: "pending", paid_at: null });
    expect(await t.database.db.selectFrom("payment_events").selectAll().execute()).toEqual([]);
  });

  it("the same event delivered twice (even at once) fulfils once", async () => {
    t = await harness({ stripe, smtpUrl: smtp.url });
    const s = await createdSession(t);
    const event = sessionEvent(
      "checkout.session.completed",
      { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" },
      "evt_twice",
    );
    const first = await signedWebhook(t, event);
    const [rowAfterFirst] = await t.payments();
    const second = await signedWebhook(t, event);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    const [row] = await t.payments();
    expect(row!.paid_at).toBe(rowAfterFirst!.paid_at);
    const events = await t.database.db.selectFrom("payment_events").selectAll().execute();
    expect(events.map((e) => [e.id, e.type])).toEqual([["evt_twice", "checkout.session.completed"]]);

    // A concurrent burst of distinct events for the same session still settles it once.
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        signedWebhook(
          t,
          sessionEvent(
            "checkout.session.async_payment_succeeded",
            { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" },
            `evt_burst_${i}`,
          ),
        ),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.emailRows()).toHaveLength(1);
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 0 });
    expect(smtp.mails).toHaveLength(1);
  });

  it("an event for an unknown session is acknowledged and changes nothing", async () => {
    t = await harness({ stripe });
    await createdSession(t);
    const before = await t.payments();
    const res = await signedWebhook(
      t,
      sessionEvent("checkout.session.completed", {
        id: "cs_test_unknown",
        amount_total: 45050,
        payment_status: "paid",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await t.payments()).toEqual(before);
  });

  it("async_payment_failed marks failed; completed-but-unpaid and a mismatched amount change nothing", async () => {
    t = await harness({ stripe });
    const s = await createdSession(t);
    await signedWebhook(
      t,
      sessionEvent("checkout.session.completed", {
        id: s.sessionId,
        amount_total: s.amountCents,
        payment_status: "unpaid",
      }),
    );
    await signedWebhook(
      t,
      sessionEvent("checkout.session.completed", {
        id: s.sessionId,
        amount_total: 1,
        payment_status: "paid",
      }),
    );
    expect((await t.payments())[0]).toMatchObject({ status: "pending" });
    await signedWebhook(
      t,
      sessionEvent("checkout.session.async_payment_failed", {
        id: s.sessionId,
        amount_total: s.amountCents,
        payment_status: "unpaid",
      }),
    );
    expect((await t.payments())[0]).toMatchObject({
      status: "failed",
      failure_reason: "async payment failed",
    });
    // A late "paid" cannot resurrect a settled payment: fulfilment moves out of pending once.
    await signedWebhook(
      t,
      sessionEvent("checkout.session.async_payment_succeeded", {
        id: s.sessionId,
        amount_total: s.amountCents,
        payment_status: "paid",
      }),
    );
    expect((await t.payments())[0]).toMatchObject({ status: "failed" });
  });

  it("races one event id delivered 5 times at once: one settlement, one email, every answer 2xx", async () => {
    t = await harness({ stripe, smtpUrl: smtp.url });
    const s = await createdSession(t);
    const event = sessionEvent(
      "checkout.session.completed",
      { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" },
      "evt_raced",
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => signedWebhook(t, event)));
    expect(answers.map((a) => Math.floor(a.status / 100))).toEqual([2, 2, 2, 2, 2]);
    const [row] = await t.payments();
    expect(row).toMatchObject({ status: "paid" });
    expect(await t.database.db.selectFrom("payment_events").select("id").execute()).toEqual([
      { id: "evt_raced" },
    ]);
    expect(await t.emailRows()).toHaveLength(1);
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(smtp.mails).toHaveLength(1);
  });

  it("leaves a paid session whose currency or amount differs from the stored payment for review, logged without personal data", async () => {
    t = await harness({ stripe, smtpUrl: smtp.url });
    const s = await createdSession(t);
    const customer = { email: "payer.private@example.com", name: "Grace Hopper", phone: "+16045550123" };
    for (const [currency, amount] of [
      ["usd", s.amountCents],
      ["cad", s.amountCents + 1],
      ["cad", s.amountCents - 1],
    ] as const) {
      const event = sessionEvent("checkout.session.completed", {
        id: s.sessionId,
        amount_total: amount,
        payment_status: "paid",
      });
      const res = await signedWebhook(t, {
        ...event,
        data: { object: { ...event.data.object, currency, customer_details: customer } },
      });
      expect(res.status).toBe(200);
    }
    expect((await t.payments())[0]).toMatchObject({ status: "pending", paid_at: null });
    expect(await t.emailRows()).toEqual([]);
    const review = t.lines.filter((l) => l.includes("does not match the stored payment"));
    expect(review).toHaveLength(3);
    const log = t.lines.join("\n");
    for (const value of Object.values(customer)) expect(log).not.toContain(value);
  });

  it("answers 502 with the clear message and closes the payment when Stripe answers 5xx on every attempt", async () => {
    t = await harness({ stripe });
    const before = stripe.requests.length;
    // The SDK retries twice: all three attempts fail.
    stripe.failRequests(500, 3);
    const res = await t.createPayment({ amount: 100, packageType: "basic" });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ success: false, error: PROVIDER_UNAVAILABLE });
    expect(stripe.requests.length - before).toBe(3);
    expect(await t.payments()).toMatchObject([
      { status: "failed", provider_session_id: null, failure_reason: "checkout session not created" },
    ]);
  });

  it("answers 502 and closes the payment when Stripe never answers: the SDK timeout ends the wait", async () => {
    t = await harness({ stripe, stripeTimeoutMs: 200 });
    stripe.hang(true);
    try {
      const res = await t.createPayment({ amount: 100, packageType: "basic" });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ success: false, error: PROVIDER_UNAVAILABLE });
      expect(await t.payments()).toMatchObject([{ status: "failed", provider_session_id: null }]);
    } finally {
      stripe.hang(false);
    }
  });

  it("looks a pending session up with Stripe once per interval however often the success page loads", async () => {
    t = await harness({ stripe });
    const s = await createdSession(t);
    const service = t.paymentsService();
    const lookUps = () =>
      stripe.requests.filter((r) => r.method === "GET" && r.path === `/v1/checkout/sessions/${s.sessionId}`)
        .length;
    for (let i = 0; i < 10; i++)
      expect(await service.verify(s.sessionId, { clientIp: "203.0.113.7" })).toMatchObject({
        state: "pending",
      });
    expect(lookUps()).toBe(1);
    await Promise.all(
      Array.from({ length: 5 }, () => service.verify(s.sessionId, { clientIp: "203.0.113.8" })),
    );
    expect(lookUps()).toBe(1);
    t.clock.now += VERIFY_INTERVAL_MS;
    stripe.setPaymentStatus(s.sessionId, "paid");
    expect(await service.verify(s.sessionId, { clientIp: "203.0.113.7" })).toMatchObject({ state: "paid" });
    expect(lookUps()).toBe(2);
    // Settled: later loads read the database only.
    t.clock.now += VERIFY_INTERVAL_MS;
    await service.verify(s.sessionId, { clientIp: "203.0.113.7" });
    expect(lookUps()).toBe(2);
  });

  it("limits the Stripe look-ups one client can cause on the success page, answering from the database beyond", async () => {
    t = await harness({ stripe, env: { TRUST_PROXY: "true" } });
    // All in one rate-limit window.
    t.clock.now = Math.floor(Date.now() / 60_000) * 60_000 + 1_000;
    const max = VERIFY_LIMITS[0]!.max;
    const sessions: string[] = [];
    for (let i = 0; i <= max; i++) {
      const res = await t.createPayment({ amount: 100 + i }, { "x-forwarded-for": `198.51.100.${i + 1}` });
      sessions.push(((await res.json()) as { url: string }).url.split("/").at(-1)!);
    }
    const service = t.paymentsService();
    const gets = () => stripe.requests.filter((r) => r.method === "GET").length;
    const before = gets();
    for (const id of sessions)
      expect(await service.verify(id, { clientIp: "203.0.113.50" })).toMatchObject({ state: "pending" });
    expect(gets() - before).toBe(max);
    // Another client is not held back by the first.
    t.clock.now += VERIFY_INTERVAL_MS;
    await service.verify(sessions.at(-1)!, { clientIp: "203.0.113.51" });
    expect(gets() - before).toBe(max + 1);
  });

  it("verifies on the success page: pending until Stripe says paid, then fulfilled there once", async () => {
    t = await harness({ stripe, smtpUrl: smtp.url });
    const s = await createdSession(t);
    const service = t.paymentsService();
    expect(await service.verify(s.sessionId)).toMatchObject({
      state: "pending",
      packageName: "Pro Website",
      amountCents: 45050,
    });
    stripe.setPaymentStatus(s.sessionId, "paid");
    // A session is looked up at most once per interval: the next look-up is due after it.
    t.clock.now += VERIFY_INTERVAL_MS;
    const verified = await service.verify(s.sessionId);
    expect(verified).toMatchObject({
      state: "paid",
      packageType: "pro",
      packageName: "Pro Website",
      amountCents: 45050,
      currency: "cad",
    });
    expect((await t.payments())[0]).toMatchObject({ status: "paid" });
    // The webhook arriving afterwards is acknowledged and does not notify again.
    const res = await signedWebhook(
      t,
      sessionEvent("checkout.session.completed", {
        id: s.sessionId,
        amount_total: s.amountCents,
        payment_status: "paid",
      }),
    );
    expect(res.status).toBe(200);
    expect(await t.emailRows()).toHaveLength(1);
    expect(await t.worker.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    expect(smtp.mails).toHaveLength(1);
    expect(await service.verify("cs_test_nobody")).toEqual({ state: "unknown" });
    expect(await service.verify("")).toEqual({ state: "unknown" });
  });
});

describe(`payments with the sandbox on ${testDatabaseKind}`, () => {
  let t: Harness;
  afterEach(async () => {
    await t?.dispose();
  });

  const amountTable: Array<[unknown, string]> = [
    ["", "Please enter the amount you were quoted."],
    ["abc", "The amount must be a number, for example 450 or 450.50."],
    ["0", "The amount must be at least $1.00 CAD."],
    ["0.99", "The amount must be at least $1.00 CAD."],
    ["-5", "The amount must be at least $1.00 CAD."],
    ["1.001", "The amount can have at most two decimal places (cents)."],
    ["Infinity", "The amount must be a finite number."],
    ["NaN", "The amount must be a number, for example 450 or 450.50."],
    ["1000000", "The amount must be at most $999,999.99 CAD."],
    ["9".repeat(10_000), "The amount must be at most $999,999.99 CAD."],
  ];

  it("rejects every bad amount with 400, a clear message, and nothing stored", async () => {
    t = await harness({ stripe: null, env: { RATE_LIMIT_DISABLED: "true" } });
    for (const [amount, message] of amountTable) {
      const res = await t.createPayment({ amount, packageType: "basic" });
      expect(res.status, String(amount).slice(0, 20)).toBe(400);
      const body = (await res.json()) as { error: string; fields: { amount?: string } };
      expect(body.error, String(amount).slice(0, 20)).toBe(message);
      expect(body.fields.amount).toBe(message);
    }
    const missing = await t.createPayment({ packageType: "pro" });
    expect(((await missing.json()) as { error: string }).error).toBe(
      "Please enter the amount you were quoted.",
    );
    const badPackage = await t.createPayment({ amount: 10, packageType: "gold" });
    expect(badPackage.status).toBe(400);
    expect(((await badPackage.json()) as { error: string }).error).toBe(
      "The package must be 'basic' or 'pro'.",
    );
    const notJson = await t.app.request("/api/create-payment", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect(await t.payments()).toEqual([]);
  });

  it("accepts '1', '450.5' and '999999.99' with exact cents, basic by default", async () => {
    t = await harness({ stripe: null });
    for (const amount of ["1", "450.5", "999999.99"])
      expect((await t.createPayment({ amount })).status).toBe(200);
    const rows = await t.database.db
      .selectFrom("payments")
      .select(["amount_cents", "package", "provider"])
      .orderBy("amount_cents")
      .execute();
    expect(rows).toEqual([
      { amount_cents: 100, package: "basic", provider: "sandbox" },
      { amount_cents: 45050, package: "basic", provider: "sandbox" },
      { amount_cents: 99_999_999, package: "basic", provider: "sandbox" },
    ]);
  });

  it("sandbox checkout page shows package and amount as a TEST; Pay marks paid once; Cancel returns to /payment", async () => {
    t = await harness({ stripe: null });
    const res = await t.createPayment({ amount: "450.50", packageType: "pro" });
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/checkout\/sandbox\/sbx_[A-Za-z0-9_-]+$/);
    const sessionId = url.split("/").at(-1)!;

    const page = await t.app.request(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline' 'nonce");
    const html = await page.text();
    expect(html).toContain("TEST CHECKOUT: no money moves");
    expect(html).toContain("Pro Website");
    expect(html).toContain("$450.50 CAD");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(`action="/checkout/sandbox/${sessionId}/pay"`);

    const cancel = await t.app.request(`${url}/cancel`, { method: "POST" });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get("location")).toBe("/payment");
    expect((await t.payments())[0]).toMatchObject({ status: "pending" });

    const pays = await Promise.all([1, 2, 3].map(() => t.app.request(`${url}/pay`, { method: "POST" })));
    for (const pay of pays) {
      expect(pay.status).toBe(303);
      expect(pay.headers.get("location")).toBe(`/payment-success?session_id=${sessionId}`);
    }
    const [row] = await t.payments();
    expect(row).toMatchObject({ status: "paid", amount_cents: 45050, package: "pro", provider: "sandbox" });

    const after = await (await t.app.request(url)).text();
    expect(after).toContain("already marked as paid");
    expect(after).not.toContain('/pay"');

    expect((await t.app.request("/checkout/sandbox/sbx_doesnotexist_at_all")).status).toBe(404);
    expect(
      (await t.app.request("/checkout/sandbox/sbx_doesnotexist_at_all/pay", { method: "POST" })).status,
    ).toBe(404);
  });

  it("a plain form post answers 303 to the checkout URL", async () => {
    t = await harness({ stripe: null });
    const res = await t.app.request("/api/create-payment", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ amount: "220", packageType: "basic" }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/checkout\/sandbox\/sbx_/);
  });

  it("rate-limits create-payment per client: 10 a minute, then 429 with Retry-After and nothing stored", async () => {
    t = await harness({ stripe: null });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await t.createPayment({ amount: 5 + i })).status);
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await t.countPayments()).toBe(10);
    const limited = await t.createPayment({ amount: 5 });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many payment attempts/);
    expect(await t.countPayments()).toBe(10);
    // The next minute brings a fresh allowance.
    t.clock.now += 60_000;
    expect((await t.createPayment({ amount: 5 })).status).toBe(200);
  });

  it("shares one limit between the JSON API and the plain form post", async () => {
    t = await harness({ stripe: null });
    const form = () =>
      t.app.request("/api/create-payment", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ amount: "220", packageType: "basic" }).toString(),
      });
    for (let i = 0; i < 5; i++) expect((await t.createPayment({ amount: 220 })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await form()).status).toBe(303);
    const limitedForm = await form();
    expect(limitedForm.status).toBe(429);
    expect((await t.createPayment({ amount: 220 })).status).toBe(429);
    expect(await t.countPayments()).toBe(10);
  });

  it("refuses cross-site requests and JSON sent as text/plain, storing nothing; same-origin works", async () => {
    t = await harness({ stripe: null });
    const body = { amount: 220, packageType: "basic" };
    const crossOrigin = await t.createPayment(body, { origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    expect(await crossOrigin.json()).toEqual({
      success: false,
      error: "Cross-site payment requests are not accepted.",
    });
    expect((await t.createPayment(body, { origin: "null" })).status).toBe(403);
    expect((await t.createPayment(body, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    const crossForm = await t.app.request("/api/create-payment", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "amount=220&packageType=basic",
    });
    expect(crossForm.status).toBe(403);
    for (const type of ["text/plain", "text/plain;charset=UTF-8", "", "application/x-json"]) {
      const res = await t.app.request("/api/create-payment", {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: JSON.stringify(body),
      });
      expect(res.status, type).toBe(415);
    }
    expect(await t.countPayments()).toBe(0);

    expect((await t.createPayment(body, { origin: SITE_URL, "sec-fetch-site": "same-origin" })).status).toBe(
      200,
    );
    expect((await t.createPayment(body, { origin: "http://localhost" })).status).toBe(200);
    expect((await t.createPayment(body, { "content-type": "application/json; charset=utf-8" })).status).toBe(
      200,
    );
    expect(await t.countPayments()).toBe(3);
  });

  it("refuses the sandbox's Pay and Cancel posted from another site", async () => {
    t = await harness({ stripe: null });
    const { url } = (await (await t.createPayment({ amount: 220 })).json()) as { url: string };
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }] as Array<
      Record<string, string>
    >) {
      expect((await t.app.request(`${url}/pay`, { method: "POST", headers })).status).toBe(403);
      expect((await t.app.request(`${url}/cancel`, { method: "POST", headers })).status).toBe(403);
    }
    expect(await t.payments()).toMatchObject([{ status: "pending", paid_at: null }]);
    expect(await t.emailRows()).toEqual([]);
    const pay = await t.app.request(`${url}/pay`, {
      method: "POST",
      headers: { origin: SITE_URL, "sec-fetch-site": "same-origin" },
    });
    expect(pay.status).toBe(303);
    expect(await t.payments()).toMatchObject([{ status: "paid" }]);
  });

  it("lifts the rate limit when RATE_LIMIT_DISABLED is set", async () => {
    t = await harness({ stripe: null, env: { RATE_LIMIT_DISABLED: "true" } });
    for (let i = 0; i < 12; i++) expect((await t.createPayment({ amount: "" })).status).toBe(400);
  });

  it("the /payment-success loader shows only what the server verified", async () => {
    t = await harness({ stripe: null });
    const service = t.paymentsService();
    const { loader: paymentSuccessLoader } = await import("../../app/routes/payment-success");
    const load = (search: string) =>
      paymentSuccessLoader({
        request: new Request(`http://localhost/payment-success${search}`),
        context: { services: { config: t.config, payments: service }, clientIp: "203.0.113.9" },
        params: {},
      } as unknown as Parameters<typeof paymentSuccessLoader>[0]);

    const { url } = (await (await t.createPayment({ amount: "450.50", packageType: "pro" })).json()) as {
      url: string;
    };
    const sessionId = url.split("/").at(-1)!;
    expect((await load(`?session_id=${sessionId}`)).verification).toMatchObject({
      state: "pending",
      amountCents: 45050,
    });
    await t.app.request(`${url}/pay`, { method: "POST" });
    expect((await load(`?session_id=${sessionId}`)).verification).toMatchObject({
      state: "paid",
      packageName: "Pro Website",
      amountCents: 45050,
      test: true,
    });
    expect((await load("?session_id=sbx_unknown_session_id_123")).verification).toEqual({ state: "unknown" });
    expect((await load("")).verification).toEqual({ state: "missing" });
  });

  it("has no Stripe webhook in sandbox mode", async () => {
    t = await harness({ stripe: null });
    expect((await t.app.request("/api/stripe/webhook", { method: "POST", body: "{}" })).status).toBe(404);
  });
});

describe("payments provider selection", () => {
  it("warns loudly when production runs the sandbox on purpose, and picks Stripe when a key is set", async () => {
    const database = await openTestDatabase();
    try {
      const lines: string[] = [];
      const logger = pino({ level: "warn" }, { write: (l: string) => lines.push(l) });
      const prod = loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox" });
      const sandbox = createPayments({ config: prod, database, logger });
      expect(sandbox.provider).toBe("sandbox");
      expect(lines.join("\n")).toContain("PAYMENTS ARE IN SANDBOX MODE IN PRODUCTION");

      const withKey = createPayments({
        config: loadConfig({
          NODE_ENV: "test",
          STRIPE_SECRET_KEY: "sk_test_x",
          STRIPE_WEBHOOK_SECRET: "whsec_x",
        }),
        database,
        logger,
      });
      expect(withKey.provider).toBe("stripe");
      const forcedSandbox = createPayments({
        config: loadConfig({
          NODE_ENV: "test",
          PAYMENTS_PROVIDER: "sandbox",
          STRIPE_SECRET_KEY: "sk_test_x",
        }),
        database,
        logger,
      });
      expect(forcedSandbox.provider).toBe("sandbox");
      expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    } finally {
      await database.dispose();
    }
  });
});
