import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { DEFAULT_BODY_LIMIT } from "../../server/http/env";
import { createLogger } from "../../server/logger.server";
import { startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";

const WEBHOOK_SECRET = "whsec_security_tests";

describe(`request security on ${testDatabaseKind}`, () => {
  let stripe: FakeStripeApi;
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      PAYMENTS_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_security",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    app = createApp({ config, database, logger: createLogger(config), payments: { stripeApi: stripe.api } });
  });
  afterAll(async () => {
    await database.dispose();
    await stripe.close();
  });

  it("refuses a correctly signed webhook replayed outside Stripe's 5-minute tolerance, accepts it inside", async () => {
    const res = await app.request("/api/create-payment", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: 220 }),
    });
    const sessionId = ((await res.json()) as { url: string }).url.split("/").at(-1)!;
    const payload = JSON.stringify({
      id: "evt_replayed",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          amount_total: 22_000,
          currency: "cad",
          payment_status: "paid",
          metadata: {},
        },
      },
    });
    const send = (ageSeconds: number) =>
      app.request("/api/stripe/webhook", {
        method: "POST",
        body: payload,
        headers: {
          "stripe-signature": Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
            timestamp: Math.floor(Date.now() / 1000) - ageSeconds,
          }),
        },
      });
    for (const age of [301, 600, 24 * 3600]) {
      const old = await send(age);
      expect(old.status, `${age} s old`).toBe(400);
      expect(await old.json()).toEqual({ error: "Invalid signature." });
    }
    expect((await database.db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe(
      "pending",
    );
    expect(await database.db.selectFrom("payment_events").selectAll().execute()).toEqual([]);
    const fresh = await send(60);
    expect(fresh.status).toBe(200);
    expect((await database.db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe(
      "paid",
    );
  });

  const routes = [
    "/api/inquiries",
    "/api/create-payment",
    "/api/stripe/webhook",
    "/api/unknown",
    "/checkout/sandbox/sbx_aaaaaaaaaaaaaaaaaaaa/pay",
    "/contact",
    "/payment",
    "/",
  ];

  it("caps every request body at 64 KB, declared (Content-Length) or streamed (chunked), before any route reads it", async () => {
    const big = "x".repeat(DEFAULT_BODY_LIMIT + 1);
    for (const route of routes) {
      const declared = await app.request(route, {
        method: "POST",
        body: big,
        headers: { "content-type": "application/json", "content-length": String(big.length) },
      });
      expect(declared.status, `${route} declared`).toBe(413);
      expect(await declared.json()).toEqual({ success: false, error: "Request body is too large." });
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("y".repeat(8 * 1024)));
          controller.close();
        },
      });
      const streamed = await app.request(route, {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        duplex: "half",
      } as RequestInit);
      expect(streamed.status, `${route} streamed`).toBe(413);
    }
    expect(await database.db.selectFrom("leads").selectAll().execute()).toEqual([]);
  });
});
