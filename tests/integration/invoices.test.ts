import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { quoteContent, quoteReference, type CreateQuoteInput } from "../../app/shared/quote-model";
import { SMALL_SUPPLIER_NOTICE } from "../../app/shared/taxes";
import { documentFile, renderDocumentPdf } from "../../server/billing/documents.server";
import { loadConfig } from "../../server/config.server";
import { documentStamp } from "../../server/documents/stamp.server";
import { createLeadService } from "../../server/leads/service.server";
import { paymentDeliveryHandlers } from "../../server/payments/notifications.server";
import { runQuoteCommand } from "../../server/quotes/cli.server";
import { quoteDeliveryHandlers } from "../../server/quotes/notifications.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind } from "../helpers/databases";
import { randomIp } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";
import { CLIENT_NAMES, pdfText, pdfWords } from "../helpers/pdf";
import { QUOTE_ACTOR as ACTOR, mailedQuoteWiring } from "../helpers/quotes";

const SITE_URL = "https://studio.example";
const GST_NUMBER = "123456789 RT0001";

/**
 * Quotes with per-line taxes, their invoices and receipts: issued by the
 * studio's quote service and the payment settlement as the server wires
 * them (sandbox checkout, a real SMTP server in process, the outbox worker),
 * on a fresh database and a clock the test moves.
 */
async function harness(smtp: FakeSmtp, env: Record<string, string> = { GST_HST_NUMBER: GST_NUMBER }) {
  const database = await openTestDatabase();
  const wiring = mailedQuoteWiring({
    database,
    smtp,
    env: { SITE_URL, ...env },
    logger: capturingLogger("warn").logger,
    deliveries: [paymentDeliveryHandlers, quoteDeliveryHandlers],
  });
  const { app, config, clock, worker, studio, client, payments, newLead } = wiring;

  async function draft(input: Omit<CreateQuoteInput, "inquiryId">) {
    const created = await studio.create({ ...input, inquiryId: await newLead() }, ACTOR);
    if (!created.ok) throw new Error(created.error);
    return created.value.quote;
  }

  const sent = async (input: Omit<CreateQuoteInput, "inquiryId">) => (await wiring.sentQuote(input)).quote;

  /** Opens the client's checkout for what is due; its session id, to settle it. */
  async function checkout(token: string) {
    const result = await client.pay(
      token,
      { clientIp: randomIp() },
      // Not the lead's name (Ada Lovelace): the documents issued after signing name the buyer as signed.
      { legalName: "Grace Hopper", company: "Hopper Compilers Inc.", agree: "on" },
    );
    if (!result.ok) throw new Error(result.error);
    const [payment] = await database.db
      .selectFrom("payments")
      .select("provider_session_id")
      .where("status", "=", "pending")
      .orderBy("created_at", "desc")
      .limit(1)
      .execute();
    return payment!.provider_session_id!;
  }

  /** Sent, then signed by the client (the page's Sign-and-pay post): the signature issues the first invoice. */
  async function signed(input: Omit<CreateQuoteInput, "inquiryId">) {
    const quote = await sent(input);
    await checkout(quote.token);
    return quote;
  }

  const settle = (sessionId: string) => payments.service.fulfil(sessionId, { status: "paid" }, "test");
  const documents = (quoteId?: string) => {
    let q = database.db.selectFrom("money_documents").selectAll().orderBy("number");
    if (quoteId) q = q.where("quote_id", "=", quoteId);
    return q.execute();
  };

  async function dispose() {
    await wiring.stop();
    await database.dispose();
  }

  return {
    app,
    config,
    database,
    clock,
    worker,
    studio,
    client,
    newLead,
    draft,
    sent,
    signed,
    checkout,
    settle,
    documents,
    dispose,
  };
}

type Harness = Awaited<ReturnType<typeof harness>>;

