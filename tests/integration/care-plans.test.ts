import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { seedCarePlans } from "../../app/content/care-plans";
import { availableTaxes, taxTotals, type Province } from "../../app/shared/taxes";
import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createServices } from "../../server/services.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { postSignedEvent, startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";
import { pdfText } from "../helpers/pdf";

const SITE_URL = "https://studio.example";
const WEBHOOK_SECRET = "whsec_test_care_plans";
const GST_NUMBER = "123456789 RT0001";

let stripe: FakeStripeApi;
let smtp: FakeSmtp;
const open: { dispose(): Promise<void> }[] = [];

beforeAll(async () => {
  stripe = await startFakeStripeApi();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await stripe.close();
  await smtp.stop();
});
afterEach(async () => {
  while (open.length) await open.pop()!.dispose();
});

/** The server as a deployment wires it (createServices), on Stripe's fake, a real SMTP server in process and a clock the test moves. */
async function harness(database?: TestDatabase) {
  const config = loadConfig({
    NODE_ENV: "test",
    SITE_URL,
    TRUST_PROXY: "true",
    PAYMENTS_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_care_plans",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    GST_HST_NUMBER: GST_NUMBER,
    SMTP_URL: smtp.url,
    INQUIRY_TO: "studio@example.com",
  });
  const db = database ?? (await openTestDatabase());
  const { logger } = capturingLogger("warn");
  // In the past of the real day: the serving process's outbox worker runs on the real clock.
  const clock = { now: Date.parse("2026-09-01T18:00:00.000Z") };
  const now = () => clock.now;
  const services = createServices({
    config,
    database: db,
    logger,
    now,
    deliver: true,
    payments: { stripeApi: stripe.api },
  });
  const app = createApp({ config, database: db, logger, now, services });
  const t = {
    app,
    db,
    clock,
    services,
    subscribe: (form: Record<string, string>, headers: Record<string, string> = {}) =>
      app.request("/api/care-plans/subscribe", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: SITE_URL,
          "x-forwarded-for": randomIp(),
          ...headers,
        },
        body: new URLSearchParams(form).toString(),
      }),
    deliver: (
      type: string,
      object: object,
      created: number,
      id = `evt_${crypto.randomUUID().slice(0, 18)}`,
    ) =>
      postSignedEvent(app, WEBHOOK_SECRET, { id, type, created, object: object as Record<string, unknown> }),
    documents: (subscriptionId: string) =>
      db.db
        .selectFrom("money_documents")
        .selectAll()
        .where("quote_id", "=", subscriptionId)
        .orderBy("number")
        .execute(),
    subscription: (id: string) =>
      db.db.selectFrom("plan_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    dispose: async () => {
      await services.outboxWorker?.stop();
      services.mailer.close();
      if (!database) await db.dispose();
    },
  };
  open.push(t);
  return t;
}
type Harness = Awaited<ReturnType<typeof harness>>;

/** Subscribe from /pricing and pay at Stripe: our subscription's id and what Stripe's events carry. */
async function subscribeAndPay(t: Harness, plan: string, province: Province, email = "client@example.com") {
  const res = await t.subscribe({ plan, province });
  expect(res.status).toBe(303);
  const sessionId = new URL(res.headers.get("location")!).pathname.split("/").at(-1)!;
  const paid = stripe.billing.completeCheckout(sessionId, { email, name: "Dana Client" });
  const ours = paid.session.metadata.plan_subscription_id!;
  return { ours, sessionId, ...paid };
}

/** The Price a checkout of the Partner plan made at Stripe (the portal offers it as a change of plan). */
function partnerPrice(paid: { subscription: { items: { data: { price: { id: string } }[] } } }) {
  return paid.subscription.items.data[0]!.price.id;
}

/** Whole-seconds event times in Stripe's order, from the harness's clock. */
const at = (t: Harness, plusSeconds: number) => t.clock.now + plusSeconds * 1000;

