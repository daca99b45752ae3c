import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";

import { createQuoteRefunds, REFUND_STUCK_AFTER_MS } from "../../server/billing/refunds.server";
import { documentStamp } from "../../server/documents/stamp.server";
import {
  INQUIRY_ACK_EMAIL,
  INQUIRY_EMAIL,
  inquiryDeliveryHandlers,
} from "../../server/inquiries/notifications.server";
import { PAYMENT_EMAIL, paymentDeliveryHandlers } from "../../server/payments/notifications.server";
import { runQuoteCommand } from "../../server/quotes/cli.server";
import {
  AGREEMENT_CLIENT_EMAIL,
  AGREEMENT_COMPANY_EMAIL,
  QUOTE_BALANCE_EMAIL,
  QUOTE_EMAIL,
  quoteDeliveryHandlers,
  RECEIPT_EMAIL,
  REFUND_NOTICE_EMAIL,
} from "../../server/quotes/notifications.server";
import { createLeadQuotes } from "../../server/quotes/studio.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { postSignedEvent, startFakeStripeApi, type FakeStripeApi } from "../fakes/stripe-api";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { paymentsWithRefunds } from "../helpers/flagged-refunds";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";
import { mailedQuoteWiring } from "../helpers/quotes";

const WEBHOOK_SECRET = "whsec_test_cascadia_quotes";
/** What the client types on the quote page to sign (a deposit or full payment needs it). */
const SIGNATURE = { legalName: "Ada Lovelace", agree: "on" };
const SITE_URL = "https://studio.example";

/**
 * The app with Stripe (the local fake), a real SMTP server in process and the
 * outbox worker with every channel, on a fresh database; quotes are created
 * and sent through the studio's service (as the CLI and back office do), paid
 * through the client's checkout, settled by signed webhooks.
 */
