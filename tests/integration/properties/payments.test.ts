import fc from "fast-check";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { packageTypes } from "~/content/payment";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS } from "~/schemas/payment";

import { createApp } from "../../../server/app.server";
import { loadConfig } from "../../../server/config.server";
import { createLogger } from "../../../server/logger.server";
import { startFakeStripeApi, type FakeStripeApi } from "../../fakes/stripe-api";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../helpers/databases";
import {
  edgeNumber,
  expectCleanAnswer,
  expectNoPollution,
  extraEntries,
  hostileString,
  hostileValue,
  jsonObjectText,
  rawJsonObject,
  rawRequest,
  RUNS,
  urlencoded,
  type Entries,
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
    ...(stripe
      ? {
          PAYMENTS_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_property",
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        }
      : {}),
  });
  const database: TestDatabase = await openTestDatabase();
  const app = createApp({
    config,
    database,
    logger: createLogger(config),
    payments: { stripeApi: stripe?.api },
  });
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
  fc.constantFrom(
    "1e308",
    "-0",
    "NaN",
    "Infinity",
    "-Infinity",
    " 450.5 ",
    "450,50",
    "$450",
    "0x1F4",
    "4.5e2",
    "１２３",
    "٤٥٠",
    "450.5.5",
    "+450",
    ".5",
    "5.",
  ),
  hostileValue,
);

const paymentEntries: fc.Arbitrary<Entries> = fc
  .record({
    amount: fc.option(amount, { nil: undefined }),
    packageType: fc.option(fc.oneof(fc.constantFrom(...packageTypes, "", "BASIC", "gold"), hostileValue), {
      nil: undefined,
    }),
  })
  .chain((fields) =>
    extraEntries.map((extra): Entries => [
      ...Object.entries(fields).filter(([, v]) => v !== undefined),
      ...extra,
    ]),
  );

/**
 * What the server must do with an amount and a package, written apart from the
 * code under test: a decimal string with at most two significant decimals (or
 * a finite number printed without exponent), between 1.00 and 999,999.99 CAD;
 * the package absent/empty (Basic), "basic" or "pro". Null means 400.
 */
function expectedPayment(
  amount: unknown,
  packageType: unknown,
): { cents: number; package: "basic" | "pro" } | null {
  const pkg = packageType === undefined || packageType === null || packageType === "" ? "basic" : packageType;
  if (pkg !== "basic" && pkg !== "pro") return null;
  let text: string;
  if (typeof amount === "number") text = Number.isFinite(amount) ? String(amount) : "";
  else if (typeof amount === "string") text = amount.trim();
  else return null;
  const m = /^\+?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[1] === "" && !m[2])) return null;
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  if (fraction.length > 2) return null;
  const cents = BigInt(m[1] || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
  if (cents < BigInt(MIN_AMOUNT_CENTS) || cents > BigInt(MAX_AMOUNT_CENTS)) return null;
  return { cents: Number(cents), package: pkg };
}

