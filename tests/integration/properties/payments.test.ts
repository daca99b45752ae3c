import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageTypes } from "~/content/payment";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS } from "~/schemas/payment";
import { createApp } from "../../../server/app.server";
import { loadConfig } from "../../../server/config.server";
import { createLogger } from "../../../server/logger.server";
import { type FakeStripeApi, startFakeStripeApi } from "../../fakes/stripe-api";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../../helpers/databases";
import {
  type Entries,
  RUNS,
  edgeNumber,
  expectCleanAnswer,
  expectNoPollution,
  extraEntries,
  hostileString,
  hostileValue,
  jsonObjectText,
  rawJsonObject,
  rawRequest,
  urlencoded,
} from "./hostile";

const WEBHOOK_SECRET = "whsec_property_tests";

function headerSafe(value: string) {
  try {
    new Headers({ "x-test": value });
    return true;
  } catch {
    return false;
  }
}

async function paymentsApp(stripe?: FakeStripeApi) {
  const config = loadConfig({
    NODE_ENV: "test",
    RATE_LIMIT_DISABLED: "true",
    ...(stripe ? { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_property", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } : {}),
  });
  const database: TestDatabase = await openTestDatabase();
  const app = createApp({ config, database, logger: createLogger(config), payments: { stripeApi: stripe?.api } });
  return { app, database };
}

/** Every stored payment: integer cents within bounds, a known package, CAD, a known status. */
async function expectValidPayments(database: TestDatabase) {
  const rows = await database.db.selectFrom("payments").selectAll().execute();
  for (const row of rows) {
    const cents = Number(row.amount_cents);
    expect(Number.isSafeInteger(cents), `amount ${row.amount_cents}`).toBe(true);
    expect(cents).toBeGreaterThanOrEqual(MIN_AMOUNT_CENTS);
    expect(cents).toBeLessThanOrEqual(MAX_AMOUNT_CENTS);
    expect(packageTypes).toContain(row.package);
    expect(row.currency).toBe("cad");
    expect(["pending", "paid", "failed"]).toContain(row.status);
    if (row.status === "paid") expect(row.paid_at).toBeTruthy();
  }
  return rows;
}

/** An amount as a person, a script or an attacker might send it. */
const amount = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }),
  fc.integer({ min: 100, max: 99_999_999 }).map((c) => (c / 100).toFixed(2)),
  fc.integer({ min: 100, max: 99_999_999 }).map((c) => String(c / 100)),
  edgeNumber,
  edgeNumber.map((n) => String(n)),
  fc.constantFrom("1e308", "-0", "NaN", "Infinity", "-Infinity", " 450.5 ", "450,50", "$450", "0x1F4", "4.5e2", "１２３", "٤٥٠", "450.5.5", "+450", ".5", "5."),
  hostileValue,
);

const paymentEntries: fc.Arbitrary<Entries> = fc
  .record({
    amount: fc.option(amount, { nil: undefined }),
    packageType: fc.option(fc.oneof(fc.constantFrom(...packageTypes, "", "BASIC", "gold"), hostileValue), { nil: undefined }),
  })
  .chain((fields) => extraEntries.map((extra): Entries => [...Object.entries(fields).filter(([, v]) => v !== undefined), ...extra]));