async function harness(stripe: FakeStripeApi, smtp: FakeSmtp, provider: "stripe" | "sandbox" = "stripe") {
  const database: TestDatabase = await openTestDatabase();
  // Kept, so a test can count what happened once (a settled refund).
  const { logger, lines: logLines } = capturingLogger("info");
  // The app, the studio's side and the client's (the /quote/:token page) on one database and clock.
  const wiring = mailedQuoteWiring({
    database,
    smtp,
    stripe,
    logger,
    start: Date.now(),
    env: {
      SITE_URL,
      PAYMENTS_PROVIDER: provider,
      STRIPE_SECRET_KEY: "sk_test_cascadia",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GST_HST_NUMBER: "123456789 RT0001",
    },
    deliveries: [inquiryDeliveryHandlers, paymentDeliveryHandlers, quoteDeliveryHandlers],
  });
  const { config, clock, timeline, payments, studio, client, app, worker, now, newLead } = wiring;
  // The back office's lead page (refunds are made there).
  // A flagged payment's refund is the refunds room's (decision 0045), asked from the same lead page.
  const refunds = createQuoteRefunds({ database, payments: payments.service, timeline, logger, now });
  const leadQuotes = Object.assign(
    createLeadQuotes({ database, service: studio, now, documents: documentStamp(config) }),
    {
      refund: (leadId: string, paymentId: string) =>
        refunds.refundFlagged(leadId, paymentId, "owner@studio.example"),
    },
  );

  async function sentQuote(
    input: { amountCents?: number; depositPercent?: number; expiresInDays?: number; note?: string } = {},
  ) {
    const sent = await wiring.sentQuote(
      {
        packageType: "pro",
        amountCents: input.amountCents ?? 123456,
        depositPercent: input.depositPercent,
        expiresInDays: input.expiresInDays,
      },
      { note: input.note },
    );
    return { ...sent, token: sent.quote.token };
  }

  function webhook(sessionId: string, amount: number, id = `evt_${Math.random().toString(36).slice(2)}`) {
    // As Stripe sends it once the customer paid: the session is complete, with its payment_intent.
    if (stripe.sessions.has(sessionId)) stripe.setPaymentStatus(sessionId, "paid");
    const paymentIntent = stripe.sessions.get(sessionId)?.payment_intent ?? null;
    return signedEvent(id, "checkout.session.completed", {
      id: sessionId,
      object: "checkout.session",
      amount_total: amount,
      currency: "cad",
      payment_status: "paid",
      payment_intent: paymentIntent,
      metadata: {},
    });
  }

  /** Stripe's charge.refunded for the charge of a payment_intent (a whole refund). */
  function chargeRefunded(paymentIntent: string, id = `evt_${Math.random().toString(36).slice(2)}`) {
    return signedEvent(id, "charge.refunded", {
      id: `ch_${paymentIntent.slice(3)}`,
      object: "charge",
      payment_intent: paymentIntent,
      refunded: true,
      amount_refunded: 1,
      metadata: {},
    });
  }

  const signedEvent = (id: string, type: string, object: Record<string, unknown>) =>
    postSignedEvent(app, WEBHOOK_SECRET, { id, type, created: clock.now, object });

  async function pay(token: string) {
    const result = await client.pay(token, { clientIp: randomIp() }, SIGNATURE);
    if (!result.ok) return { result, request: undefined };
    return {
      result,
      request: stripe.requests.findLast((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!,
    };
  }

  const quoteRow = (id: string) =>
    database.db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const quotePayments = (quoteId: string) =>
    paymentsWithRefunds(database.db).where("quote_id", "=", quoteId).orderBy("created_at").execute();
  // The lead's timeline (the studio's lead_activity).
  const events = (inquiryId: string) =>
    database.db
      .selectFrom("lead_activity")
      .selectAll()
      .where("lead_id", "=", inquiryId)
      .orderBy("created_at")
      .execute();
  const leadStatus = async (inquiryId: string) =>
    (
      await database.db
        .selectFrom("leads")
        .select("status")
        .where("id", "=", inquiryId)
        .executeTakeFirstOrThrow()
    ).status;

  return {
    app,
    config,
    database,
    clock,
    worker,
    studio,
    client,
    newLead,
    sentQuote,
    webhook,
    chargeRefunded,
    signedEvent,
    leadQuotes,
    refunds,
    payments,
    logLines,
    pay,
    quoteRow,
    quotePayments,
    events,
    leadStatus,
    async dispose() {
      await wiring.stop();
      await database.dispose();
    },
  };
}

type Harness = Awaited<ReturnType<typeof harness>>;

describe(`quotes on ${testDatabaseKind} with Stripe (fake API) and SMTP`, () => {
  let stripe: FakeStripeApi;
  let smtp: FakeSmtp;
  let t: Harness;
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await stripe.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    t = await harness(stripe, smtp);
    smtp.messages.length = 0;
  });
  afterEach(async () => {
    await t.dispose();
  });

  it("fixes a 1,234.56 quote with a 50% deposit at 617.28 + 617.28, and an odd total's deposit rounds to the cent", async () => {
    const { quote } = await t.sentQuote({ depositPercent: 50 });
    expect([quote.total_cents, quote.deposit_cents]).toEqual([123456, 61728]);
    const odd = await t.sentQuote({ amountCents: 100001, depositPercent: 33 });
    // 100001 × 0.33 = 33000.33 → 33000; the balance takes the rest so both add up to the total.
    expect(odd.quote.deposit_cents).toBe(33000);
  });

  it("deposit then balance: two payments at the fixed amounts, the quote ends paid in full and the lead Won once", async () => {
    const { quote, token, inquiryId } = await t.sentQuote({ depositPercent: 50 });
    // The page shows it as sent; its script then reports that a person's browser showed it (issue 37).
    expect((await t.client.view(token))?.status).toBe("sent");
    expect(
      await t.client.seen(token, {
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      }),
    ).toBe(true);
    expect((await t.client.view(token))?.status).toBe("viewed");

    const deposit = await t.pay(token);
    expect(deposit.result.ok).toBe(true);
    // What Stripe is asked for: the stored deposit, with the quote and lead in the metadata.
    expect(deposit.request?.params).toMatchObject({
      "line_items[0][price_data][unit_amount]": "61728",
      "metadata[quote_id]": quote.id,
      "metadata[lead_id]": inquiryId,
      "metadata[kind]": "deposit",
      "payment_intent_data[metadata][quote_id]": quote.id,
      cancel_url: `${SITE_URL}/quote/${token}`,
    });
    expect((await t.quoteRow(quote.id)).status).toBe("accepted");
    const [first] = await t.quotePayments(quote.id);
    expect(first).toMatchObject({
      amount_cents: 61728,
      kind: "deposit",
      lead_id: inquiryId,
      status: "pending",
    });

    // The same webhook delivered twice settles once.
    const event = `evt_dep_${quote.id.slice(0, 8)}`;
    expect((await t.webhook(first!.provider_session_id!, 61728, event)).status).toBe(200);
    expect((await t.webhook(first!.provider_session_id!, 61728, event)).status).toBe(200);
    expect((await t.quoteRow(quote.id)).status).toBe("deposit_paid");

    // Nothing is due until the studio asks for the balance.
    const early = await t.pay(token);
    expect(early.result).toMatchObject({ ok: false, status: 409 });
    const asked = await t.studio.send(quote.id, "owner@studio.example");
    expect(asked.ok).toBe(true);
    expect((await t.studio.send(quote.id, "owner@studio.example")).ok).toBe(false);

    const balance = await t.pay(token);
    expect(balance.request?.params).toMatchObject({
      "line_items[0][price_data][unit_amount]": "61728",
      "metadata[kind]": "balance",
    });
    const second = (await t.quotePayments(quote.id))[1]!;
    expect((await t.webhook(second.provider_session_id!, 61728)).status).toBe(200);

    const final = await t.quoteRow(quote.id);
    expect(final.status).toBe("paid");
    const paid = await t.quotePayments(quote.id);
    expect(paid.map((p) => [p.kind, p.status, p.amount_cents])).toEqual([
      ["deposit", "paid", 61728],
      ["balance", "paid", 61728],
    ]);
    expect(paid.reduce((s, p) => s + p.amount_cents, 0)).toBe(final.total_cents);
    // The studio's timeline; the test clock stands still, so the steps share one time and are compared as a set.
    const timeline = (await t.events(inquiryId)).map((e) =>
      e.kind === "status"
        ? `status:${e.from_status}->${e.to_status}:${e.actor_email}`
        : `${e.kind}:${e.body!.replace(/ \(payment .*\)/, "")}:${e.actor_email}`,
    );
    const ref = `Q-${quote.id.slice(0, 8).toUpperCase()}`;
    expect(timeline.sort()).toEqual(
      [
        `quote-created:${ref} created:owner@studio.example`,
        `quote-sent:${ref} sent:owner@studio.example`,
        "status:new->quoted:owner@studio.example",
        `quote-viewed:${ref} viewed:client`,
        `quote-signed:${ref} accepted and signed by Ada Lovelace:client`,
        `quote-deposit_paid:${ref} deposit paid:client`,
        "status:quoted->won:system",
        `quote-balance-requested:${ref} balance requested:owner@studio.example`,
        `quote-paid:${ref} paid in full:client`,
      ].sort(),
    );
    expect(await t.leadStatus(inquiryId)).toBe("won");
    // A paid quote shows its receipt and offers nothing more to pay.
    const view = await t.client.view(token);
    expect(view?.due).toBeNull();
    expect(view?.payments.map((p) => p.amountCents)).toEqual([61728, 61728]);
  });

  it("without a deposit, 'Accept and pay' charges the whole total once", async () => {
    const { quote, token } = await t.sentQuote();
    const { request } = await t.pay(token);
    expect(request?.params).toMatchObject({
      "line_items[0][price_data][unit_amount]": "123456",
      "metadata[kind]": "full",
    });
    const [p] = await t.quotePayments(quote.id);
    await t.webhook(p!.provider_session_id!, 123456);
    expect((await t.quoteRow(quote.id)).status).toBe("paid");
  });

  it("an expired quote cannot be paid: no payment, no checkout, and it says expired", async () => {
    const { quote, token } = await t.sentQuote({ depositPercent: 50, expiresInDays: 1 });
    const calls = stripe.requests.length;
    t.clock.now += 86_400_000 + 1;
    const result = await t.client.pay(token, { clientIp: randomIp() }, SIGNATURE);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(await t.quotePayments(quote.id)).toEqual([]);
    expect(stripe.requests.length).toBe(calls);
    expect((await t.client.view(token))?.status).toBe("expired");
    expect((await t.quoteRow(quote.id)).status).toBe("expired");
    const expired = (await t.events(quote.lead_id)).filter((e) => e.kind === "quote-expired");
    expect(expired.map((e) => e.actor_email)).toEqual(["system"]);
  });

  it("a withdrawn quote cannot be paid, and a paid one cannot be withdrawn", async () => {
    const { quote, token } = await t.sentQuote();
    expect((await t.studio.withdraw(quote.id, "owner@studio.example")).ok).toBe(true);
    expect(await t.client.pay(token, { clientIp: randomIp() }, SIGNATURE)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect((await t.client.view(token))?.status).toBe("withdrawn");

    const other = await t.sentQuote();
    await t.pay(other.token);
    const [p] = await t.quotePayments(other.quote.id);
    await t.webhook(p!.provider_session_id!, 123456);
    expect(await t.studio.withdraw(other.quote.id, "owner@studio.example")).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("the client cannot set the amount: the JSON API's own amount makes an unlinked payment and leaves the quote as it was", async () => {
    const { quote, token } = await t.sentQuote({ depositPercent: 50 });
    const res = await t.app.request("/api/create-payment", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        amount: 1,
        packageType: "pro",
        quote: token,
        quoteId: quote.id,
        kind: "balance",
        amountCents: 1,
      }),
    });
    expect(res.status).toBe(200);
    const stray = await t.database.db
      .selectFrom("payments")
      .selectAll()
      .where("amount_cents", "=", 100)
      .executeTakeFirstOrThrow();
    expect([stray.quote_id, stray.lead_id, stray.kind]).toEqual([null, null, null]);
    // Paying it settles nothing on the quote.
    await t.webhook(stray.provider_session_id!, 100);
    expect((await t.quoteRow(quote.id)).status).toBe("sent");
    expect(await t.quotePayments(quote.id)).toEqual([]);
  });

  it("the page's form post from another site opens no checkout", async () => {
    const { quote, token } = await t.sentQuote();
    const request = new Request(`${SITE_URL}/quote/${token}`, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(await t.client.payRequest(request, token, { clientIp: randomIp() })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await t.quotePayments(quote.id)).toEqual([]);
    expect((await t.quoteRow(quote.id)).status).toBe("sent");
  });

  it("unknown, malformed and draft tokens show nothing and pay nothing", async () => {
    const lead = await t.newLead();
    const draft = await t.studio.create(
      { inquiryId: lead, packageType: "basic", amountCents: 50000 },
      "owner@studio.example",
    );
    if (!draft.ok) throw new Error(draft.error);
    for (const token of [draft.value.quote.token, "x".repeat(43), "short", "../../etc/passwd"]) {
      expect(await t.client.view(token)).toBeUndefined();
      expect(await t.client.pay(token, { clientIp: randomIp() }, SIGNATURE)).toMatchObject({
        ok: false,
        status: 404,
      });
    }
    expect(draft.value.quote.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("delivers each email exactly once, with SMTP down then back: quote, receipts, balance request, studio notices", async () => {
    await smtp.stop();
    // The studio's note, written when sending (issue 38): stored with the send, so a retry hours later carries it.
    const note = "Lovely to meet you on Tuesday.\nAs promised: <the shop> waits for phase two & no rush.";
    const { quote, token, inquiryId } = await t.sentQuote({ depositPercent: 50, note });
    await t.pay(token);
    const [dep] = await t.quotePayments(quote.id);
    await t.webhook(dep!.provider_session_id!, 61728);
    await t.studio.send(quote.id, "owner@studio.example");
    await t.pay(token);
    const bal = (await t.quotePayments(quote.id))[1]!;
    await t.webhook(bal.provider_session_id!, 61728);

    // Down: every attempt fails and stays queued.
    const down = await t.worker.runOnce();
    expect(down.delivered).toBe(0);
    expect(down.retry).toBeGreaterThan(0);
    expect(smtp.messages).toHaveLength(0);

    await smtp.restart();
    let delivered = 0;
    for (let i = 0; i < 5; i++) {
      t.clock.now += 60 * 60_000;
      delivered += (await t.worker.runOnce()).delivered;
    }
    const rows = await t.database.db.selectFrom("outbox").select(["channel", "status"]).execute();
    const byChannel = (c: string) => rows.filter((r) => r.channel === c);
    expect(byChannel(INQUIRY_EMAIL)).toHaveLength(1);
    expect(byChannel(INQUIRY_ACK_EMAIL)).toHaveLength(1);
    expect(byChannel(QUOTE_EMAIL)).toHaveLength(1);
    expect(byChannel(QUOTE_BALANCE_EMAIL)).toHaveLength(1);
    expect(byChannel(RECEIPT_EMAIL)).toHaveLength(2);
    expect(byChannel(PAYMENT_EMAIL)).toHaveLength(2);
    // The signed agreement: one to the client, one to the studio.
    expect(byChannel(AGREEMENT_CLIENT_EMAIL)).toHaveLength(1);
    expect(byChannel(AGREEMENT_COMPANY_EMAIL)).toHaveLength(1);
    expect(rows.every((r) => r.status === "delivered")).toBe(true);
    expect(delivered).toBe(10);
    expect(smtp.messages).toHaveLength(10);

    const parsed = await Promise.all(smtp.messages.map((m) => simpleParser(m.raw)));
    const to = (address: string) =>
      parsed.filter((p) => p.to && !Array.isArray(p.to) && p.to.value[0]?.address === address);
    const client = to(validInquiry.email);
    expect(client.map((m) => m.subject).sort()).toEqual(
      [
        "We received your inquiry: Cascadia Web Studio",
        `Your quote Q-${quote.id.slice(0, 8).toUpperCase()} from Cascadia Web Studio`,
        `Balance due on quote Q-${quote.id.slice(0, 8).toUpperCase()}: $617.28 CAD`,
        `Receipt: $617.28 CAD for quote Q-${quote.id.slice(0, 8).toUpperCase()}`,
        `Receipt: $617.28 CAD for quote Q-${quote.id.slice(0, 8).toUpperCase()}`,
        `Your signed agreement for quote Q-${quote.id.slice(0, 8).toUpperCase()}`,
      ].sort(),
    );
    for (const m of client) {
      // Every client email is HTML with a plain-text alternative.
      expect(m.html).toBeTruthy();
      expect(m.text).toBeTruthy();
    }
    const quoteMail = client.find((m) => m.subject?.startsWith("Your quote"))!;
    expect(quoteMail.text).toContain(`${SITE_URL}/quote/${token}`);
    expect(quoteMail.text).toContain(note);
    expect(quoteMail.html).toContain("&lt;the shop&gt; waits for phase two &amp; no rush.");
    expect(quoteMail.html).not.toContain("<the shop>");
    // Only the quote's own email: the balance request does not repeat it.
    const balanceMail = client.find((m) => m.subject?.startsWith("Balance due"))!;
    expect(balanceMail.text).not.toContain("Lovely to meet you");
    const receipts = client.filter((m) => m.subject?.startsWith("Receipt"));
    expect(receipts.map((m) => /Remaining balance\s+(.+)/.exec(m.text!)?.[1]).sort()).toEqual([
      "$617.28 CAD",
      "Nothing: paid in full",
    ]);
    const notices = to("studio@example.com").filter((m) => m.subject?.startsWith("Payment received"));
    expect(notices).toHaveLength(2);
    for (const n of notices) {
      // The client by name, not the lead's id (issue 37).
      expect(n.subject).toContain(`from ${validInquiry.firstName} ${validInquiry.lastName}`);
      expect(n.text).toContain(
        `Client:    ${validInquiry.firstName} ${validInquiry.lastName}, ${validInquiry.company}`,
      );
      expect(n.text).not.toContain(`Lead:      ${inquiryId}`);
      expect(n.text).toContain(`Lead page: ${SITE_URL}/studio/leads/${inquiryId}`);
    }

    // Nothing more to send on later passes.
    t.clock.now += 24 * 60 * 60_000;
    expect((await t.worker.runOnce()).claimed).toBe(0);
    expect(smtp.messages).toHaveLength(10);
  });

  it("a submission taken as spam queues no email at all", async () => {
    const res = await t.app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ ...validInquiry, botcheck: "filled" }),
    });
    expect(res.status).toBeLessThan(300);
    expect(await t.database.db.selectFrom("outbox").selectAll().execute()).toEqual([]);
  });

  it("the CLI creates a quote and prints its link, and refuses bad arguments with a clear message, storing nothing", async () => {
    const lead = await t.newLead();
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const code = await runQuoteCommand(
      [
        "create",
        "--inquiry",
        lead,
        "--package",
        "pro",
        "--amount",
        "1234.56",
        "--deposit",
        "50",
        "--expires-days",
        "14",
        "--line",
        "Extra pages:150:GST",
        "--package-tax",
        "GST",
      ],
      t.studio,
      io,
    );
    expect(code, err.join("\n")).toBe(0);
    const link = out.find((l) => l.startsWith("Link: "))!.slice(6);
    expect(link).toMatch(new RegExp(`^${SITE_URL}/quote/[A-Za-z0-9_-]{43}$`));
    const [q] = await t.studio.list({ inquiryId: lead });
    // 1234.56 + 150 = 1384.56; GST 5% = 69.23; total 1453.79; deposit 726.90 (726.895 rounded).
    expect([q!.subtotal_cents, q!.tax_cents, q!.total_cents, q!.deposit_cents, q!.status]).toEqual([
      138456,
      6923,
      145379,
      72690,
      "draft",
    ]);

    for (const bad of [
      ["create", "--inquiry", lead, "--package", "gold", "--amount", "10"],
      ["create", "--inquiry", lead, "--package", "pro", "--amount", "12.345"],
      ["create", "--inquiry", lead, "--package", "pro", "--amount", "100", "--deposit", "150"],
      ["create", "--inquiry", lead, "--package", "pro", "--amount", "100", "--line", "no amount"],
      ["create", "--inquiry", lead, "--package", "pro", "--amount", "100", "--line", "Logo:50:VAT"],
      // HST is for a client in an HST province, PST for one in BC.
      [
        "create",
        "--inquiry",
        lead,
        "--package",
        "pro",
        "--amount",
        "100",
        "--province",
        "BC",
        "--package-tax",
        "HST",
      ],
      [
        "create",
        "--inquiry",
        lead,
        "--package",
        "pro",
        "--amount",
        "100",
        "--province",
        "ON",
        "--package-tax",
        "GST+PST",
      ],
      ["create", "--inquiry", "no-such-lead", "--package", "pro", "--amount", "100"],
      ["create", "--package", "pro", "--amount", "100", "--bogus"],
      ["frobnicate"],
    ]) {
      err.length = 0;
      expect(await runQuoteCommand(bad, t.studio, io), bad.join(" ")).toBeGreaterThan(0);
      expect(err.join("\n").length).toBeGreaterThan(10);
    }
    expect(await t.studio.list()).toHaveLength(1);
    expect(await runQuoteCommand(["send", q!.id], t.studio, io)).toBe(0);
    expect(await runQuoteCommand(["list"], t.studio, io)).toBe(0);
    expect(out.at(-1)).toContain("Sent");
  });

  // Money tied to the quote's state (issue 27, item 2): one open checkout per stage, closed on withdraw
  // and expiry, and money that still arrives late or twice kept and flagged for a refund.
  const sessionCreates = () =>
    stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;
  const expireCalls = (sessionId: string) =>
    stripe.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${sessionId}/expire`,
    ).length;
  const outboxOf = async (paymentId: string) =>
    (await t.database.db.selectFrom("outbox").select("channel").where("subject_id", "=", paymentId).execute())
      .map((r) => r.channel)
      .sort();
  async function clientMail() {
    for (let i = 0; i < 3; i++) await t.worker.runOnce();
    const parsed = await Promise.all(smtp.messages.map((m) => simpleParser(m.raw)));
    return parsed.filter(
      (p) => p.to && !Array.isArray(p.to) && p.to.value[0]?.address === validInquiry.email,
    );
  }

  it("two tabs racing on one stage open one checkout: parallel posts all get the same Stripe session", async () => {
    const { quote, token } = await t.sentQuote({ depositPercent: 50 });
    const before = sessionCreates();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.client.pay(token, { clientIp: randomIp() }, SIGNATURE)),
    );
    expect(results.map((r) => r.ok)).toEqual(Array(6).fill(true));
    expect(new Set(results.map((r) => (r.ok ? r.url : r.error))).size).toBe(1);
    expect(sessionCreates() - before).toBe(1);
    expect((await t.quotePayments(quote.id)).map((p) => [p.kind, p.status])).toEqual([
      ["deposit", "pending"],
    ]);
    // A later click (another tab) while it is open reuses it too.
    const again = await t.client.pay(token, { clientIp: randomIp() }, SIGNATURE);
    expect(again.ok && again.url).toBe(results[0]!.ok && results[0]!.url);
    expect(sessionCreates() - before).toBe(1);
  });

  it("a checkout past its own expiry is replaced, never reused; the old session is expired at Stripe", async () => {
    const { quote, token } = await t.sentQuote({ depositPercent: 50 });
    const first = await t.pay(token);
    t.clock.now += 61 * 60_000;
    const second = await t.pay(token);
    expect(second.result.ok && second.result.url).not.toBe(first.result.ok && first.result.url);
    const [old, fresh] = await t.quotePayments(quote.id);
    expect(old).toMatchObject({ status: "failed", failure_reason: "checkout expired" });
    expect(fresh).toMatchObject({ status: "pending", kind: "deposit" });
    expect(stripe.sessions.get(old!.provider_session_id!)?.status).toBe("expired");
  });

  it("a stage's checkout left without a session (its process died while opening it) does not block the stage for good", async () => {
    const { quote, token, inquiryId } = await t.sentQuote({ depositPercent: 50 });
    const stuck = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.database.db
      .insertInto("payments")
      .values({
        id: "stuck-1",
        package: "pro",
        amount_cents: 61728,
        currency: "cad",
        status: "pending",
        provider: "stripe",
        provider_session_id: null,
        idempotency_key: "payment-stuck-1",
        failure_reason: null,
        created_at: stuck,
        updated_at: stuck,
        paid_at: null,
        failed_at: null,
        quote_id: quote.id,
        lead_id: inquiryId,
        kind: "deposit",
      })
      .execute();
    const opened = await t.client.pay(token, { clientIp: randomIp() }, SIGNATURE);
    expect(opened.ok).toBe(true);
    expect((await t.quotePayments(quote.id)).map((p) => [p.id === "stuck-1", p.status])).toEqual([
      [true, "failed"],
      [false, "pending"],
    ]);
  });

  it("withdraw with a checkout open: the session is expired at Stripe; a payment that still arrives is kept, flagged for a refund", async () => {
    const { quote, token, inquiryId } = await t.sentQuote({ depositPercent: 50 });
    await t.pay(token);
    const [open] = await t.quotePayments(quote.id);
    const sid = open!.provider_session_id!;
    expect((await t.studio.withdraw(quote.id, "owner@studio.example")).ok).toBe(true);
    expect(expireCalls(sid)).toBe(1);
    expect(stripe.sessions.get(sid)?.status).toBe("expired");
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      status: "failed",
      failure_reason: "quote withdrawn",
    });

    // The customer completed the checkout as it closed: Stripe reports it paid after the withdrawal.
    expect((await t.webhook(sid, 61728)).status).toBe(200);
    const [late] = await t.quotePayments(quote.id);
    expect(late).toMatchObject({ status: "paid", refund_status: "needed", refund_reason: "withdrawn" });
    expect((await t.quoteRow(quote.id)).status).toBe("withdrawn");
    expect(await t.leadStatus(inquiryId)).toBe("quoted");
    expect(await outboxOf(late!.id)).toEqual([PAYMENT_EMAIL, REFUND_NOTICE_EMAIL].sort());
    // The quote page lists no receipt for it.
    expect((await t.client.view(token))?.payments).toEqual([]);
  });

  it("a checkout paid just as the quote is withdrawn is found at Stripe on withdraw and flagged for a refund", async () => {
    const { quote, token } = await t.sentQuote();
    await t.pay(token);
    const [open] = await t.quotePayments(quote.id);
    stripe.setPaymentStatus(open!.provider_session_id!, "paid");
    expect((await t.studio.withdraw(quote.id, "owner@studio.example")).ok).toBe(true);
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      status: "paid",
      refund_status: "needed",
      refund_reason: "withdrawn",
    });
    // Stripe's own webhook afterwards changes nothing more.
    expect((await t.webhook(open!.provider_session_id!, 123456)).status).toBe(200);
    expect(await outboxOf(open!.id)).toEqual([PAYMENT_EMAIL, REFUND_NOTICE_EMAIL].sort());
  });

  it("expiry with a checkout open: the page's load expires the quote and its session; nothing more can be paid", async () => {
    const { quote, token } = await t.sentQuote({ depositPercent: 50, expiresInDays: 1 });
    await t.pay(token);
    const [open] = await t.quotePayments(quote.id);
    t.clock.now += 86_400_000 + 1;
    expect((await t.client.view(token))?.status).toBe("expired");
    expect(stripe.sessions.get(open!.provider_session_id!)?.status).toBe("expired");
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      status: "failed",
      failure_reason: "quote expired",
    });
    const before = sessionCreates();
    expect(await t.client.pay(token, { clientIp: randomIp() }, SIGNATURE)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(sessionCreates()).toBe(before);
    // Money that arrives anyway is kept and flagged, not counted as the deposit.
    await t.webhook(open!.provider_session_id!, 61728);
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      status: "paid",
      refund_status: "needed",
      refund_reason: "expired",
    });
    expect((await t.quoteRow(quote.id)).status).toBe("expired");
  });

  it("the second session's webhook after the first settled: flagged as a duplicate, an honest email, one 'we start' receipt", async () => {
    const { quote, token } = await t.sentQuote({ depositPercent: 50 });
    await t.pay(token);
    t.clock.now += 61 * 60_000;
    await t.pay(token);
    const [first, second] = await t.quotePayments(quote.id);
    expect((await t.webhook(second!.provider_session_id!, 61728)).status).toBe(200);
    expect((await t.webhook(first!.provider_session_id!, 61728)).status).toBe(200);
    const rows = await t.quotePayments(quote.id);
    expect(rows.map((p) => [p.status, p.refund_status, p.refund_reason])).toEqual([
      ["paid", "needed", "duplicate"],
      ["paid", null, null],
    ]);
    expect((await t.quoteRow(quote.id)).status).toBe("deposit_paid");
    expect((await t.client.view(token))?.payments).toHaveLength(1);

    const mail = await clientMail();
    const receipts = mail.filter((m) => m.subject?.startsWith("Receipt"));
    const notices = mail.filter((m) => m.subject?.includes("will be refunded"));
    expect(receipts).toHaveLength(1);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("already been paid, so this payment was a duplicate");
    expect(notices[0]!.text).toContain("We will refund the full amount");
    expect(notices[0]!.text).not.toContain("we start on your project");
    expect(mail.filter((m) => m.text?.includes("we start on your project"))).toHaveLength(1);
  });

  it("refund end to end: the lead page asks Stripe once, and charge.refunded settles it exactly once however often it arrives", async () => {
    const { quote, token, inquiryId } = await t.sentQuote();
    await t.pay(token);
    const [p] = await t.quotePayments(quote.id);
    await t.studio.withdraw(quote.id, "owner@studio.example");
    // Stripe answers this refund pending: it is settled later, by the charge's event here.
    stripe.createRefundsAs("pending");
    onTestFinished(() => stripe.createRefundsAs("succeeded"));
    await t.webhook(p!.provider_session_id!, 123456);
    const paymentIntent = stripe.sessions.get(p!.provider_session_id!)!.payment_intent!;

    // Only the lead's own payment; two clicks at once ask Stripe once.
    expect(await t.leadQuotes.refund(await t.newLead(), p!.id)).toMatchObject({ ok: false, status: 404 });
    const clicks = await Promise.all([
      t.leadQuotes.refund(inquiryId, p!.id),
      t.leadQuotes.refund(inquiryId, p!.id),
    ]);
    expect(clicks.map((c) => c.ok)).toEqual([true, true]);
    const asked = stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.params).toMatchObject({
      payment_intent: paymentIntent,
      amount: "123456",
      "metadata[payment_id]": p!.id,
    });
    expect(asked[0]!.idempotencyKey).toBe(`refund-${p!.id}`);
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      refund_status: "requested",
      provider_payment_ref: paymentIntent,
    });

    // The same event delivered three times at once, and a second event for the same charge.
    const answers = await Promise.all(
      [...Array(3).fill("evt_refund_1"), "evt_refund_2"].map((id: string) =>
        t.chargeRefunded(paymentIntent, id),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const [refunded] = await t.quotePayments(quote.id);
    expect(refunded).toMatchObject({ status: "paid", refund_status: "refunded" });
    expect(t.logLines.filter((l) => l.msg === "refund settled")).toHaveLength(1);
    // Nothing left to refund.
    expect(await t.leadQuotes.refund(inquiryId, p!.id)).toMatchObject({ ok: true, value: "refunded" });
    expect(stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds")).toHaveLength(1);
  });

  it("one refund model: a flagged payment's refund is a refund row, settled by refund.updated once though it comes late, twice and out of order; a failure owes it again; no credit note", async () => {
    const { quote, token, inquiryId } = await t.sentQuote();
    await t.pay(token);
    const [p] = await t.quotePayments(quote.id);
    await t.studio.withdraw(quote.id, "owner@studio.example");
    await t.webhook(p!.provider_session_id!, 123456);
    const row = () =>
      t.database.db
        .selectFrom("refunds")
        .selectAll()
        .where("payment_id", "=", p!.id)
        .executeTakeFirstOrThrow();
    // The flag is a refund row of the whole payment, its claim taken: nothing else can refund it.
    expect(await row()).toMatchObject({
      id: p!.id,
      cause: "withdrawn",
      status: "needed",
      amount_cents: 123456,
    });
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      refund_claimed_cents: 123456,
      refunded_cents: 0,
    });

    stripe.createRefundsAs("pending");
    onTestFinished(() => stripe.createRefundsAs("succeeded"));
    const clicks = await Promise.all([1, 2, 3].map(() => t.leadQuotes.refund(inquiryId, p!.id)));
    expect(clicks).toEqual(Array(3).fill({ ok: true, value: "requested" }));
    const asked = () =>
      stripe.requests.filter(
        (r) => r.method === "POST" && r.path === "/v1/refunds" && r.params["metadata[payment_id]"] === p!.id,
      );
    expect(asked()).toHaveLength(1);
    const first = await row();
    expect(first).toMatchObject({ status: "requested", provider_status: "pending" });

    // Stripe fails it (late): the money is still owed, the claim kept, the lead page offers the refund again.
    const failed = stripe.setRefundStatus(first.provider_refund_id!, "failed", "expired_or_canceled_card");
    const refundEvent = (id: string, object: Record<string, unknown>) =>
      t.signedEvent(id, "refund.updated", object);
    expect((await refundEvent("evt_rf_failed", failed)).status).toBe(200);
    expect(await row()).toMatchObject({ status: "needed", failure_reason: "expired_or_canceled_card" });
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      refund_status: "needed",
      refund_claimed_cents: 123456,
    });

    // Asked again: a new refund at Stripe (a new key), pending; its success and a stale pending arrive out of order, twice.
    expect(await t.leadQuotes.refund(inquiryId, p!.id)).toEqual({ ok: true, value: "requested" });
    expect(asked()).toHaveLength(2);
    expect(asked()[1]!.idempotencyKey).not.toBe(asked()[0]!.idempotencyKey);
    const second = await row();
    const pending = { ...stripe.refunds.find((r) => r.id === second.provider_refund_id)! };
    const succeeded = stripe.setRefundStatus(second.provider_refund_id!, "succeeded");
    const answers = await Promise.all([
      refundEvent("evt_rf_ok", succeeded),
      refundEvent("evt_rf_ok", succeeded),
      refundEvent("evt_rf_ok_2", succeeded),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await refundEvent("evt_rf_stale", pending)).status).toBe(200);
    // The first refund's failure delivered again, late: another refund's event, nothing changes.
    expect((await refundEvent("evt_rf_failed_again", failed)).status).toBe(200);
    expect(await row()).toMatchObject({
      status: "succeeded",
      provider_status: "succeeded",
      credit_note_id: null,
    });
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      refund_status: "refunded",
      refund_claimed_cents: 123456,
      refunded_cents: 123456,
    });
    expect(t.logLines.filter((l) => l.msg === "refund settled")).toHaveLength(1);
    // No receipt was issued for it, so no credit note either.
    const notes = await t.database.db
      .selectFrom("money_documents")
      .select("id")
      .where("kind", "=", "credit_note")
      .execute();
    expect(notes).toEqual([]);
    expect(await t.leadQuotes.refund(inquiryId, p!.id)).toEqual({ ok: true, value: "refunded" });
    expect(asked()).toHaveLength(2);
  });

  it("one recovery job: a flagged refund whose process died before Stripe answered is asked again with the same key and settled once", async () => {
    const { quote, token } = await t.sentQuote();
    await t.pay(token);
    const [p] = await t.quotePayments(quote.id);
    await t.studio.withdraw(quote.id, "owner@studio.example");
    await t.webhook(p!.provider_session_id!, 123456);
    // The click's process died after claiming it: requested, no answer recorded.
    await t.database.db.updateTable("refunds").set({ status: "requested" }).where("id", "=", p!.id).execute();
    expect(await t.refunds.recoverStuck()).toEqual({ succeeded: 0, failed: 0, pending: 0 });
    t.clock.now += REFUND_STUCK_AFTER_MS + 1;
    const passes = await Promise.all([t.refunds.recoverStuck(), t.refunds.recoverStuck()]);
    // A pass that starts after the other settled it finds nothing stuck (0); both may also overlap (1, 1).
    expect(passes.every((r) => r.succeeded <= 1 && r.failed === 0)).toBe(true);
    expect(Math.max(...passes.map((r) => r.succeeded))).toBe(1);
    const asked = stripe.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/refunds" && r.params["metadata[payment_id]"] === p!.id,
    );
    expect(new Set(asked.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${p!.id}`]));
    expect(stripe.refunds.filter((r) => r.metadata.payment_id === p!.id)).toHaveLength(1);
    expect((await t.quotePayments(quote.id))[0]).toMatchObject({
      refund_status: "refunded",
      refunded_cents: 123456,
    });
  });

  it("the sandbox alike: one checkout for parallel clicks, a withdrawn quote's checkout takes no payment, a flagged payment refunds at once", async () => {
    const s = await harness(stripe, smtp, "sandbox");
    try {
      const { quote, token, inquiryId } = await s.sentQuote({ depositPercent: 50 });
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => s.client.pay(token, { clientIp: randomIp() }, SIGNATURE)),
      );
      expect(new Set(opened.map((r) => (r.ok ? r.url : r.error))).size).toBe(1);
      const [open] = await s.quotePayments(quote.id);
      expect(open!.expires_at).toBe(new Date(s.clock.now + 60 * 60_000).toISOString());

      // A payment that lands on a quote withdrawn meanwhile (its close not yet run) is flagged, then refunded from the lead page.
      await s.database.db
        .updateTable("quotes")
        .set({ status: "withdrawn" })
        .where("id", "=", quote.id)
        .execute();
      const pay = await s.app.request(`/checkout/sandbox/${open!.provider_session_id}/pay`, {
        method: "POST",
        headers: { origin: SITE_URL },
      });
      expect(pay.status).toBe(303);
      expect((await s.quotePayments(quote.id))[0]).toMatchObject({
        status: "paid",
        refund_status: "needed",
        refund_reason: "withdrawn",
      });
      // The success page is told too, so it says "will be refunded", never "work begins".
      expect(await s.payments.service.verify(open!.provider_session_id)).toMatchObject({
        state: "paid",
        refund: "needed",
      });
      expect(await s.leadQuotes.refund(inquiryId, open!.id)).toMatchObject({ ok: true, value: "refunded" });
      expect((await s.quotePayments(quote.id))[0]).toMatchObject({ refund_status: "refunded" });

      // Withdrawing closes the open checkout: its Pay takes nothing.
      const other = await s.sentQuote();
      await s.client.pay(other.token, { clientIp: randomIp() }, SIGNATURE);
      const [p] = await s.quotePayments(other.quote.id);
      await s.studio.withdraw(other.quote.id, "owner@studio.example");
      await s.app.request(`/checkout/sandbox/${p!.provider_session_id}/pay`, {
        method: "POST",
        headers: { origin: SITE_URL },
      });
      expect((await s.quotePayments(other.quote.id))[0]).toMatchObject({
        status: "failed",
        failure_reason: "quote withdrawn",
        refund_status: null,
      });
    } finally {
      await s.dispose();
    }
  });
});