/** What a body under a content type asks for: 415, a 400, or a payment of exactly this. */
async function expectedOutcome(
  contentType: string,
  body: string,
): Promise<"415" | "400" | { cents: number; package: "basic" | "pro" }> {
  const type = (contentType.split(";")[0] ?? "").trim().toLowerCase();
  let fields: { amount?: unknown; packageType?: unknown };
  if (type === "application/json") {
    try {
      const parsed: unknown = JSON.parse(body);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "400";
      fields = parsed as typeof fields;
    } catch {
      return "400";
    }
  } else if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(body);
    fields = { amount: form.getAll("amount").at(-1), packageType: form.getAll("packageType").at(-1) };
  } else if (type === "multipart/form-data") {
    try {
      const form = await new Request("http://x/", {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      }).formData();
      fields = { amount: form.getAll("amount").at(-1), packageType: form.getAll("packageType").at(-1) };
    } catch {
      return "400";
    }
  } else {
    return "415";
  }
  return expectedPayment(fields.amount, fields.packageType) ?? "400";
}

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
    console.info(
      `create-payment property: ${requests} requests, ${created} payments created (${testDatabaseKind})`,
    );
    await t.database.dispose();
  });

  const post = (body: BodyInit, contentType?: string) =>
    t.app.request("/api/create-payment", {
      method: "POST",
      body,
      headers: contentType === undefined ? {} : { "content-type": contentType },
    });
  const countPayments = async () =>
    Number(
      (
        await t.database.db
          .selectFrom("payments")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The exact answer and the exact stored row (or none) the input asks for. */
  async function check(contentType: string, body: string, label: string) {
    requests++;
    const expected = await expectedOutcome(contentType, body);
    const before = await countPayments();
    const res = await post(body, contentType);
    const text = await expectCleanAnswer(res, label);
    expectNoPollution();
    if (typeof expected === "string") {
      expect(res.status, `${label} → ${text.slice(0, 200)}`).toBe(Number(expected));
      expect(JSON.parse(text), label).toMatchObject({ success: false, error: expect.any(String) });
      expect(await countPayments(), label).toBe(before);
      return;
    }
    const isForm = !contentType.toLowerCase().includes("json");
    expect(res.status, `${label} → ${text.slice(0, 200)}`).toBe(isForm ? 303 : 200);
    const url = isForm ? res.headers.get("location")! : (JSON.parse(text) as { url: string }).url;
    expect(url, label).toMatch(/^\/checkout\/sandbox\/sbx_[A-Za-z0-9_-]+$/);
    const row = await t.database.db
      .selectFrom("payments")
      .selectAll()
      .where("provider_session_id", "=", url.split("/").at(-1)!)
      .executeTakeFirst();
    expect(row, label).toMatchObject({
      amount_cents: expected.cents,
      package: expected.package,
      currency: "cad",
      status: "pending",
      provider: "sandbox",
    });
    expect(await countPayments(), label).toBe(before + 1);
    created++;
  }

  it("JSON bodies: 200 and a pending payment of exactly that amount and package when valid, else 400 and nothing stored", async () => {
    await fc.assert(
      fc.asyncProperty(paymentEntries, async (entries) => {
        const text = jsonObjectText(entries);
        await check("application/json", text, text.slice(0, 200));
      }),
      { numRuns: RUNS },
    );
  });

  it("form posts: 303 to checkout with exactly that payment stored when valid, else 400 and nothing stored", async () => {
    await fc.assert(
      fc.asyncProperty(paymentEntries, async (entries) => {
        await check(
          "application/x-www-form-urlencoded",
          urlencoded(entries),
          JSON.stringify(entries).slice(0, 200),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("valid amounts as a customer types them: always exactly that payment", async () => {
    const typed = fc.record({
      cents: fc.integer({ min: MIN_AMOUNT_CENTS, max: MAX_AMOUNT_CENTS }),
      form: fc.constantFrom("plain", "padded", "number"),
      packageType: fc.constantFrom(...packageTypes, undefined),
    });
    await fc.assert(
      fc.asyncProperty(typed, async ({ cents, form, packageType }) => {
        const decimal = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
        const amount = form === "number" ? cents / 100 : form === "padded" ? ` ${decimal} ` : decimal;
        const body = JSON.stringify({ amount, packageType });
        expect(await expectedOutcome("application/json", body)).toEqual({
          cents,
          package: packageType ?? "basic",
        });
        await check("application/json", body, body);
      }),
      { numRuns: RUNS },
    );
  });

  it("any body under any content type: JSON only as application/json (else 415), never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async ({ contentType, body }) => {
        await check(contentType, body, `${contentType}: ${body.slice(0, 200)}`);
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
      const res = await t.app.request("/api/create-payment", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: a }),
      });
      expect(res.status).toBe(200);
    }
    sessions = (
      await t.database.db.selectFrom("payments").select(["provider_session_id", "amount_cents"]).execute()
    ).map((r) => ({ id: r.provider_session_id!, cents: Number(r.amount_cents) }));
  });
  afterAll(async () => {
    await expectValidPayments(t.database);
    console.info(`webhook property: ${requests} requests (${testDatabaseKind})`);
    await t.database.dispose();
    await stripe.close();
  });

  const send = (payload: string, signature: string | undefined) =>
    t.app.request("/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: {
        "content-type": "application/json",
        ...(signature === undefined ? {} : { "stripe-signature": signature }),
      },
    });

  it("refuses every unsigned or wrongly signed body with 400 and changes nothing", async () => {
    const before = await t.database.db.selectFrom("payments").selectAll().orderBy("id").execute();
    const signature = fc.oneof(
      // Only what an HTTP header can carry (fetch refuses NUL and line breaks before sending).
      hostileString.filter(headerSafe),
      fc.constant(undefined),
      fc.integer({ min: 0, max: 2e9 }).map((ts) => `t=${ts},v1=${"0".repeat(64)}`),
      fc
        .string({ maxLength: 30 })
        .map((p) => Stripe.webhooks.generateTestHeaderString({ payload: p, secret: WEBHOOK_SECRET })),
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

  it("answers correctly signed events of any shape with 200 or 400, and settles a payment exactly as the event says", async () => {
    const sessionRef = fc.oneof(
      fc.constantFrom(0, 1, 2).map((i) => ({ ref: i })),
      fc.constant(null),
    );
    const event = fc.record({
      id: fc.oneof(
        fc.string({ minLength: 1, maxLength: 30 }).map((s) => `evt_${s}`),
        hostileValue,
      ),
      type: fc.oneof(
        fc.constantFrom(
          "checkout.session.completed",
          "checkout.session.async_payment_succeeded",
          "checkout.session.async_payment_failed",
          "payment_intent.created",
        ),
        hostileValue,
      ),
      session: sessionRef,
      objectId: hostileValue,
      amount_total: fc.oneof(fc.constant("exact"), edgeNumber, hostileValue),
      currency: fc.oneof(fc.constantFrom("cad", "CAD", "usd"), hostileValue),
      payment_status: fc.oneof(fc.constantFrom("paid", "unpaid"), hostileValue),
      shape: fc.constantFrom(
        "object",
        "object",
        "object",
        "null",
        "string",
        "array",
        "missing-data",
        "pollution",
      ),
    });
    const statuses = async () =>
      new Map(
        (await t.database.db.selectFrom("payments").select(["provider_session_id", "status"]).execute()).map(
          (r) => [r.provider_session_id!, r.status],
        ),
      );
    const handled = new Set<unknown>();
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
                    ? rawJsonObject([
                        ["__proto__", { polluted: "yes" }],
                        [
                          "object",
                          rawJsonObject([["constructor", { prototype: { polluted: "yes" } }], ...object]),
                        ],
                      ])
                    : undefined;
        const entries: Entries = [
          ["id", e.id],
          ["object", "event"],
          ["type", e.type],
          ["created", Math.floor(Date.now() / 1000)],
        ];
        if (data !== undefined) entries.push(["data", data]);
        const payload = jsonObjectText(entries);
        const label = payload.slice(0, 300);
        const before = await statuses();
        requests++;
        const res = await send(
          payload,
          Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        );
        await expectCleanAnswer(res, label);
        expect([200, 400], label).toContain(res.status);
        expectNoPollution();

        // The exact effect: only a paid event for a session's exact amount in CAD pays it, only a failure event fails it.
        const after = await statuses();
        const paidEvent =
          e.type === "checkout.session.completed" || e.type === "checkout.session.async_payment_succeeded";
        const exactPaid =
          e.amount_total === "exact" &&
          e.payment_status === "paid" &&
          String(e.currency).toLowerCase() === "cad";
        const clean =
          typeof e.id === "string" &&
          /^evt_[A-Za-z0-9_-]+$/.test(e.id) &&
          !handled.has(e.id) &&
          e.shape === "object";
        const plausible =
          clean &&
          e.amount_total === "exact" &&
          ["cad", "CAD", "usd"].includes(e.currency as string) &&
          ["paid", "unpaid"].includes(e.payment_status as string);
        for (const session of sessions) {
          const was = before.get(session.id);
          const now = after.get(session.id);
          if (was !== now) {
            expect(was, label).toBe("pending");
            expect(s?.id, label).toBe(session.id);
            expect(res.status, label).toBe(200);
            if (now === "paid") expect(paidEvent && exactPaid, label).toBe(true);
            else expect(e.type, label).toBe("checkout.session.async_payment_failed");
          } else if (was === "pending" && s?.id === session.id && plausible) {
            // A well-formed, first-seen event that should have settled this pending session did.
            expect(paidEvent && exactPaid, label).toBe(false);
            expect(e.type, label).not.toBe("checkout.session.async_payment_failed");
          }
        }
        if (res.status === 200) handled.add(e.id);
      }),
      { numRuns: RUNS },
    );
  });
});