describe(`POST /api/create-payment under generated and hostile input on ${testDatabaseKind}`, () => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let requests = 0;
  let created = 0;
  beforeAll(async () => {
    t = await paymentsApp();
  });
  afterAll(async () => {
    const rows = await expectValidPayments(t.database);
    expect(rows).toHaveLength(created);
    console.info(`create-payment property: ${requests} requests, ${created} payments created (${testDatabaseKind})`);
    await t.database.dispose();
  });

  const post = (body: BodyInit, contentType?: string) =>
    t.app.request("/api/create-payment", { method: "POST", body, headers: contentType === undefined ? {} : { "content-type": contentType } });

  async function check(res: Response, label: string) {
    requests++;
    const text = await expectCleanAnswer(res, label);
    if (res.status === 200 || res.status === 303) created++;
    else {
      expect([400, 413, 415], label).toContain(res.status);
      expect(JSON.parse(text)).toMatchObject({ success: false, error: expect.any(String) });
    }
    expectNoPollution();
  }

  it("JSON bodies: 200 with a checkout URL only for an amount in range, else 400", async () => {
    await fc.assert(
      fc.asyncProperty(paymentEntries, async (entries) => {
        const text = jsonObjectText(entries);
        await check(await post(text, "application/json"), text.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it("form posts: 303 to checkout or 400", async () => {
    await fc.assert(
      fc.asyncProperty(paymentEntries, async (entries) => {
        await check(await post(urlencoded(entries), "application/x-www-form-urlencoded"), JSON.stringify(entries).slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it("any body under any content type", async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async ({ contentType, body }) => {
        await check(await post(body, contentType), `${contentType}: ${body.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe(`POST /api/stripe/webhook under generated and hostile input on ${testDatabaseKind}`, () => {
  let stripe: FakeStripeApi;
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let sessions: Array<{ id: string; cents: number }> = [];
  let requests = 0;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    t = await paymentsApp(stripe);
    // A few real pending payments the generated events may name.
    for (const a of ["220", "340.50", "1000"]) {
      const res = await t.app.request("/api/create-payment", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ amount: a }) });
      expect(res.status).toBe(200);
    }
    sessions = (await t.database.db.selectFrom("payments").select(["provider_session_id", "amount_cents"]).execute()).map((r) => ({ id: r.provider_session_id!, cents: Number(r.amount_cents) }));
  });
  afterAll(async () => {
    await expectValidPayments(t.database);
    console.info(`webhook property: ${requests} requests (${testDatabaseKind})`);
    await t.database.dispose();
    await stripe.close();
  });

  const send = (payload: string, signature: string | undefined) =>
    t.app.request("/api/stripe/webhook", { method: "POST", body: payload, headers: { "content-type": "application/json", ...(signature === undefined ? {} : { "stripe-signature": signature }) } });

  it("refuses every unsigned or wrongly signed body with 400 and changes nothing", async () => {
    const before = await t.database.db.selectFrom("payments").selectAll().orderBy("id").execute();
    const signature = fc.oneof(
      // Only what an HTTP header can carry (fetch refuses NUL and line breaks before sending).
      hostileString.filter(headerSafe),
      fc.constant(undefined),
      fc.integer({ min: 0, max: 2e9 }).map((ts) => `t=${ts},v1=${"0".repeat(64)}`),
      fc.string({ maxLength: 30 }).map((p) => Stripe.webhooks.generateTestHeaderString({ payload: p, secret: WEBHOOK_SECRET })),
      fc.constant(Stripe.webhooks.generateTestHeaderString({ payload: "{}", secret: "whsec_wrong" })),
    );
    await fc.assert(
      fc.asyncProperty(rawRequest, signature, async ({ body }, sig) => {
        requests++;
        const res = await send(body, sig);
        await expectCleanAnswer(res, `${String(sig).slice(0, 60)} ${body.slice(0, 100)}`);
        expect(res.status).toBe(400);
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
    expect(await t.database.db.selectFrom("payments").selectAll().orderBy("id").execute()).toEqual(before);
    expect(await t.database.db.selectFrom("payment_events").selectAll().execute()).toEqual([]);
  });

  it("answers correctly signed events of any shape with 200 or 400, never a 5xx, rows stay valid", async () => {
    const sessionRef = fc.oneof(fc.constantFrom(0, 1, 2).map((i) => ({ ref: i })), fc.constant(null));
    const event = fc.record({
      id: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }).map((s) => `evt_${s}`), hostileValue),
      type: fc.oneof(
        fc.constantFrom("checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "payment_intent.created"),
        hostileValue,
      ),
      session: sessionRef,
      objectId: hostileValue,
      amount_total: fc.oneof(fc.constant("exact"), edgeNumber, hostileValue),
      currency: fc.oneof(fc.constantFrom("cad", "CAD", "usd"), hostileValue),
      payment_status: fc.oneof(fc.constantFrom("paid", "unpaid"), hostileValue),
      shape: fc.constantFrom("object", "object", "object", "null", "string", "array", "missing-data", "pollution"),
    });
    await fc.assert(
      fc.asyncProperty(event, async (e) => {
        const s = e.session ? sessions[e.session.ref]! : undefined;
        const object: Entries = [
          ["id", s ? s.id : e.objectId],
          ["object", "checkout.session"],
          ["amount_total", e.amount_total === "exact" ? (s?.cents ?? 100) : e.amount_total],
          ["currency", e.currency],
          ["payment_status", e.payment_status],
          ["metadata", { payment_id: "x" }],
        ];
        const data =
          e.shape === "object"
            ? rawJsonObject([["object", rawJsonObject(object)]])
            : e.shape === "null"
              ? { object: null }
              : e.shape === "string"
                ? { object: "cs_x" }
                : e.shape === "array"
                  ? { object: [1, 2] }
                  : e.shape === "pollution"
                    ? rawJsonObject([["__proto__", { polluted: "yes" }], ["object", rawJsonObject([["constructor", { prototype: { polluted: "yes" } }], ...object])]])
                    : undefined;
        const entries: Entries = [["id", e.id], ["object", "event"], ["type", e.type], ["created", Math.floor(Date.now() / 1000)]];
        if (data !== undefined) entries.push(["data", data]);
        const payload = jsonObjectText(entries);
        requests++;
        const res = await send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
        await expectCleanAnswer(res, payload.slice(0, 300));
        expect([200, 400], payload.slice(0, 300)).toContain(res.status);
        expectNoPollution();
      }),
      { numRuns: RUNS },
    );
    // Whatever was sent, a payment only ever became paid for its exact amount in CAD (the shape rules of fulfil).
    const rows = await t.database.db.selectFrom("payments").selectAll().execute();
    for (const row of rows) expect(["pending", "paid", "failed"]).toContain(row.status);
  });
});
