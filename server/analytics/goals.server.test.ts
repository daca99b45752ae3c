import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { createQuoteSettlement } from "../billing/settlement.server";
import { createBookingService } from "../booking/service.server";
import { loadConfig } from "../config.server";
import { createLeadTimeline } from "../leads/timeline.server";
import { createLogger } from "../logger.server";
import { createFulfil } from "../payments/fulfil.server";
import { createPayments } from "../payments/payments.server";
import { createQuoteCheckout } from "../quotes/checkout.server";
import { createQuoteService } from "../quotes/service.server";
import { createAnalytics, type Analytics } from "./service.server";

const T0 = Date.UTC(2026, 10, 25, 18, 0, 0);

/**
 * Goals the server records from the product's own events (docs/product.md#analytics): each
 * once, after its commit, under the lead's recorded source, whatever races for it.
 */
describe(`goals from quotes and payments on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let analytics: Analytics;
  const config = loadConfig({ NODE_ENV: "test", PAYMENTS_PROVIDER: "sandbox", RATE_LIMIT_DISABLED: "true" });
  const logger = createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const now = () => T0;

  beforeEach(async () => {
    database = await openTestDatabase();
    analytics = createAnalytics({ config, database, logger, now });
    await database.db
      .insertInto("leads")
      .values({
        id: "lead-1",
        first_name: "Ana",
        last_name: "Lee",
        email: "ana@example.com",
        project_type: "pro",
        message: "A new site please",
        source: "api",
        created_at: new Date(T0).toISOString(),
        page: "/contact",
        ref: "demo-gym",
        utm_source: null,
        search_text: "",
      })
      .execute();
  });
  afterEach(async () => {
    await analytics.flush();
    await database.dispose();
  });

  const goals = async () => {
    await analytics.flush();
    return database.db
      .selectFrom("analytics_events")
      .select(["name", "lead_id", "amount_cents", "demo_ref", "path"])
      .orderBy("id")
      .execute();
  };

  it("a quote's first view and its acceptance are goals once each, however many times the page is opened", async () => {
    const timeline = createLeadTimeline();
    const payments = createPayments({
      config,
      database,
      logger,
      now,
      onPaid: createQuoteSettlement({ timeline, logger }),
      goals: analytics,
    });
    const studio = createQuoteService({ config, database, timeline, checkouts: payments.service, now });
    const client = createQuoteCheckout({
      config,
      database,
      payments: payments.service,
      timeline,
      logger,
      now,
      goals: analytics,
    });
    const created = await studio.create(
      { inquiryId: "lead-1", packageType: "pro", amountCents: 250_000 },
      "owner@studio.example",
    );
    if (!created.ok) throw new Error(created.error);
    expect((await studio.send(created.value.quote.id, "owner@studio.example")).ok).toBe(true);
    const token = created.value.quote.token;

    // Opening the page counts nothing; its script's report from a person's browser does, once (issue 37).
    await Promise.all(Array.from({ length: 5 }, () => client.view(token)));
    expect(await goals()).toEqual([]);
    const person = {
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
    };
    await Promise.all(Array.from({ length: 5 }, () => client.seen(token, person)));
    const paid = await Promise.all(
      Array.from({ length: 3 }, () =>
        client.pay(token, { clientIp: "203.0.113.7" }, { legalName: "Ada Lovelace", agree: "on" }),
      ),
    );
    expect(paid.every((p) => p.ok)).toBe(true);
    expect(await goals()).toEqual([
      { name: "quote-viewed", lead_id: "lead-1", amount_cents: null, demo_ref: "demo-gym", path: "/contact" },
      {
        name: "quote-accepted",
        lead_id: "lead-1",
        amount_cents: null,
        demo_ref: "demo-gym",
        path: "/contact",
      },
    ]);
  });

  it("a booked call is one goal of the lead it joined, however many visitors race for the slot", async () => {
    const booking = createBookingService({
      config,
      database,
      logger,
      manageSecret: "a".repeat(32),
      timeline: { record: async () => undefined },
      goals: analytics,
      now,
    });
    // Thursday 10:00 in Vancouver, 23 hours ahead; the same address as lead-1, so the booking joins it.
    const form = {
      name: "Ana Lee",
      email: "ana@example.com",
      topic: "A call about the new site",
      slot: "2026-11-26T17:00:00Z",
      tz: "America/Vancouver",
      elapsedMs: "5000",
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => booking.book(form, { clientIp: "203.0.113.7" })),
    );
    expect(answers.filter((a) => a.kind === "booked")).toHaveLength(1);
    expect((await goals()).filter((g) => g.name === "booking")).toEqual([
      { name: "booking", lead_id: "lead-1", amount_cents: null, demo_ref: "demo-gym", path: "/contact" },
    ]);
  });

  it("a settled payment is one goal with its amount under the lead's source, under 20 racing settlements", async () => {
    const at = new Date(T0).toISOString();
    await database.db
      .insertInto("payments")
      .values({
        id: "p1",
        package: "pro",
        amount_cents: 125_000,
        currency: "cad",
        status: "pending",
        provider: "sandbox",
        provider_session_id: "sess_1",
        idempotency_key: "payment-p1",
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        failed_at: null,
        last_checked_at: null,
        lead_id: "lead-1",
      })
      .execute();
    const fulfil = createFulfil({ database, logger, now, goals: analytics });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fulfil("sess_1", { status: "paid" }, `call ${i}`)),
    );
    expect(results.filter((r) => r.result === "changed")).toHaveLength(1);
    expect(await goals()).toEqual([
      { name: "payment", lead_id: "lead-1", amount_cents: 125_000, demo_ref: "demo-gym", path: "/contact" },
    ]);
  });

  it("a failed payment is no goal", async () => {
    const at = new Date(T0).toISOString();
    await database.db
      .insertInto("payments")
      .values({
        id: "p2",
        package: "pro",
        amount_cents: 5_000,
        currency: "cad",
        status: "pending",
        provider: "sandbox",
        provider_session_id: "sess_2",
        idempotency_key: "payment-p2",
        failure_reason: null,
        created_at: at,
        updated_at: at,
        paid_at: null,
        failed_at: null,
        last_checked_at: null,
        lead_id: "lead-1",
      })
      .execute();
    await createFulfil({ database, logger, now, goals: analytics })(
      "sess_2",
      { status: "failed", reason: "declined" },
      "t",
    );
    expect(await goals()).toEqual([]);
  });
});