describe(`care plans on ${testDatabaseKind}`, () => {
  it("keeps the plans in the back office, seeded from the content, each change validated", async () => {
    const t = await harness();
    const plans = t.services.carePlans.plans;
    expect((await plans.list()).map((p) => [p.id, p.priceCents, p.changeHours])).toEqual(
      seedCarePlans.map((p) => [p.id, p.priceCents, p.changeHours]),
    );
    const bad = await plans.save({ ...seedCarePlans[1], priceCents: -5 });
    expect(bad).toMatchObject({ ok: false, fields: { priceCents: expect.any(String) } });
    expect((await plans.find("growth"))!.priceCents).toBe(12_500);
    const saved = await plans.save({ ...seedCarePlans[1], priceCents: 14_000, name: "Growth Care+" });
    expect(saved).toMatchObject({ ok: true, plan: { priceCents: 14_000, name: "Growth Care+" } });
    const added = await plans.save({
      id: "launch",
      name: "Launch Care",
      priceCents: 9_900,
      included: ["Hosting"],
      changeHours: 0,
    });
    expect(added).toMatchObject({ ok: true, plan: { position: 3 } });
    expect(await plans.retire("essential")).toBe(true);
    expect((await plans.list()).map((p) => p.id)).toEqual(["growth", "partner", "launch"]);
    expect((await plans.list({ includeRetired: true })).find((p) => p.id === "essential")!.retired).toBe(
      true,
    );
  });

  it("opens Stripe Checkout in subscription mode at the stored price, with the province's rates from the quotes' table", async () => {
    const t = await harness();
    await t.services.carePlans.plans.save({ ...seedCarePlans[1], priceCents: 13_000 });
    for (const province of ["BC", "ON", "AB", "BC"] as const) {
      const res = await t.subscribe({ plan: "growth", province, priceCents: "1" });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      const call = stripe.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
      expect(call.params).toMatchObject({ mode: "subscription", "line_items[0][quantity]": "1" });
      // The plan's own Price at Stripe, on the plan's Product: monthly, CAD, the stored amount, named ours.
      const price = stripe.billing.prices.get(call.params["line_items[0][price]"]!)!;
      expect(price).toMatchObject({
        currency: "cad",
        unit_amount: 13_000,
        recurring: { interval: "month" },
        lookup_key: "care_plan:growth:13000",
        metadata: { plan_id: "growth" },
      });
      expect(stripe.billing.products.get(price.product)).toMatchObject({
        name: "Growth Care",
        metadata: { plan_id: "growth" },
      });
      const rates = Object.entries(call.params)
        .filter(([k]) => k.startsWith("subscription_data[default_tax_rates]"))
        .map(([, id]) => stripe.billing.taxRates.find((r) => r.id === id)!);
      expect(rates.map((r) => [r.display_name, r.percentage, r.state])).toEqual(
        availableTaxes(province).map((x) => [x.code, x.basisPoints / 100, province]),
      );
    }
    // BC's GST and PST, ON's HST, AB's GST: each created once at Stripe, however many checkouts.
    expect(stripe.billing.taxRates.filter((r) => r.state !== null).length).toBeGreaterThanOrEqual(4);
    expect(await t.db.db.selectFrom("stripe_tax_rates").selectAll().execute()).toHaveLength(4);
    // One Product and one Price for the plan at this amount, however many checkouts.
    expect(
      [...stripe.billing.prices.values()].filter((p) => p.lookup_key === "care_plan:growth:13000"),
    ).toHaveLength(1);
    expect([...stripe.billing.products.values()].filter((p) => p.metadata.plan_id === "growth")).toHaveLength(
      1,
    );
  });

  it("refuses a bad province, a retired plan and another site's form, opening nothing", async () => {
    const t = await harness();
    const before = stripe.requests.length;
    const bad = await t.subscribe({ plan: "growth", province: "XX" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose your province.");
    await t.services.carePlans.plans.retire("partner");
    expect((await t.subscribe({ plan: "partner", province: "BC" })).status).toBe(404);
    expect((await t.subscribe({ plan: "<script>", province: "BC" })).status).toBe(404);
    expect(
      (await t.subscribe({ plan: "growth", province: "BC" }, { origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(stripe.requests.length).toBe(before);
    expect(await t.db.db.selectFrom("plan_subscriptions").selectAll().execute()).toHaveLength(0);
  });

  it.each(["BC", "ON", "AB"] as const)(
    "issues one invoice and receipt per paid month in %s, with the tax Stripe charged to the cent, whatever the order of events",
    async (province) => {
      const t = await harness();
      // A hundred orders where the issue asks for them (BC, two taxes); fewer for the one-tax provinces.
      const orders = province === "BC" ? 100 : 12;
      for (let i = 0; i < orders; i++) {
        const { ours, session, subscription, invoice } = await subscribeAndPay(t, "growth", province);
        const events: [string, object, number][] = [
          ["checkout.session.completed", session, at(t, 1)],
          ["invoice.paid", invoice, at(t, 2)],
          ["customer.subscription.updated", subscription, at(t, 3)],
        ];
        // Each event twice (a redelivery carries the same event id), in a random order.
        const deliveries = [...events, ...events].map(([type, object, created], n) => ({
          type,
          object,
          created,
          id: `evt_${i}_${n % 3}_${ours.slice(0, 8)}`,
          key: Math.random(),
        }));
        deliveries.sort((a, b) => a.key - b.key);
        for (const d of deliveries)
          expect((await t.deliver(d.type, d.object, d.created, d.id)).status).toBe(200);

        const sub = await t.subscription(ours);
        expect(sub).toMatchObject({
          status: "active",
          email: "client@example.com",
          stripe_subscription_id: subscription.id,
        });
        const docs = await t.documents(ours);
        expect(docs.map((d) => d.kind).sort()).toEqual(["invoice", "receipt"]);
        const expected = taxTotals(
          [{ amountCents: 12_500, taxes: availableTaxes(province).map((x) => x.code) }],
          province,
        );
        for (const d of docs) {
          expect(Number(d.amount_cents)).toBe(invoice.total);
          const taxes = JSON.parse(d.taxes) as { code: string; cents: number }[];
          expect(taxes.map((x) => x.cents)).toEqual(invoice.total_taxes.map((x) => x.amount));
          expect(taxes).toEqual(
            expected.map((x) => expect.objectContaining({ code: x.code, cents: x.cents })),
          );
          expect(d.registration_number).toBe(GST_NUMBER);
        }
      }
      const receipts = await t.db.db
        .selectFrom("money_documents")
        .select("number")
        .where("kind", "=", "receipt")
        .orderBy("number")
        .execute();
      expect(receipts.map((r) => r.number)).toEqual(
        Array.from({ length: orders }, (_, n) => `R2026-${String(n + 1).padStart(4, "0")}`),
      );
    },
  );

  it("emails each renewal's invoice and receipt as PDFs, once, and numbers the next month after the last document", async () => {
    const t = await harness();
    const sent = smtp.messages.length;
    const { ours, session, subscription, invoice } = await subscribeAndPay(
      t,
      "partner",
      "BC",
      "renewal@example.com",
    );
    await t.deliver("checkout.session.completed", session, at(t, 1));
    await t.deliver("invoice.paid", invoice, at(t, 2));
    t.clock.now += 31 * 86_400_000;
    stripe.useClock(() => t.clock.now);
    const next = stripe.billing.renew(subscription.id);
    await t.deliver("invoice.paid", next.invoice, at(t, 1));
    await t.deliver("invoice.paid", next.invoice, at(t, 1));
    await t.services.outboxWorker!.runOnce();

    const docs = await t.documents(ours);
    expect(docs.map((d) => d.number)).toEqual(["2026-0001", "2026-0002", "R2026-0001", "R2026-0002"]);
    // Accounting counts each month as billed and received, with its GST and PST.
    const rows = await t.services.accounting.rows({ from: "2026-09-01", to: "2026-10-31" });
    const totals = t.services.accounting.totals(rows);
    expect(rows.every((r) => r.part === "Care plan renewal")).toBe(true);
    expect(totals.received).toMatchObject({
      count: 2,
      netCents: 60_000,
      taxes: { GST: 3_000, PST: 4_200, HST: 0 },
    });
    // The funnel counts the money once per month, on the plan's lead (the redelivery counted nothing).
    await t.services.analytics.flush();
    const goals = await t.db.db
      .selectFrom("analytics_events")
      .select(["lead_id", "amount_cents"])
      .where("name", "=", "payment")
      .execute();
    const leadId = (await t.subscription(ours)).lead_id;
    expect(goals).toEqual([
      { lead_id: leadId, amount_cents: 33_600 },
      { lead_id: leadId, amount_cents: 33_600 },
    ]);
    const mails = smtp.messages.slice(sent).filter((m) => m.to.includes("renewal@example.com"));
    await vi.waitFor(
      () =>
        expect(smtp.messages.slice(sent).filter((m) => m.to.includes("renewal@example.com"))).toHaveLength(2),
      { timeout: 30_000 },
    );
    mails.splice(
      0,
      mails.length,
      ...smtp.messages.slice(sent).filter((m) => m.to.includes("renewal@example.com")),
    );
    mails.sort((a, b) => a.subject.localeCompare(b.subject));
    const parsed = await simpleParser(mails[1]!.raw);
    expect(parsed.subject).toContain("R2026-0002");
    expect(parsed.attachments.map((a) => a.filename)).toEqual([
      "invoice-2026-0002.pdf",
      "receipt-R2026-0002.pdf",
    ]);
    const text = await pdfText(parsed.attachments[1]!.content);
    expect(text).toContain("Receipt R2026-0002");
    expect(text).toContain(GST_NUMBER);
    expect(text).toContain("GST 5%");
    expect(text).toContain("PST 7% (BC)");
    expect(text).toContain("Care plan");
  });

  it("a failed renewal: past due, one email with a link into Stripe's portal; the retry pays; Stripe ending it ends it here", async () => {
    const t = await harness();
    const sent = smtp.messages.length;
    const { ours, session, subscription, invoice } = await subscribeAndPay(
      t,
      "essential",
      "ON",
      "late@example.com",
    );
    await t.deliver("checkout.session.completed", session, at(t, 1));
    await t.deliver("invoice.paid", invoice, at(t, 2));
    const figures = () => t.services.carePlans.studio.summary(t.clock.now);
    // The studio's MRR follows each step (before tax).
    expect(await figures()).toEqual({
      plans: 1,
      mrrCents: 5_000,
      renewalsThisWeek: 1,
      renewedCentsThisWeek: 5_650,
      failed: 0,
    });
    const failed = stripe.billing.renew(subscription.id, { fail: true });
    await t.deliver("invoice.payment_failed", failed.invoice, at(t, 10));
    await t.deliver("invoice.payment_failed", failed.invoice, at(t, 20)); // Stripe's retry fails again
    await t.deliver("customer.subscription.updated", failed.subscription, at(t, 11));
    expect((await t.subscription(ours)).status).toBe("past_due");
    // The studio's home lists it under "Care plans not paid", on the lead the plan made.
    const leadId = (await t.subscription(ours)).lead_id!;
    const home = await t.services.attention.load();
    expect(home.plans).toEqual([
      expect.objectContaining({
        leadId,
        urgent: true,
        detail: expect.stringContaining("Essential Care: $56.50 CAD not paid"),
      }),
    ]);
    expect(await figures()).toMatchObject({ plans: 1, mrrCents: 5_000, failed: 1 });
    await t.services.outboxWorker!.runOnce();
    const late = () => smtp.messages.slice(sent).filter((m) => m.to.includes("late@example.com"));
    await vi.waitFor(() => expect(late()).toHaveLength(2), { timeout: 30_000 });
    const mails = late().sort((a, b) => b.subject.localeCompare(a.subject));
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("Receipt"),
      expect.stringContaining("did not go through"),
    ]);
    const link = /https:\/\/studio\.example(\/api\/care-plans\/billing\/[^\s)\]]+)/.exec(mails[1]!.text)![1]!;
    const portal = await t.app.request(link);
    expect(portal.status).toBe(303);
    expect(portal.headers.get("location")).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.billing.portalSessions.at(-1)!.customer).toBe(subscription.customer);
    expect((await t.app.request(`${link.slice(0, -3)}AAA`)).status).toBe(404);

    const recovered = stripe.billing.payInvoice(failed.invoice.id);
    await t.deliver("invoice.paid", recovered.invoice, at(t, 30));
    expect((await t.subscription(ours)).status).toBe("active");
    expect((await t.documents(ours)).filter((d) => d.kind === "receipt")).toHaveLength(2);
    expect((await t.services.attention.load()).plans).toEqual([]);
    expect(await figures()).toMatchObject({ plans: 1, mrrCents: 5_000, renewalsThisWeek: 2, failed: 0 });

    const ended = stripe.billing.cancel(subscription.id);
    await t.deliver("customer.subscription.deleted", ended, at(t, 50));
    // A late, older update does not bring it back.
    await t.deliver("customer.subscription.updated", recovered.subscription, at(t, 31));
    expect((await t.subscription(ours)).status).toBe("canceled");
    expect(await figures()).toMatchObject({ plans: 0, mrrCents: 0, failed: 0 });
  });

  it("a change of plan in Stripe's portal becomes our plan (late, twice, out of order); the next renewal's documents name it", async () => {
    const t = await harness();
    const { ours, session, subscription, invoice } = await subscribeAndPay(
      t,
      "growth",
      "BC",
      "up@example.com",
    );
    await t.deliver("checkout.session.completed", session, at(t, 1));
    await t.deliver("invoice.paid", invoice, at(t, 2));
    await t.deliver("customer.subscription.updated", subscription, at(t, 3));
    const partner = partnerPrice(await subscribeAndPay(t, "partner", "BC", "other@example.com"));
    const leadId = (await t.subscription(ours)).lead_id!;
    expect(await t.services.carePlans.studio.summary(t.clock.now)).toMatchObject({
      plans: 1,
      mrrCents: 12_500,
    });

    // In the portal (proration "none"): the Price changes now, nothing is charged now.
    const changed = stripe.billing.changePlanInPortal(subscription.id, partner);
    await t.deliver("customer.subscription.updated", changed, at(t, 60));
    await t.deliver("customer.subscription.updated", changed, at(t, 60)); // a second delivery, a new id
    // The update of the subscription's start, arriving late, does not put Growth back.
    await t.deliver("customer.subscription.updated", subscription, at(t, 3));
    expect(await t.subscription(ours)).toMatchObject({ plan_id: "partner", status: "active" });
    expect(Number((await t.subscription(ours)).price_cents)).toBe(30_000);
    const shown = { planName: "Partner Care", priceCents: 30_000, changeHours: 4 };
    expect(await t.services.carePlans.plansOfClient("up@example.com")).toEqual([
      expect.objectContaining(shown),
    ]);
    expect(await t.services.carePlans.studio.ofLead(leadId)).toEqual([expect.objectContaining(shown)]);
    const timeline = await t.db.db
      .selectFrom("lead_activity")
      .select(["body", "actor_email"])
      .where("lead_id", "=", leadId)
      .where("kind", "=", "plan-changed")
      .execute();
    expect(timeline).toEqual([
      {
        body: "Care plan changed at Stripe from Growth Care to Partner Care at $300.00 a month before tax.",
        actor_email: "system",
      },
    ]);
    // The studio's MRR follows, before tax (the other client's checkout was never paid).
    expect(await t.services.carePlans.studio.summary(t.clock.now)).toMatchObject({
      plans: 1,
      mrrCents: 30_000,
    });

    // The next renewal bills Partner Care with BC's GST and PST, to the cent Stripe charged.
    t.clock.now += 31 * 86_400_000;
    stripe.useClock(() => t.clock.now);
    const next = stripe.billing.renew(subscription.id);
    await t.deliver("invoice.paid", next.invoice, at(t, 1));
    const renewal = (await t.documents(ours)).filter((d) => d.number.endsWith("0002"));
    expect(renewal.map((d) => d.kind).sort()).toEqual(["invoice", "receipt"]);
    for (const d of renewal) {
      expect(Number(d.amount_cents)).toBe(33_600);
      expect(JSON.parse(d.lines)[0].label).toMatch(/^Partner Care care plan, /);
      expect(JSON.parse(d.taxes)).toEqual([
        expect.objectContaining({ code: "GST", cents: 1_500 }),
        expect.objectContaining({ code: "PST", cents: 2_100 }),
      ]);
    }
    expect((await t.documents(ours)).filter((d) => d.number.endsWith("0001"))[0]!.lines).toContain(
      "Growth Care",
    );
  });

  it("a change of plan: every order of its events, each twice, ends on the new plan with the same documents", async () => {
    const t = await harness();
    const partner = partnerPrice(await subscribeAndPay(t, "partner", "ON", "first@example.com"));
    for (let i = 0; i < 20; i++) {
      const start = Date.parse("2026-09-01T18:00:00.000Z") + i * 40 * 86_400_000;
      t.clock.now = start;
      stripe.useClock(() => t.clock.now);
      const { ours, session, subscription, invoice } = await subscribeAndPay(t, "growth", "ON");
      const changed = stripe.billing.changePlanInPortal(subscription.id, partner);
      t.clock.now += 31 * 86_400_000;
      const next = stripe.billing.renew(subscription.id);
      const events: [string, object, number][] = [
        ["checkout.session.completed", session, start + 1_000],
        ["invoice.paid", invoice, start + 2_000],
        ["customer.subscription.updated", subscription, start + 3_000],
        ["customer.subscription.updated", changed, start + 86_400_000],
        ["invoice.paid", next.invoice, t.clock.now],
        ["customer.subscription.updated", next.subscription, t.clock.now + 1_000],
      ];
      const deliveries = [...events, ...events]
        .map(([type, object, created], n) => ({ type, object, created, n, key: Math.random() }))
        .sort((a, b) => a.key - b.key);
      for (const d of deliveries)
        expect((await t.deliver(d.type, d.object, d.created, `evt_chg_${i}_${d.n}`)).status).toBe(200);
      expect(await t.subscription(ours)).toMatchObject({ plan_id: "partner", status: "active" });
      expect(Number((await t.subscription(ours)).price_cents)).toBe(30_000);
      const docs = await t.documents(ours);
      // Growth's first month, Partner's second (with ON's HST), whichever event came (and was numbered) first.
      expect(
        docs
          .map((d) => [d.kind, Number(d.amount_cents), JSON.parse(d.lines)[0].label.split(",")[0]])
          .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
      ).toEqual([
        ["invoice", 14_125, "Growth Care care plan"],
        ["invoice", 33_900, "Partner Care care plan"],
        ["receipt", 14_125, "Growth Care care plan"],
        ["receipt", 33_900, "Partner Care care plan"],
      ]);
    }
  });

  it("a Price added in Stripe's dashboard maps by its Product; a Product of no plan leaves the plan; racing deliveries record one change", async () => {
    const first = await harness();
    const second = await harness(first.db);
    const { ours, session, subscription, invoice } = await subscribeAndPay(
      first,
      "growth",
      "AB",
      "dash@example.com",
    );
    await first.deliver("checkout.session.completed", session, at(first, 1));
    await first.deliver("invoice.paid", invoice, at(first, 2));
    partnerPrice(await subscribeAndPay(first, "partner", "AB", "p@example.com")); // makes Partner's Product
    const dashboardPrice = (id: string, product: string, unit_amount: number) =>
      stripe.billing.prices.set(id, {
        id,
        object: "price",
        active: true,
        currency: "cad",
        unit_amount,
        product,
        lookup_key: null,
        recurring: { interval: "month", interval_count: 1 },
        metadata: {},
      });
    // A Product that is none of our plans: the price Stripe bills follows, the plan stays, logged.
    stripe.billing.products.set("prod_elsewhere", {
      id: "prod_elsewhere",
      object: "product",
      active: true,
      name: "Something else",
      metadata: {},
      created: 0,
    });
    dashboardPrice(`price_else_${ours.slice(0, 8)}`, "prod_elsewhere", 9_900);
    const elsewhere = stripe.billing.changePlanInPortal(subscription.id, `price_else_${ours.slice(0, 8)}`);
    expect((await first.deliver("customer.subscription.updated", elsewhere, at(first, 30))).status).toBe(200);
    expect(await first.subscription(ours)).toMatchObject({ plan_id: "growth" });
    expect(Number((await first.subscription(ours)).price_cents)).toBe(9_900);

    // Partner's Product at a price made in the dashboard (no metadata of its own), delivered by two processes at once.
    dashboardPrice(`price_dash_${ours.slice(0, 8)}`, "care_plan_partner", 28_000);
    const changed = stripe.billing.changePlanInPortal(subscription.id, `price_dash_${ours.slice(0, 8)}`);
    const answers = await Promise.all([
      first.deliver("customer.subscription.updated", changed, at(first, 60)),
      second.deliver("customer.subscription.updated", changed, at(first, 60)),
      second.deliver("customer.subscription.updated", changed, at(first, 60)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await first.subscription(ours)).toMatchObject({ plan_id: "partner" });
    expect(Number((await first.subscription(ours)).price_cents)).toBe(28_000);
    const changes = await first.db.db
      .selectFrom("lead_activity")
      .select("body")
      .where("lead_id", "=", (await first.subscription(ours)).lead_id!)
      .where("kind", "=", "plan-changed")
      .execute();
    expect(changes.map((c) => c.body)).toEqual([
      "Care plan changed at Stripe from Growth Care to Partner Care at $280.00 a month before tax.",
    ]);
  });

  it("two processes delivering one paid invoice at once issue one invoice and one receipt", async () => {
    const first = await harness();
    const second = await harness(first.db);
    for (let round = 0; round < 5; round++) {
      const { ours, session, invoice } = await subscribeAndPay(first, "growth", "BC");
      await first.deliver("checkout.session.completed", session, at(first, 1));
      // Different event ids (Stripe can send invoice.paid and a redelivery under new ids): both are handled.
      const answers = await Promise.all([
        first.deliver("invoice.paid", invoice, at(first, 2)),
        second.deliver("invoice.paid", invoice, at(first, 2)),
        second.deliver("invoice.paid", invoice, at(first, 2)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect((await first.documents(ours)).map((d) => d.kind).sort()).toEqual(["invoice", "receipt"]);
      const outbox = await first.db.db
        .selectFrom("outbox")
        .select("id")
        .where(
          "subject_id",
          "in",
          (
            await first.db.db
              .selectFrom("plan_renewals")
              .select("id")
              .where("subscription_id", "=", ours)
              .execute()
          ).map((r) => r.id),
        )
        .execute();
      expect(outbox).toHaveLength(1);
    }
  });

  it("puts the plan on a new Won lead; the studio cancels at the period's end or opens Stripe's portal from the lead's page", async () => {
    const t = await harness();
    const { ours, session, subscription, invoice } = await subscribeAndPay(
      t,
      "growth",
      "BC",
      "owner@shop.example",
    );
    // The first invoice before the checkout's completion: the lead and address come with whichever is first.
    await t.deliver("invoice.paid", invoice, at(t, 2));
    await t.deliver("checkout.session.completed", session, at(t, 1));
    const sub = await t.subscription(ours);
    const lead = await t.db.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", sub.lead_id!)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      email: "owner@shop.example",
      first_name: "Dana",
      last_name: "Client",
      status: "won",
    });
    expect((await t.documents(ours)).every((d) => d.lead_id === lead.id)).toBe(true);
    expect(
      await t.db.db.selectFrom("leads").select("id").where("email", "=", "owner@shop.example").execute(),
    ).toHaveLength(1);

    const plans = t.services.carePlans.studio;
    expect(await plans.ofLead(lead.id)).toEqual([
      expect.objectContaining({
        id: ours,
        planName: "Growth Care",
        status: "active",
        cancelAtPeriodEnd: false,
      }),
    ]);
    expect(await plans.setCancelAtPeriodEnd("another-lead", { subscriptionId: ours }, true)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await plans.setCancelAtPeriodEnd(lead.id, { subscriptionId: ours }, true)).toEqual({ ok: true });
    expect(stripe.billing.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect((await plans.ofLead(lead.id))[0]!.cancelAtPeriodEnd).toBe(true);
    const portal = await plans.portal(lead.id, { subscriptionId: ours });
    expect(portal).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//),
    });
    expect(stripe.billing.portalSessions.at(-1)).toMatchObject({
      customer: subscription.customer,
      return_url: `${SITE_URL}/studio/leads/${lead.id}`,
    });

    // The client portal's server function: only the plans billed to the address it proved.
    const carePlans = t.services.carePlans;
    expect(await carePlans.plansOfClient("OWNER@shop.example")).toEqual([
      expect.objectContaining({ id: ours }),
    ]);
    expect(await carePlans.clientBillingPortal("someone@else.example", ours)).toBeNull();
    expect(await carePlans.clientBillingPortal("owner@shop.example", ours, "/portal")).toMatch(
      /^https:\/\/billing\.stripe\.com\//,
    );
  });

  it("two checkouts for one plan finished in two tabs: one subscription each at Stripe, the second listed for the studio to cancel and refund", async () => {
    const t = await harness();
    const one = await subscribeAndPay(t, "growth", "BC", "twice@example.com");
    t.clock.now += 1_000; // the second tab, a second later
    const two = await subscribeAndPay(t, "growth", "BC", "Twice@example.com");
    t.clock.now += 1_000;
    for (const p of [one, two]) {
      await t.deliver("checkout.session.completed", p.session, at(t, 1));
      await t.deliver("invoice.paid", p.invoice, at(t, 2));
    }
    const listed = (await t.services.attention.load()).plans;
    const second = await t.subscription(two.ours);
    expect(listed).toEqual([
      expect.objectContaining({
        leadId: second.lead_id,
        detail: expect.stringContaining("subscribed twice"),
      }),
    ]);
  });
});
