import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createServices } from "../../server/services.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind } from "../helpers/databases";
import { dealRows } from "../helpers/deals";
import { randomIp } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";

const SITE_URL = "https://studio.example";
const GST_NUMBER = "123456789 RT0001";
const DAY = 86_400_000;

let smtp: FakeSmtp;
const open: { dispose(): Promise<void> }[] = [];
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
});
afterEach(async () => {
  while (open.length) await open.pop()!.dispose();
});

/** The server as a deployment wires it with the sandbox provider (no Stripe), a clock the test moves. */
async function harness() {
  const config = loadConfig({
    NODE_ENV: "test",
    SITE_URL,
    TRUST_PROXY: "true",
    PAYMENTS_PROVIDER: "sandbox",
    GST_HST_NUMBER: GST_NUMBER,
    SMTP_URL: smtp.url,
    INQUIRY_TO: "studio@example.com",
  });
  const db = await openTestDatabase();
  const { logger } = capturingLogger("warn");
  const clock = { now: Date.parse("2026-09-01T18:00:00.000Z") };
  const now = () => clock.now;
  const services = createServices({ config, database: db, logger, now, deliver: true });
  const app = createApp({ config, database: db, logger, now, services });
  const form = (path: string, body: Record<string, string>, origin = SITE_URL) =>
    app.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        "x-forwarded-for": randomIp(),
      },
      body: new URLSearchParams(body).toString(),
    });
  const t = {
    app,
    db,
    clock,
    services,
    form,
    sandbox: services.carePlans.sandbox!,
    /** From /pricing's form to the sandbox's checkout page, paid: our subscription's id. */
    async subscribe(plan: string, province: string, email = "client@example.com") {
      const res = await form("/api/care-plans/subscribe", { plan, province });
      expect(res.status).toBe(303);
      const checkout = new URL(res.headers.get("location")!);
      expect(checkout.pathname).toMatch(/^\/billing\/sandbox\/checkout\/sbx_cs_/);
      const page = await app.request(checkout.pathname);
      expect(page.status).toBe(200);
      const paid = await form(checkout.pathname, { email, name: "Dana Client" });
      expect(paid.status).toBe(200);
      const sub = await db.db
        .selectFrom("plan_subscriptions")
        .selectAll()
        .where("checkout_session_id", "=", checkout.pathname.split("/").at(-1)!)
        .executeTakeFirstOrThrow();
      return { id: sub.id, checkoutPath: checkout.pathname };
    },
    subscription: (id: string) =>
      db.db.selectFrom("plan_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    documents: (id: string) =>
      db.db.selectFrom("money_documents").selectAll().where("quote_id", "=", id).orderBy("number").execute(),
    summary: () => services.carePlans.studio.summary(clock.now),
    dispose: async () => {
      await services.outboxWorker?.stop();
      services.mailer.close();
      await db.dispose();
    },
  };
  open.push(t);
  return t;
}

