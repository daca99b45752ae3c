import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createPayments } from "../../server/payments/payments.server";
import { type FakeStripeApi, startFakeStripeApi } from "../fakes/stripe-api";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../helpers/databases";

const WEBHOOK_SECRET = "whsec_test_cascadia_payments";
const SITE_URL = "https://studio.example";

/** A real SMTP server in process: counts the studio notifications fulfil() sends. */
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
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((r) => server.close(() => r())) };
}

type Harness = Awaited<ReturnType<typeof harness>>;

async function harness(opts: { stripe: FakeStripeApi | null; smtpUrl?: string; env?: Record<string, string> }) {
  const config = loadConfig({
    NODE_ENV: "test",
    SITE_URL,
    ...(opts.stripe ? { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_cascadia", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } : {}),
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl, INQUIRY_TO: "studio@example.com" } : {}),
    ...opts.env,
  });
  const database: TestDatabase = await openTestDatabase();
  const logger = createLogger(config);
  const mailer = createMailer(config, logger);
  const app = createApp({ config, database, logger, payments: { stripeApi: opts.stripe?.api, mailer } });
  const payments = () => database.db.selectFrom("payments").selectAll().execute();
  const createPayment = (body: unknown) =>
    app.request("/api/create-payment", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return {
    app,
    config,
    database,
    payments,
    createPayment,
    dispose: async () => {
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

function sessionEvent(type: string, session: { id: string; amount_total: number; payment_status: string; payment_id?: string }, id = `evt_${Math.random().toString(36).slice(2)}`) {
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
    expect(row).toMatchObject({ package: "pro", amount_cents: 45050, currency: "cad", status: "pending", provider: "stripe" });
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
      "metadata[payment_id]": row!.id,
      "metadata[package]": "pro",
      "payment_intent_data[metadata][payment_id]": row!.id,
      "payment_intent_data[metadata][package]": "pro",
    });
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
    expect(await res.json()).toEqual({ success: false, error: "The payment service is not available right now. Please try again in a moment." });
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
    const res = await signedWebhook(t, sessionEvent("checkout.session.completed", { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const [row] = await t.payments();
    expect(row).toMatchObject({ status: "paid" });
    expect(row!.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expect.poll(() => smtp.mails.length).toBe(1);
    expect(smtp.mails[0]).toContain("Subject: Payment received: Pro Website, $450.50 CAD");
    expect(smtp.mails[0]).toContain("To: studio@example.com");
  });

  it("a bad signature gets 400 and changes nothing", async () => {
    t = await harness({ stripe });
    const s = await createdSession(t);
    const event = sessionEvent("checkout.session.completed", { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" });
    const forged = await signedWebhook(t, event, "whsec_not_the_real_secret");
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "Invalid signature." });
    const unsigned = await t.app.request("/api/stripe/webhook", { method: "POST", body: JSON.stringify(event), headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    // A valid signature over different bytes than were sent is also refused.
    const sig = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
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
    const event = sessionEvent("checkout.session.completed", { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" }, "evt_twice");
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
        signedWebhook(t, sessionEvent("checkout.session.async_payment_succeeded", { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" }, `evt_burst_${i}`)),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(() => smtp.mails.length).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails).toHaveLength(1);
  });

  it("an event for an unknown session is acknowledged and changes nothing", async () => {
    t = await harness({ stripe });
    await createdSession(t);
    const before = await t.payments();
    const res = await signedWebhook(t, sessionEvent("checkout.session.completed", { id: "cs_test_unknown", amount_total: 45050, payment_status: "paid" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await t.payments()).toEqual(before);
  });

  it("async_payment_failed marks failed; completed-but-unpaid and a mismatched amount change nothing", async () => {
    t = await harness({ stripe });
    const s = await createdSession(t);
    await signedWebhook(t, sessionEvent("checkout.session.completed", { id: s.sessionId, amount_total: s.amountCents, payment_status: "unpaid" }));
    await signedWebhook(t, sessionEvent("checkout.session.completed", { id: s.sessionId, amount_total: 1, payment_status: "paid" }));
    expect((await t.payments())[0]).toMatchObject({ status: "pending" });
    await signedWebhook(t, sessionEvent("checkout.session.async_payment_failed", { id: s.sessionId, amount_total: s.amountCents, payment_status: "unpaid" }));
    expect((await t.payments())[0]).toMatchObject({ status: "failed", failure_reason: "async payment failed" });
    // A late "paid" cannot resurrect a settled payment: fulfilment moves out of pending once.
    await signedWebhook(t, sessionEvent("checkout.session.async_payment_succeeded", { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" }));
    expect((await t.payments())[0]).toMatchObject({ status: "failed" });
  });

  it("verifies on the success page: pending until Stripe says paid, then fulfilled there once", async () => {
    t = await harness({ stripe, smtpUrl: smtp.url });
    const s = await createdSession(t);
    const payments = createPayments({ config: t.config, database: t.database, logger: createLogger(t.config), options: { stripeApi: stripe.api, mailer: createMailer(t.config, createLogger(t.config)) } });
    expect(await payments.service.verify(s.sessionId)).toMatchObject({ state: "pending", packageName: "Pro Website", amountCents: 45050 });
    stripe.setPaymentStatus(s.sessionId, "paid");
    const verified = await payments.service.verify(s.sessionId);
    expect(verified).toMatchObject({ state: "paid", packageType: "pro", packageName: "Pro Website", amountCents: 45050, currency: "cad" });
    expect((await t.payments())[0]).toMatchObject({ status: "paid" });
    // The webhook arriving afterwards is acknowledged and does not notify again.
    const res = await signedWebhook(t, sessionEvent("checkout.session.completed", { id: s.sessionId, amount_total: s.amountCents, payment_status: "paid" }));
    expect(res.status).toBe(200);
    await expect.poll(() => smtp.mails.length).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails).toHaveLength(1);
    expect(await payments.service.verify("cs_test_nobody")).toEqual({ state: "unknown" });
    expect(await payments.service.verify("")).toEqual({ state: "unknown" });
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
    expect(((await missing.json()) as { error: string }).error).toBe("Please enter the amount you were quoted.");
    const badPackage = await t.createPayment({ amount: 10, packageType: "gold" });
    expect(badPackage.status).toBe(400);
    expect(((await badPackage.json()) as { error: string }).error).toBe("The package must be 'basic' or 'pro'.");
    const notJson = await t.app.request("/api/create-payment", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect(await t.payments()).toEqual([]);
  });

  it("accepts '1', '450.5' and '999999.99' with exact cents, basic by default", async () => {
    t = await harness({ stripe: null });
    for (const amount of ["1", "450.5", "999999.99"]) expect((await t.createPayment({ amount })).status).toBe(200);
    const rows = await t.database.db.selectFrom("payments").select(["amount_cents", "package", "provider"]).orderBy("amount_cents").execute();
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
    expect(after).not.toContain("/pay\"");

    expect((await t.app.request("/checkout/sandbox/sbx_doesnotexist_at_all")).status).toBe(404);
    expect((await t.app.request("/checkout/sandbox/sbx_doesnotexist_at_all/pay", { method: "POST" })).status).toBe(404);
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

  it("rate-limits create-payment per client: 10 a minute, then 429 with Retry-After", async () => {
    t = await harness({ stripe: null });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await t.createPayment({ amount: "" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await t.createPayment({ amount: 5 });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many payment attempts/);
  });

  it("lifts the rate limit when RATE_LIMIT_DISABLED is set", async () => {
    t = await harness({ stripe: null, env: { RATE_LIMIT_DISABLED: "true" } });
    for (let i = 0; i < 12; i++) expect((await t.createPayment({ amount: "" })).status).toBe(400);
  });

  it("the /payment-success loader shows only what the server verified", async () => {
    t = await harness({ stripe: null });
    const payments = createPayments({ config: t.config, database: t.database, logger: createLogger(t.config) });
    const { loader: paymentSuccessLoader } = await import("../../app/routes/payment-success");
    const load = (search: string) =>
      paymentSuccessLoader({
        request: new Request(`http://localhost/payment-success${search}`),
        context: { services: { config: t.config, payments: payments.service } },
        params: {},
      } as unknown as Parameters<typeof paymentSuccessLoader>[0]);

    const { url } = (await (await t.createPayment({ amount: "450.50", packageType: "pro" })).json()) as { url: string };
    const sessionId = url.split("/").at(-1)!;
    expect((await load(`?session_id=${sessionId}`)).verification).toMatchObject({ state: "pending", amountCents: 45050 });
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
  it("warns loudly at start-up in production without a Stripe key, and picks Stripe when a key is set", async () => {
    const database = await openTestDatabase();
    try {
      const lines: string[] = [];
      const logger = pino({ level: "warn" }, { write: (l: string) => lines.push(l) });
      const prod = loadConfig({ NODE_ENV: "production" });
      const sandbox = createPayments({ config: prod, database, logger });
      expect(sandbox.provider).toBe("sandbox");
      expect(lines.join("\n")).toContain("PAYMENTS ARE IN SANDBOX MODE IN PRODUCTION");

      const withKey = createPayments({ config: loadConfig({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }), database, logger });
      expect(withKey.provider).toBe("stripe");
      const forcedSandbox = createPayments({ config: loadConfig({ NODE_ENV: "test", PAYMENTS_PROVIDER: "sandbox", STRIPE_SECRET_KEY: "sk_test_x" }), database, logger });
      expect(forcedSandbox.provider).toBe("sandbox");
      expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    } finally {
      await database.dispose();
    }
  });
});
