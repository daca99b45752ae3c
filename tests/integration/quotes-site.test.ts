import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger } from "../../server/logger.server";
import { configuredBuildDir } from "../../server/paths";
import { createPayments } from "../../server/payments/payments.server";
import { createQuoteService } from "../../server/quotes/service.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { paymentsWithRefunds } from "../helpers/flagged-refunds";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { pdfText } from "../helpers/pdf";
import { builtSite } from "../helpers/site";

/**
 * The client's quote page in the built site (sandbox provider): every way a
 * browser can reach its action (the page, its .data request) pays exactly
 * the stored amount whatever the form says, and /payment?quote= leads to it
 * while /payment stays the prerendered file.
 */

const buildDir = path.resolve(configuredBuildDir());
/** The signature fields of the quote page's form. */
const SIGNATURE = { legalName: "Ada Lovelace", agree: "on" };

describe(`the quote page of the built site (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let quotes: ReturnType<typeof createQuoteService>;

  beforeAll(async () => {
    const site = await builtSite();
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      TRUST_PROXY: "true",
      LOG_LEVEL: "silent",
      PAYMENTS_PROVIDER: "sandbox",
    });
    const logger = createLogger(config);
    app = createApp({ config, database, logger, site });
    quotes = createQuoteService({
      config,
      database,
      timeline: createLeadTimeline(),
      checkouts: createPayments({ config, database, logger }).service,
    });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function sentQuote(depositPercent?: number) {
    const res = await app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify(validInquiry),
    });
    const { id } = (await res.json()) as { id: string };
    const created = await quotes.create(
      { inquiryId: id, packageType: "pro", amountCents: 123456, depositPercent },
      "owner@studio.example",
    );
    if (!created.ok) throw new Error(created.error);
    await quotes.send(created.value.quote.id, "owner@studio.example");
    return created.value.quote;
  }

  const paymentsOf = (quoteId: string) =>
    paymentsWithRefunds(database.db).where("quote_id", "=", quoteId).orderBy("created_at").execute();
  const post = (p: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(p, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": randomIp(),
        ...headers,
      },
      body: new URLSearchParams(body).toString(),
    });

  it("renders the quote at request time: fixed amounts, noindex, never cached", async () => {
    const q = await sentQuote(50);
    const res = await app.request(`/quote/${q.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const html = await res.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    for (const text of [
      "$1,234.56 CAD",
      "$617.28 CAD",
      "Sign and pay the deposit",
      "Pro Website",
      "Your full legal name",
    ])
      expect(html).toContain(text);
    expect((await app.request("/quote/not-a-real-token")).status).toBe(404);
    expect(fs.existsSync(path.join(buildDir, "client/quote"))).toBe(false);
    expect(fs.readFileSync(path.join(buildDir, "client/sitemap.xml"), "utf8")).not.toContain("/quote");
  });

  it("counts a view only from the page's own report in a person's browser: not a HEAD, a scanner's GET or a bot", async () => {
    // Issue 37: a mail scanner's HEAD or GET of the link marked the quote viewed and recorded the goal.
    const q = await sentQuote(50);
    const state = async () =>
      (
        await database.db
          .selectFrom("quotes")
          .select("status")
          .where("id", "=", q.id)
          .executeTakeFirstOrThrow()
      ).status;
    const viewedRows = () =>
      database.db
        .selectFrom("lead_activity")
        .select("id")
        .where("lead_id", "=", q.lead_id)
        .where("kind", "=", "quote-viewed")
        .execute();
    const scanner = "Mozilla/5.0 (compatible; SafeLinks/1.0; +https://example.com/bot)";
    const person =
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
    expect((await app.request(`/quote/${q.token}`, { method: "HEAD" })).status).toBe(200);
    expect(await state()).toBe("sent");
    expect((await app.request(`/quote/${q.token}`, { headers: { "user-agent": scanner } })).status).toBe(200);
    expect(await state()).toBe("sent");
    const page = await app.request(`/quote/${q.token}`, { headers: { "user-agent": person } });
    expect(await page.text()).toContain('data-quote-state="sent|deposit|0');
    expect((await app.request(`/quote/${q.token}.data`, { headers: { "user-agent": scanner } })).status).toBe(
      200,
    );
    // A scanner that runs the page's script (a headless browser) is not a person either.
    for (const ua of [
      scanner,
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0.0.0",
      "",
    ])
      expect((await post(`/quote/${q.token}.data`, { intent: "viewed" }, { "user-agent": ua })).status).toBe(
        200,
      );
    expect(await state()).toBe("sent");
    expect(await viewedRows()).toEqual([]);

    // The page's report from a person's browser counts, once.
    for (let i = 0; i < 3; i++)
      expect(
        (await post(`/quote/${q.token}.data`, { intent: "viewed" }, { "user-agent": person })).status,
      ).toBe(200);
    expect(await state()).toBe("viewed");
    expect(await viewedRows()).toHaveLength(1);
  });

  it("pays the stored amount whatever the form, the .data request or the package say; every way in reuses one checkout", async () => {
    const q = await sentQuote(50);
    const tampered = {
      ...SIGNATURE,
      amount: "1",
      amountCents: "100",
      packageType: "basic",
      kind: "full",
      quoteId: "x",
      total: "1",
    };
    const targets: string[] = [];
    for (const p of [`/quote/${q.token}`, `/quote/${q.token}.data`]) {
      const res = await post(p, tampered);
      // The page answers 303 to checkout; the data request carries the same redirect for the client router.
      const target = res.status === 303 ? res.headers.get("location")! : await res.text();
      expect(target, p).toContain("/checkout/sandbox/");
      targets.push(/\/checkout\/sandbox\/sbx_[A-Za-z0-9_-]+/.exec(target)![0]);
    }
    // One deposit, one open checkout: the second way in (another tab, the client router) gets the same one.
    expect(targets[1]).toBe(targets[0]);
    const paid = await paymentsOf(q.id);
    expect(paid.map((p) => [p.amount_cents, p.package, p.kind, p.status])).toEqual([
      [61728, "pro", "deposit", "pending"],
    ]);
  });

  it("two tabs posting Accept and pay at once get one checkout; paying it twice settles once", async () => {
    const q = await sentQuote(50);
    const answers = await Promise.all([
      post(`/quote/${q.token}`, SIGNATURE),
      post(`/quote/${q.token}`, SIGNATURE),
    ]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(answers[1]!.headers.get("location")).toBe(answers[0]!.headers.get("location"));
    const checkout = answers[0]!.headers.get("location")!;
    const pays = await Promise.all([
      post(`${checkout}/pay`, {}, { origin: "http://localhost:3000" }),
      post(`${checkout}/pay`, {}, { origin: "http://localhost:3000" }),
    ]);
    expect(pays.map((p) => p.status)).toEqual([303, 303]);
    const rows = await paymentsOf(q.id);
    expect(rows.map((p) => [p.status, p.refund_status])).toEqual([["paid", null]]);
    const receipts = await database.db
      .selectFrom("outbox")
      .select("channel")
      .where("subject_id", "=", rows[0]!.id)
      .execute();
    expect(receipts.map((r) => r.channel).sort()).toEqual(["payment-email", "receipt-email"]);
  });

  it("refuses the action posted from another site, storing nothing", async () => {
    const q = await sentQuote();
    for (const p of [`/quote/${q.token}`, `/quote/${q.token}.data`]) {
      const res = await post(p, SIGNATURE, { origin: "https://evil.example" });
      // React Router refuses a cross-origin action post itself (400), before the action's own check (403).
      expect(res.status, p).toBe(400);
    }
    expect(await paymentsOf(q.id)).toEqual([]);
  });

  it("/payment?quote=TOKEN leads to that quote; /payment itself is the prerendered file, byte for byte", async () => {
    const q = await sentQuote();
    const res = await app.request(`/payment?quote=${q.token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/quote/${q.token}`);
    const page = await app.request("/payment", { headers: { "accept-encoding": "identity" } });
    expect(await page.text()).toBe(fs.readFileSync(path.join(buildDir, "client/payment/index.html"), "utf8"));
  });

  it("signs without JavaScript: a missing name or box is answered on the page, field by field; the signed PDF then downloads from the link", async () => {
    const q = await sentQuote(50);
    expect((await app.request(`/quote/${q.token}/agreement.pdf`)).status).toBe(404);
    const refused = await post(`/quote/${q.token}`, {
      intent: "pay",
      legalName: "",
      company: "<script>alert(1)</script>",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Type your full legal name to sign.");
    expect(html).toContain("Tick the box to agree to the quote and its terms.");
    expect(html).toMatch(/id="legalName"[^>]*aria-invalid="true"/);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(await paymentsOf(q.id)).toEqual([]);

    const signed = await post(`/quote/${q.token}`, { ...SIGNATURE, intent: "pay" });
    expect(signed.status).toBe(303);
    const page = await (await app.request(`/quote/${q.token}`)).text();
    expect(page).toContain("Signed by Ada Lovelace");
    expect(page).toContain(`/quote/${q.token}/agreement.pdf`);
    expect(page).not.toContain("Your full legal name");
    const pdf = await app.request(`/quote/${q.token}/agreement.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toBe("no-store");
    expect(pdf.headers.get("content-disposition")).toMatch(
      /^attachment; filename="agreement-Q-[0-9A-F]{8}-v1\.pdf"$/,
    );
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain("Ada Lovelace");
  });

  it("declines and asks without JavaScript: each post answers on the page, a bad one says why and stores nothing", async () => {
    const q = await sentQuote(50);
    const empty = await post(`/quote/${q.token}`, { intent: "question", question: " " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write your question.");
    const asked = await post(`/quote/${q.token}`, { intent: "question", question: "Is hosting included?" });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("your question was sent");
    const declined = await post(`/quote/${q.token}`, { intent: "decline", reason: "" });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain("You declined this quote.");
    const kinds = await database.db
      .selectFrom("lead_activity")
      .select("kind")
      .where("lead_id", "=", q.lead_id)
      .where("kind", "in", ["quote-question", "quote-declined"])
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(["quote-declined", "quote-question"]);
    // Declined: nothing can be signed or paid any more.
    expect((await post(`/quote/${q.token}`, { ...SIGNATURE, intent: "pay" })).status).toBe(409);
  });

  const quoteTotal = async (quoteId: string) =>
    Number(
      (
        await database.db
          .selectFrom("quotes")
          .select("total_cents")
          .where("id", "=", quoteId)
          .executeTakeFirstOrThrow()
      ).total_cents,
    );

  it("shows the scope as text, never HTML, and the options: ticking them without JavaScript updates the total, and signing fixes them", async () => {
    const res = await app.request("/api/inquiries", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify(validInquiry),
    });
    const { id } = (await res.json()) as { id: string };
    const created = await quotes.create(
      {
        inquiryId: id,
        packageType: "pro",
        amountCents: 100000,
        depositPercent: 50,
        scope: '# Launch plan\n\n- Five pages\n\n<img src=x onerror="alert(1)">',
        lines: [{ label: "Blog setup", amountCents: 20000, taxes: [], optional: true }],
      },
      "owner@studio.example",
    );
    if (!created.ok) throw new Error(created.error);
    const q = created.value.quote;
    await quotes.send(q.id, "owner@studio.example");
    const page = await (await app.request(`/quote/${q.token}`)).text();
    expect(page).toMatch(/<h4[^>]*>Launch plan<\/h4>/);
    expect(page).toContain("<li>Five pages</li>");
    expect(page).toContain("&lt;img src=x onerror=");
    expect(page).not.toMatch(/<img src=x/);
    expect(page).toMatch(/name="option-1"/);
    expect(page).toMatch(/Service agreement \(version (<!-- -->)?0/);
    expect(page).toContain("$1,000.00 CAD");

    // Without scripts: "Update the total" posts the ticks; the page answers with the server's figures.
    const chose = await app.request(`/quote/${q.token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomIp() },
      // The page's form as "Update the total" posts it: its hidden intent first, the button's last; a total typed is ignored.
      body: "intent=pay&option-1=on&total=1&intent=options",
    });
    expect(chose.status).toBe(200);
    const after = await chose.text();
    expect(after).toContain("$1,200.00 CAD");
    expect(after).toMatch(/id="option-1"[^>]*checked/);
    expect(after).toContain("$600.00 CAD");
    // The browser's figures count for nothing: the stored quote says 1,200.00.
    expect(await quoteTotal(q.id)).toBe(120000);
    expect(await paymentsOf(q.id)).toEqual([]);
  });
});