describe(`invoices, receipts and per-line taxes on ${testDatabaseKind}`, () => {
  let smtp: FakeSmtp;
  let h: Harness;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  afterEach(async () => {
    await h?.dispose();
  });

  it("taxes each line with the taxes it carries, rounding each tax once on the sum of its lines", async () => {
    h = await harness(smtp);
    // GST on 1000.10 + 0.10 = 50.01 (line by line it would be 50.01 + 0.01); PST only on the package: 70.01 (70.007).
    const quote = await h.draft({
      packageType: "pro",
      amountCents: 100_010,
      packageTaxes: ["GST", "PST"],
      lines: [
        { label: "Domain", amountCents: 10, taxes: ["GST"] },
        { label: "Photos (licensed)", amountCents: 2_000, taxes: [] },
      ],
      depositPercent: 50,
      province: "BC",
    });
    const content = quoteContent(quote);
    expect(content.taxes).toEqual([
      { code: "GST", label: "GST 5%", basisPoints: 500, cents: 5_001 },
      { code: "PST", label: "PST 7% (BC)", basisPoints: 700, cents: 7_001 },
    ]);
    expect([content.subtotalCents, content.taxCents, content.totalCents, content.depositCents]).toEqual([
      102_020, 12_002, 114_022, 57_011,
    ]);

    // A client in Ontario pays HST 13% instead; Nova Scotia's is 14% since 2025-04-01.
    const on = await h.draft({
      packageType: "basic",
      amountCents: 100_000,
      packageTaxes: ["HST"],
      province: "ON",
    });
    expect(quoteContent(on).taxes).toEqual([
      { code: "HST", label: "HST 13% (ON)", basisPoints: 1300, cents: 13_000 },
    ]);
    const ns = await h.draft({
      packageType: "basic",
      amountCents: 100_000,
      packageTaxes: ["HST"],
      province: "NS",
    });
    expect(quoteContent(ns).totalCents).toBe(114_000);
  });

  it("refuses a tax the client's province does not have, and any tax without a GST/HST number, storing nothing", async () => {
    h = await harness(smtp);
    const lead = await h.newLead();
    for (const [taxes, province, message] of [
      [["PST"], "ON", /PST is charged only for a client in BC/],
      [["HST"], "BC", /HST applies only to a client in an HST province/],
      [["GST"], "ON", /pays HST instead of GST/],
    ] as const) {
      const r = await h.studio.create(
        { inquiryId: lead, packageType: "pro", amountCents: 10_000, packageTaxes: [...taxes], province },
        ACTOR,
      );
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.status, r.error]).toEqual([400, expect.stringMatching(message)]);
    }
    await h.dispose();

    h = await harness(smtp, {});
    const small = await h.newLead();
    const r = await h.studio.create(
      {
        inquiryId: small,
        packageType: "pro",
        amountCents: 10_000,
        lines: [{ label: "Hosting", amountCents: 5_000, taxes: ["GST"] }],
      },
      ACTOR,
    );
    expect(r).toEqual({ ok: false, status: 400, error: SMALL_SUPPLIER_NOTICE });
    const err: string[] = [];
    const code = await runQuoteCommand(
      ["create", "--inquiry", small, "--package", "pro", "--amount", "100", "--package-tax", "GST"],
      h.studio,
      { out: () => {}, err: (l) => err.push(l) },
    );
    expect(code).toBe(1);
    expect(err.join("\n")).toContain("small supplier");
    expect(await h.database.db.selectFrom("quotes").selectAll().execute()).toEqual([]);
    // Untaxed quotes are still made, and their documents say no GST/HST is charged.
    const untaxed = await h.signed({ packageType: "pro", amountCents: 30_000 });
    const [invoice] = await h.documents(untaxed.id);
    expect(await pdfText(await renderDocumentPdf(invoice!))).toContain(
      "Not registered for GST/HST (small supplier)",
    );
  });

  it("issues no invoice for a quote sent; signatures racing, twice each, number one invoice per quote gap-free", async () => {
    h = await harness(smtp);
    const quotes = [];
    for (let i = 0; i < 8; i++)
      quotes.push(
        await h.sent({
          packageType: "pro",
          amountCents: 50_000 + i,
          packageTaxes: ["GST"],
          depositPercent: 40,
        }),
      );
    // Sending asks for nothing yet: GST/HST would be payable on an invoice the client never accepted.
    expect(await h.documents()).toEqual([]);
    // Every quote's Sign-and-pay posted twice at the same instant (a double click, two tabs).
    const results = await Promise.all(
      [...quotes, ...quotes].map((q) =>
        h.client.pay(q.token, { clientIp: randomIp() }, { legalName: "Grace Hopper", agree: "on" }),
      ),
    );
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(8);
    const invoices = await h.documents();
    expect(invoices.map((d) => d.number)).toEqual(
      Array.from({ length: 8 }, (_, i) => `2026-${String(i + 1).padStart(4, "0")}`),
    );
    expect(new Set(invoices.map((d) => d.quote_id)).size).toBe(8);
    expect(
      invoices.every(
        (d) => d.kind === "invoice" && d.payment_kind === "deposit" && d.registration_number === GST_NUMBER,
      ),
    ).toBe(true);
  });

  it("gives each payment that settles at the same instant its own receipt number, gap-free, and marks its invoice paid", async () => {
    h = await harness(smtp);
    const quotes = [];
    for (let i = 0; i < 6; i++)
      quotes.push(await h.sent({ packageType: "basic", amountCents: 20_000, packageTaxes: ["GST", "PST"] }));
    const sessions = [];
    for (const q of quotes) sessions.push(await h.checkout(q.token));
    // Every settlement at once, twice over (a webhook and the success page): one receipt each.
    const settled = await Promise.all([...sessions, ...sessions].map((s) => h.settle(s)));
    expect(settled.filter((r) => r.result === "changed")).toHaveLength(6);
    const receipts = (await h.documents()).filter((d) => d.kind === "receipt");
    expect(receipts.map((d) => d.number)).toEqual([
      "R2026-0001",
      "R2026-0002",
      "R2026-0003",
      "R2026-0004",
      "R2026-0005",
      "R2026-0006",
    ]);
    expect(new Set(receipts.map((d) => d.payment_id)).size).toBe(6);
    const invoices = (await h.documents()).filter((d) => d.kind === "invoice");
    expect(invoices.map((d) => [d.status, d.amount_cents])).toEqual(Array(6).fill(["paid", 22_400]));
  });

  it("restarts numbering on January 1 in Vancouver time, not UTC", async () => {
    h = await harness(smtp);
    const q1 = await h.draft({ packageType: "pro", amountCents: 10_000, expiresInDays: 60 });
    const q2 = await h.draft({ packageType: "pro", amountCents: 10_000, expiresInDays: 60 });
    // 06:30 UTC on January 1 is still New Year's Eve in Vancouver; 08:30 UTC is the new year there.
    h.clock.now = Date.parse("2027-01-01T06:30:00.000Z");
    await h.studio.send(q1.id, ACTOR);
    await h.studio.send(q2.id, ACTOR);
    // Numbered when signed: in the Vancouver year of the signature.
    await h.checkout(q1.token);
    h.clock.now = Date.parse("2027-01-01T08:30:00.000Z");
    await h.checkout(q2.token);
    expect((await h.documents()).map((d) => d.number)).toEqual(["2026-0001", "2027-0001"]);
  });

  it("splits each tax between the deposit and balance invoices so they add up to the quote's", async () => {
    h = await harness(smtp);
    const quote = await h.sent({
      packageType: "pro",
      amountCents: 100_000,
      packageTaxes: ["GST", "PST"],
      lines: [{ label: "Hosting", amountCents: 10_001, taxes: ["GST"] }],
      depositPercent: 33,
    });
    await h.settle(await h.checkout(quote.token));
    expect((await h.studio.send(quote.id, ACTOR)).ok).toBe(true);
    const invoices = (await h.documents(quote.id)).filter((d) => d.kind === "invoice");
    expect(invoices.map((d) => d.payment_kind)).toEqual(["deposit", "balance"]);
    const content = quoteContent(await h.studio.get(quote.id).then((q) => q!));
    expect(invoices.reduce((s, d) => s + Number(d.amount_cents), 0)).toBe(content.totalCents);
    for (const tax of content.taxes) {
      const parts = invoices.map(
        (d) =>
          (JSON.parse(d.taxes) as { code: string; cents: number }[]).find((t) => t.code === tax.code)!.cents,
      );
      expect(parts[0]! + parts[1]!).toBe(tax.cents);
    }
  });

  it("voids the open invoice of a withdrawn quote; its number stays used", async () => {
    h = await harness(smtp);
    const quote = await h.signed({ packageType: "pro", amountCents: 40_000 });
    expect((await h.studio.withdraw(quote.id, ACTOR)).ok).toBe(true);
    const next = await h.signed({ packageType: "pro", amountCents: 40_000 });
    const docs = await h.documents();
    expect(docs.map((d) => [d.number, d.quote_id, d.status])).toEqual([
      ["2026-0001", quote.id, "void"],
      ["2026-0002", next.id, "issued"],
    ]);
    // As the client downloads them: the void invoice asks for nothing (no due date, no pay link),
    // the open one is due on receipt and links to its quote's page.
    const site = { test: true, siteUrl: h.config.SITE_URL };
    const [voided, open] = await Promise.all(
      docs.map(async (d) => pdfText((await documentFile(h.database.db, d, site)).pdf)),
    );
    expect(voided).toContain("VOID");
    expect(voided).not.toContain("Due");
    expect(voided).not.toContain("/quote/");
    expect(open).toContain("Due on receipt");
    expect(open).toContain(`Pay online, on your quote's page: ${h.config.SITE_URL}/quote/${next.token}`);
  });

  it("states what CRA requires for each amount: under $100, from $100, from $500 (PDF text read back)", async () => {
    h = await harness(smtp);
    // Totals with GST: 95.00, 250.00 and 800.00 (no deposit: one invoice for the whole).
    for (const base of [9_048, 23_810, 76_190]) {
      const q = await h.signed({
        packageType: "pro",
        amountCents: base,
        packageTaxes: ["GST"],
        lines: [],
        terms: "Paid in full before launch.",
      });
      const [invoice] = await h.documents(q.id);
      expect([95_00, 250_01, 800_00]).toContain(Number(invoice!.amount_cents));
      const text = await pdfText(await renderDocumentPdf(invoice!));
      // Every tier: the supplier, the date, the total.
      expect(text).toContain("Cascadia Web Studio");
      expect(text).toContain("November 25, 2026");
      expect(text).toMatch(/Total due ?\$\d{2,3}\.\d\d CAD/);
      expect(text).toContain(`Invoice ${invoice!.number}`);
      const tier =
        Number(invoice!.amount_cents) >= 50_000 ? 3 : Number(invoice!.amount_cents) >= 10_000 ? 2 : 1;
      // From $100: the registration number and the tax charged.
      expect(text.includes(`GST/HST registration number: ${GST_NUMBER}`), `tier ${tier}`).toBe(tier >= 2);
      expect(/GST 5% ?\$\d+\.\d\d CAD/.test(text), `tier ${tier}`).toBe(tier >= 2);
      // From $500: the buyer's name, a description and the terms.
      expect(text.includes("Billed to: Grace Hopper, Hopper Compilers Inc."), `tier ${tier}`).toBe(
        tier === 3,
      );
      expect(text.includes("Description") && text.includes("Pro Website"), `tier ${tier}`).toBe(tier === 3);
      expect(text.includes("Terms Paid in full before launch."), `tier ${tier}`).toBe(tier === 3);
    }
  });

  it("sets the lines in columns that hold the longest label, every client's script and the largest amounts", async () => {
    h = await harness(smtp);
    const quote = await h.signed({ packageType: "pro", amountCents: 100_000, packageTaxes: ["GST", "PST"] });
    const [invoice] = await h.documents(quote.id);
    const lines = [
      // The longest label a line may have (120 characters), and one word as long.
      {
        label: `Design and build of ${"pages ".repeat(16)}`.slice(0, 120),
        amountCents: 99_999_999,
        taxes: ["GST", "PST"],
      },
      { label: "x".repeat(120), amountCents: 99_999_999, taxes: ["GST"] },
      ...CLIENT_NAMES.map((name) => ({ label: `Training for ${name}`, amountCents: 12_345, taxes: [] })),
    ];
    const pdf = await renderDocumentPdf({ ...invoice!, lines: JSON.stringify(lines) });
    const text = pdfText(pdf);
    expect(text).toContain("Description Qty Unit price Tax Amount");
    for (const name of CLIENT_NAMES) expect(text, name).toContain(name);
    expect(text).toContain("$999,999.99 GST + PST $999,999.99");
    // Every word inside the page's margins (64 pt on a 612 pt page), and none of the description
    // column (its text ends at 260 pt) running into the quantity's (which starts at 270 pt).
    const words = pdfWords(pdf);
    expect(words.length).toBeGreaterThan(50);
    for (const w of words) {
      expect(w.xMin, w.text).toBeGreaterThanOrEqual(63.5);
      expect(w.xMax, w.text).toBeLessThanOrEqual(548.5);
    }
    const top = words.find((w) => w.text === "Qty")!;
    const end = words.find((w) => w.text === "Work" && w.page === top.page && w.yMin > top.yMin)!;
    const table = words.filter((w) => w.page === top.page && w.yMin >= top.yMin && w.yMin < end.yMin);
    expect(table.length).toBeGreaterThan(30);
    for (const w of table) expect(w.xMin < 265 && w.xMax > 262, w.text).toBe(false);
  });

  it("attaches the invoice to the agreement and balance emails, none to the quote, and the receipt to the receipt email", async () => {
    h = await harness(smtp);
    const before = smtp.messages.length;
    const quote = await h.sent({
      packageType: "pro",
      amountCents: 100_000,
      packageTaxes: ["GST", "PST"],
      depositPercent: 50,
    });
    await h.settle(await h.checkout(quote.token));
    await h.studio.send(quote.id, ACTOR);
    // Every queued email, however many batches they take (the signature queues two more).
    while ((await h.worker.runOnce()).claimed > 0);
    const mails = await Promise.all(smtp.messages.slice(before).map((m) => simpleParser(m.raw)));
    const attached = async (subject: RegExp) => {
      const mail = mails.find((m) => subject.test(m.subject ?? ""));
      expect(mail, String(subject)).toBeDefined();
      const [pdf] = mail!.attachments;
      expect(pdf?.contentType).toBe("application/pdf");
      return { filename: pdf!.filename, text: await pdfText(pdf!.content) };
    };
    // Made with the sandbox provider: every one of these emails says TEST first (issue 38).
    for (const mail of mails) {
      expect(mail.subject, mail.subject).toMatch(/^\[TEST\] /);
      expect(mail.text, mail.subject).toMatch(/TEST|test payment|test refund/i);
    }
    // The quote carries the quote, no invoice: the client has not said yes.
    const quoteMail = mails.find((m) => /^\[TEST\] Your quote/.test(m.subject ?? ""));
    expect(quoteMail?.attachments).toEqual([]);
    // The signature's confirmation carries the agreement and the deposit's invoice.
    const agreementMail = mails.find((m) => /^\[TEST\] Your signed agreement/.test(m.subject ?? ""));
    expect(agreementMail?.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^agreement-Q-/),
      "invoice-2026-0001.pdf",
    ]);
    expect(agreementMail?.text).toContain("with the invoice for the amount due to start");
    const invoice = {
      filename: agreementMail!.attachments[1]!.filename,
      text: await pdfText(agreementMail!.attachments[1]!.content),
    };
    expect(invoice.text).toContain("Invoice 2026-0001");
    // A label and its amount sit on one line; the text extraction may or may not put a space between.
    expect(invoice.text).toMatch(/GST 5% ?\$25\.00 CAD/);
    expect(invoice.text).toMatch(/PST 7% \(BC\) ?\$35\.00 CAD/);
    expect(invoice.text).toMatch(/Total due ?\$560\.00 CAD/);
    // A sandbox payment: the subject starts "[TEST] ".
    const receipt = await attached(/Receipt:/);
    expect(receipt.filename).toBe("receipt-R2026-0001.pdf");
    // The email names the receipt by its number, which the studio can look up, not by a record id.
    const receiptMail = mails.find((m) => /Receipt:/.test(m.subject ?? ""))!;
    expect(receiptMail.text).toMatch(/Receipt\s+R2026-0001/);
    expect(receiptMail.text).not.toContain("Payment reference");
    expect(receipt.text).toMatch(/Total paid ?\$560\.00 CAD/);
    expect(receipt.text).toContain(GST_NUMBER);
    const balance = await attached(/^\[TEST\] Balance due/);
    expect(balance.text).toContain("Invoice 2026-0002");
    // Every document attached carries the TEST band, on every page's footer too.
    for (const text of [invoice.text, receipt.text, balance.text]) {
      expect(text).toContain("TEST · made with the sandbox payment provider");
      expect(text).toContain("TEST · Cascadia Web Studio");
    }
    // The receipt names the invoice it pays and what remains due: the deposit paid, the balance left.
    expect(receipt.text).toContain(`Pays invoice 2026-0001 (the deposit of quote Q-`);
    expect(receipt.text).toMatch(/Balance remaining on quote Q-[0-9A-F]{8} ?\$560\.00 CAD/);
    // Terms belong on the invoice, not on the receipt.
    expect(invoice.text).toContain("Terms");
    expect(receipt.text).not.toContain("Terms");
    // The lines as a table, on the invoices and the receipt alike, and the buyer as signed.
    for (const text of [invoice.text, receipt.text, balance.text]) {
      expect(text).toContain("Description Qty Unit price Tax Amount");
      expect(text).toMatch(/Pro Website 1 \$1,000\.00 GST \+ PST \$1,000\.00/);
      expect(text).toContain("Billed to: Grace Hopper, Hopper Compilers Inc.");
    }
    // The deposit's invoice was due on receipt and is paid by the time it is emailed: no pay link.
    expect(invoice.text).toContain("Due on receipt");
    expect(invoice.text).toMatch(/Paid: \w+ \d+, 2026/);
    expect(invoice.text).not.toContain("/quote/");
    // The balance's: due 15 days after the request (the agreement's clause 6), payable from the quote's page.
    expect(balance.text).toContain("Due: December 10, 2026");
    expect(balance.text).toContain(`${h.config.SITE_URL}/quote/${quote.token}`);
    expect(receipt.text).not.toContain("Due");
    // No developer text: no record id, no command.
    for (const text of [invoice.text, receipt.text, balance.text]) {
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(text).not.toContain("npm run");
    }
  });

  it("a balance's receipt pays its own invoice and leaves nothing due; each document's reference finds its lead in the studio's inbox", async () => {
    h = await harness(smtp);
    const quote = await h.sent({ packageType: "pro", amountCents: 100_000, depositPercent: 40 });
    await h.settle(await h.checkout(quote.token));
    expect((await h.studio.send(quote.id, ACTOR)).ok).toBe(true);
    await h.settle(await h.checkout(quote.token));
    const docs = await h.documents(quote.id);
    const receipts = docs.filter((d) => d.kind === "receipt");
    expect(receipts.map((d) => [d.number, d.payment_kind])).toEqual([
      ["R2026-0001", "deposit"],
      ["R2026-0002", "balance"],
    ]);
    const files = await Promise.all(receipts.map((d) => documentFile(h.database.db, d, { test: true })));
    const [deposit, balance] = files.map((f) => pdfText(f.pdf));
    const reference = quoteReference(quote.id);
    expect(deposit).toContain(`Pays invoice 2026-0001 (the deposit of quote ${reference}).`);
    expect(deposit).toMatch(new RegExp(`Balance remaining on quote ${reference} ?\\$600\\.00 CAD`));
    expect(balance).toContain(`Pays invoice 2026-0002 (the balance of quote ${reference}).`);
    expect(balance).toMatch(new RegExp(`Nothing remains due on quote ${reference} ?\\$0\\.00 CAD`));
    // The TEST mark follows the configured provider: the sandbox's documents have it, Stripe's do not.
    expect(documentStamp(h.config).test).toBe(true);
    const live = documentStamp(
      loadConfig({
        NODE_ENV: "test",
        PAYMENTS_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      }),
    );
    expect(live.test).toBe(false);
    expect(pdfText((await documentFile(h.database.db, receipts[0]!, live)).pdf)).not.toContain("TEST");

    // The studio types what a document prints (its number, the quote's reference) into the inbox's search.
    const leads = createLeadService({ database: h.database, config: h.config });
    const found = async (q: string) =>
      (await leads.list(leads.parseQuery(new URLSearchParams({ q })).query)).leads.map((l) => l.id);
    for (const printed of ["2026-0001", "R2026-0002", reference, reference.toLowerCase()])
      expect(await found(printed), printed).toEqual([quote.lead_id]);
    expect(await found("R2026-0099")).toEqual([]);
  });

  it("lets the holder of the quote's link download its documents, and no one else", async () => {
    h = await harness(smtp);
    const quote = await h.sent({ packageType: "pro", amountCents: 20_000 });
    // Nothing to download before the signature; the invoice after it.
    expect((await h.client.view(quote.token))!.documents).toEqual([]);
    await h.checkout(quote.token);
    const other = await h.signed({ packageType: "pro", amountCents: 20_000 });
    const view = await h.client.view(quote.token);
    expect(view!.documents.map((d) => d.title)).toEqual(["Invoice 2026-0001 (payment in full)"]);
    const res = await h.app.request(view!.documents[0]!.href);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await pdfText(Buffer.from(await res.arrayBuffer()))).toContain("Invoice 2026-0001");
    // Another quote's token, or a made-up one, finds nothing.
    const id = view!.documents[0]!.id;
    expect((await h.app.request(`/quote/${other.token}/documents/${id}`)).status).toBe(404);
    expect((await h.app.request(`/quote/${"x".repeat(43)}/documents/${id}`)).status).toBe(404);
  });
});