describe(`care plans in the sandbox on ${testDatabaseKind}`, () => {
  it("plays a plan's life without Stripe: subscribe, renew, fail, recover, cancel, end; documents marked TEST, MRR following", async () => {
    const t = await harness();
    const { id } = await t.subscribe("growth", "BC", "sandbox@example.com");
    let sub = await t.subscription(id);
    expect(sub).toMatchObject({
      status: "active",
      email: "sandbox@example.com",
      current_period_end: "2026-10-01T18:00:00.000Z",
    });
    let docs = await t.documents(id);
    expect(docs.map((d) => [d.kind, d.number, Number(d.amount_cents)])).toEqual([
      ["invoice", "2026-0001", 14_000],
      ["receipt", "R2026-0001", 14_000],
    ]);
    // Growth at $125 in BC: GST 5% and PST 7%, to the cent, as a quote would charge.
    expect(JSON.parse(docs[0]!.taxes)).toEqual([
      expect.objectContaining({ code: "GST", cents: 625 }),
      expect.objectContaining({ code: "PST", cents: 875 }),
    ]);
    expect(JSON.parse(docs[0]!.lines)[0].label).toMatch(
      /^TEST \(sandbox, no money moved\): Growth Care care plan/,
    );
    expect(await t.summary()).toMatchObject({ plans: 1, mrrCents: 12_500, failed: 0, renewalsThisWeek: 1 });

    // The clock: nothing is due before the month is over; then the job renews it, once.
    expect(await t.sandbox.renewDue()).toBe(0);
    t.clock.now = Date.parse("2026-10-01T18:00:01.000Z");
    const [a, b] = await Promise.all([t.sandbox.renewDue(), t.sandbox.renewDue()]);
    expect(a + b).toBe(1);
    docs = await t.documents(id);
    expect(docs.map((d) => d.number)).toEqual(["2026-0001", "2026-0002", "R2026-0001", "R2026-0002"]);
    expect((await t.subscription(id)).current_period_end).toBe("2026-11-01T18:00:00.000Z");

    // The test card declines: past due, on the home's figures, one email asking for a new card.
    await t.sandbox.declineCard(id);
    t.clock.now += 31 * DAY;
    expect(await t.sandbox.renew(id)).toBe("failed");
    expect((await t.subscription(id)).status).toBe("past_due");
    expect(await t.summary()).toMatchObject({ plans: 1, mrrCents: 12_500, failed: 1 });
    expect((await t.documents(id)).length).toBe(4);

    // A new card: the open month is charged again and paid; documents for it, once.
    await t.sandbox.updateCard(id);
    await t.sandbox.updateCard(id);
    expect((await t.subscription(id)).status).toBe("active");
    expect((await t.documents(id)).map((d) => d.number)).toEqual([
      "2026-0001",
      "2026-0002",
      "2026-0003",
      "R2026-0001",
      "R2026-0002",
      "R2026-0003",
    ]);
    expect(await t.summary()).toMatchObject({ failed: 0, mrrCents: 12_500 });

    // Cancelled at the period's end: billed until then, ended after, never renewed again.
    await t.sandbox.setCancelAtPeriodEnd(id, true);
    sub = await t.subscription(id);
    expect(sub).toMatchObject({ status: "active", cancel_at_period_end: 1 });
    t.clock.now += 31 * DAY;
    expect(await t.sandbox.renew(id)).toBe("ended");
    expect((await t.subscription(id)).status).toBe("canceled");
    expect(await t.sandbox.renew(id)).toBe("nothing");
    expect(await t.summary()).toMatchObject({ plans: 0, mrrCents: 0 });
    expect((await t.documents(id)).length).toBe(6);
  });

  it("refuses a bad email beside the field, another site's form and a forged portal link, changing nothing", async () => {
    const t = await harness();
    const res = await t.form("/api/care-plans/subscribe", { plan: "essential", province: "ON" });
    const path = new URL(res.headers.get("location")!).pathname;
    const page = await t.app.request(path);
    // ON pays HST 13% on $50: $6.50, $56.50 a month.
    expect(await page.text()).toContain("$56.50");
    const bad = await t.form(path, { email: "not-an-email<script>", name: "X" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter an email address like name@example.com.");
    expect(html).not.toContain("<script>");
    expect((await t.form(path, { email: "a@example.com" }, "https://evil.example")).status).toBe(403);
    expect(await t.db.db.selectFrom("sandbox_plans").selectAll().execute()).toHaveLength(0);
    expect((await t.app.request("/billing/sandbox/portal/forged.token")).status).toBe(404);
    expect((await t.app.request("/billing/sandbox/checkout/sbx_cs_unknown")).status).toBe(404);
  });

  it("opens the sandbox portal from the client's signed link; its card update and cancellation act on that plan only", async () => {
    const t = await harness();
    const { id } = await t.subscribe("partner", "AB", "portal@example.com");
    const other = await t.subscribe("essential", "AB", "someone@example.com");
    const url = await t.services.carePlans.clientBillingPortal("portal@example.com", id, "/portal/plans");
    expect(url).toMatch(/^https:\/\/studio\.example\/billing\/sandbox\/portal\//);
    expect(await t.services.carePlans.clientBillingPortal("portal@example.com", other.id)).toBeNull();
    const path = new URL(url!).pathname;
    const page = await (await t.app.request(path)).text();
    expect(page).toContain("Renews");
    expect(page).toContain('href="https://studio.example/portal/plans"');
    const cancelled = await t.form(path, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect((await t.subscription(id)).cancel_at_period_end).toBe(1);
    expect((await t.subscription(other.id)).cancel_at_period_end).toBe(0);
    // The link lasts an hour, as Stripe's portal sessions are short-lived.
    t.clock.now += 2 * 60 * 60_000;
    expect((await t.app.request(path)).status).toBe(404);
    // Alberta: GST only.
    const docs = await t.documents(id);
    expect(JSON.parse(docs[0]!.taxes)).toEqual([expect.objectContaining({ code: "GST", cents: 1_500 })]);
  });

  it("changes plan in the sandbox portal as Stripe's does: nothing charged now, the plan shown at once, the next renewal billing it", async () => {
    const t = await harness();
    const { id } = await t.subscribe("growth", "BC", "change@example.com");
    const leadId = (await t.subscription(id)).lead_id!;
    // The studio opens the portal from the lead's page, as the client does from theirs.
    const opened = await t.services.carePlans.studio.portal(leadId, { subscriptionId: id });
    expect(opened).toMatchObject({ ok: true, url: expect.stringContaining("/billing/sandbox/portal/") });
    const path = new URL((opened as { url: string }).url).pathname;
    const page = await (await t.app.request(path)).text();
    expect(page).toContain("<dt>Plan</dt><dd>Growth Care</dd>");
    expect(page).toContain('<option value="partner">Partner Care, $300.00/month</option>');
    expect(page).not.toContain('<option value="growth">');

    // A plan not offered (retired, unknown) is refused, nothing changes.
    await t.services.carePlans.plans.retire("essential");
    expect((await t.form(path, { intent: "change-plan", plan: "essential" })).status).toBe(400);
    expect((await t.form(path, { intent: "change-plan", plan: "<b>x</b>" })).status).toBe(400);
    expect(
      (await t.form(path, { intent: "change-plan", plan: "partner" }, "https://evil.example")).status,
    ).toBe(403);
    expect((await t.subscription(id)).plan_id).toBe("growth");

    const changed = await t.form(path, { intent: "change-plan", plan: "partner" });
    expect(changed.status).toBe(303);
    expect(await (await t.app.request(changed.headers.get("location")!)).text()).toContain(
      "the next renewal bills the new plan",
    );
    const sub = await t.subscription(id);
    expect(sub).toMatchObject({
      plan_id: "partner",
      status: "active",
      current_period_end: "2026-10-01T18:00:00.000Z",
    });
    expect(Number(sub.price_cents)).toBe(30_000);
    expect((await t.documents(id)).length).toBe(2); // nothing charged now
    expect(await t.summary()).toMatchObject({ plans: 1, mrrCents: 30_000 });
    expect(await t.services.carePlans.studio.ofLead(leadId)).toEqual([
      expect.objectContaining({ planName: "Partner Care", priceCents: 30_000, changeHours: 4 }),
    ]);
    const timeline = await t.db.db
      .selectFrom("lead_activity")
      .select("body")
      .where("lead_id", "=", leadId)
      .where("kind", "=", "plan-changed")
      .execute();
    expect(timeline.map((r) => r.body)).toEqual([
      "Care plan changed at Stripe from Growth Care to Partner Care at $300.00 a month before tax.",
    ]);

    // The next month: Partner Care's price with BC's GST and PST, marked TEST.
    t.clock.now += 31 * DAY;
    expect(await t.sandbox.renew(id)).toBe("paid");
    const renewal = (await t.documents(id)).filter((d) => d.number.endsWith("0002"));
    expect(renewal.map((d) => Number(d.amount_cents))).toEqual([33_600, 33_600]);
    expect(JSON.parse(renewal[0]!.lines)[0].label).toMatch(
      /^TEST \(sandbox, no money moved\): Partner Care care plan/,
    );
    expect(JSON.parse(renewal[0]!.taxes)).toEqual([
      expect.objectContaining({ code: "GST", cents: 1_500 }),
      expect.objectContaining({ code: "PST", cents: 2_100 }),
    ]);
    expect((await t.subscription(id)).plan_id).toBe("partner");
  });

  it("deleting the plan's lead clears the name and address its subscription kept; the documents stay", async () => {
    const t = await harness();
    const { id } = await t.subscribe("growth", "BC", "forget@example.com");
    const sub = await t.subscription(id);
    expect(sub.lead_id).not.toBeNull();
    expect(await t.services.privacy.delete(sub.lead_id!)).toBe(true);
    const after = await t.subscription(id);
    expect(after).toMatchObject({ email: null, name: null, status: "active" });
    expect(after.stripe_subscription_id).toBe(sub.stripe_subscription_id);
    expect((await t.documents(id)).length).toBe(2);
    expect(await t.services.carePlans.plansOfClient("forget@example.com")).toEqual([]);
  });

  it("hours the studio logs are the figure the client's portal shows, this month only", async () => {
    const t = await harness();
    const { id } = await t.subscribe("growth", "BC", "hours@example.com");
    const admin = t.services.carePlans.studio.admin;
    expect(
      await admin.logHours(
        { subscriptionId: id, workedOn: "2026-09-01", hours: "1.25", note: "" },
        "studio@example.com",
      ),
    ).toMatchObject({ ok: true, minutes: 75 });
    expect(
      await admin.logHours(
        { subscriptionId: id, workedOn: "2026-08-31", hours: "2", note: "" },
        "studio@example.com",
      ),
    ).toMatchObject({ ok: true });
    expect(
      await admin.logHours(
        { subscriptionId: crypto.randomUUID(), workedOn: "2026-09-01", hours: "1" },
        "studio@example.com",
      ),
    ).toMatchObject({ ok: false, status: 404 });
    const [mine] = await t.services.carePlans.plansOfClient("HOURS@example.com");
    expect(mine).toMatchObject({ usedMinutes: 75, changeHours: 1 });
    expect((await admin.list()).find((p) => p.id === id)).toMatchObject({
      usedMinutes: 75,
      client: "Dana Client",
    });
    t.clock.now += 31 * DAY;
    expect((await t.services.carePlans.plansOfClient("hours@example.com"))[0]!.usedMinutes).toBe(0);
  });

  it("a plan on a quote: set until accepted, at the quote's price, started once the balance is paid, on the quote's lead", async () => {
    const t = await harness();
    const deals = dealRows(t.db, { now: t.clock.now });
    const leadId = await deals.lead({ email: "quoted@example.com", lastName: "Quoted" });
    const token = randomBytes(32).toString("base64url");
    const quoteId = await deals.quote(leadId, { token, tax_province: "ON" });
    const qp = t.services.carePlans.quotePlans;
    expect(await qp.setOnQuote(leadId, { quoteId, carePlan: "nope" }, "studio@example.com")).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await qp.setOnQuote(crypto.randomUUID(), { quoteId, carePlan: "growth" }, "studio@example.com"),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await qp.setOnQuote(leadId, { quoteId, carePlan: "growth" }, "studio@example.com")).toMatchObject({
      ok: true,
    });
    expect(await qp.ofQuotePage(token)).toEqual({ name: "Growth Care", priceCents: 12_500, state: "later" });
    // A later price change does not reach the quote.
    await t.services.carePlans.plans.save({
      id: "growth",
      name: "Growth Care",
      priceCents: 15_000,
      included: ["Hosting"],
      changeHours: 1,
    });
    expect((await qp.ofQuotePage(token))!.priceCents).toBe(12_500);
    // Not before the balance is paid.
    expect(await qp.start(token, { clientIp: "203.0.113.9" })).toMatchObject({ ok: false, status: 400 });
    await t.db.db.updateTable("quotes").set({ status: "paid" }).where("id", "=", quoteId).execute();
    // Accepted and paid: the plan no longer changes.
    expect(await qp.setOnQuote(leadId, { quoteId, carePlan: "" }, "studio@example.com")).toMatchObject({
      ok: false,
      status: 400,
    });
    expect((await qp.ofQuotePage(token))!.state).toBe("startable");
    const opened = await qp.start(token, { clientIp: "203.0.113.9" });
    expect(opened).toMatchObject({ ok: true });
    const path = new URL((opened as { url: string }).url).pathname;
    // Ontario: HST 13% on the quote's $125.
    expect(await (await t.app.request(path)).text()).toContain("$141.25");
    expect((await t.form(path, { email: "quoted@example.com", name: "Ada Quoted" })).status).toBe(200);
    const sub = await t.db.db
      .selectFrom("plan_subscriptions")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ lead_id: leadId, price_cents: 12_500, province: "ON", status: "active" });
    expect((await qp.ofQuotePage(token))!.state).toBe("started");
    expect(await qp.start(token, { clientIp: "203.0.113.9" })).toMatchObject({ ok: false, status: 400 });
    // No second lead: the plan is on the quote's.
    expect(
      await t.db.db.selectFrom("leads").select("id").where("email", "=", "quoted@example.com").execute(),
    ).toHaveLength(1);
    const docs = await t.documents(sub.id);
    expect(JSON.parse(docs[0]!.taxes)).toEqual([expect.objectContaining({ code: "HST", cents: 1_625 })]);
  });
});
