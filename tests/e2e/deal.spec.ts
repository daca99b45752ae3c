import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";

import { formatAddress, siteConfig } from "../../app/content/site";
import { pdfText } from "../helpers/pdf";
import { readRowsIn } from "./database";
import { expect, signedInWithLead, test } from "./fixtures";
import { startMailedServer } from "./own-server";

const DAY = 24 * 60 * 60_000;
const GST_HST_NUMBER = "123456789 RT0001";

/**
 * Issue 30's acceptance, the whole deal in Chromium on a server of this test's own
 * (GST_HST_NUMBER set, the in-process SMTP fake): the studio makes a quote with GST
 * and PST on its one item on the lead's page (the live total first) and sends it; the
 * client, impatient, signs with a typed name and pays the deposit in the sandbox; the
 * agreement, invoice and receipt PDFs arrive by email and their text is read back;
 * the balance is asked for; with the clock moved 7 days the reminder arrives, its
 * unsubscribe link stops the 14-day one, and paying the balance still brings its receipt.
 *
 * The figures: 1,234.56 + GST 61.73 + PST 86.42 = 1,382.71; deposit 50% = 691.36
 * (691.355 rounded), balance 691.35. Each payment carries its share of each tax:
 * the deposit GST 30.87 and PST 43.21, the balance the rest (30.86 and 43.21),
 * 617.28 before tax each time.
 */
test("the deal: quote with GST and PST, signed, deposit paid, documents by email, balance reminded, unsubscribed, paid", async ({
  page,
  browser,
  checkA11y,
}) => {
  test.setTimeout(240_000);
  const own = await startMailedServer("deal", {
    GST_HST_NUMBER,
    UNSUBSCRIBE_SECRET: "an e2e key for the unsubscribe links, 32+ chars",
  });
  const { base: origin, smtp, databasePath: dbPath } = own;
  const reminders = (at: number) => own.cli("reminders", ["run", "--at", new Date(at).toISOString()]);
  const mail = smtpReader(smtp.messages);
  try {
    // The studio, on the lead's page: one item carrying GST and PST, the total shown as typed.
    const { leadId, email } = await signedInWithLead(page, page.request, origin, dbPath);
    // The documents issued after signing name the buyer as signed, not as the lead was typed.
    const buyer = "Grace Brewster Hopper";
    await page.goto(`${origin}/studio/leads/${leadId}`);
    const quotes = page.getByRole("region", { name: "Quotes" });
    await quotes.getByLabel("Package", { exact: true }).selectOption("pro");
    await quotes.getByLabel("Package amount (CAD)").fill("1,234.56");
    await quotes.getByRole("checkbox", { name: "GST on the package" }).check();
    await quotes.getByRole("checkbox", { name: "PST on the package" }).check();
    const live = quotes.getByTestId("quote-live-total");
    for (const figure of [
      "GST 5%$61.73 CAD",
      "PST 7% (BC)$86.42 CAD",
      "Total$1,382.71 CAD",
      "Deposit$691.36 CAD",
      "Balance$691.35 CAD",
    ])
      await expect(live).toContainText(figure);
    await checkA11y();
    await quotes.getByRole("button", { name: "Create draft quote" }).click();
    const item = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
    await expect(item.getByTestId("quote-state")).toHaveText("Draft");
    await expect(item).toContainText("$1,382.71 CAD");
    await item.getByRole("button", { name: /Send to client/ }).click();
    await expect(item.getByTestId("quote-state")).toHaveText("Sent");
    const link = await item.getByLabel("Client link").inputValue();
    const reference = (await item.getByRole("heading").textContent())!.replace("Quote ", "").trim();

    // The quote's email carries the quote, and no invoice: the client has not said yes (decision 0046).
    await expect.poll(() => mail.subjects(/^Your quote/).length, { timeout: 60_000 }).toBe(1);
    expect(await mail.pdfs(/^invoice-/, 0)).toEqual([]);

    // The client, impatient in a browser of their own: types and presses as soon as the page is there, twice.
    const client = await browser.newContext();
    const clientPage = await client.newPage();
    await clientPage.goto(link, { waitUntil: "commit" });
    await clientPage.getByLabel("Your full legal name").fill("Grace Brewster Hopper");
    await clientPage.getByLabel(/I have read this quote/).check();
    const tabs: Page[] = [];
    client.on("page", (p) => tabs.push(p));
    await clientPage.getByRole("button", { name: "Sign and pay the deposit" }).dblclick();
    await expect.poll(() => tabs.length).toBe(2);
    for (const tab of tabs) await expect(tab).toHaveURL(/\/checkout\/sandbox\//);
    expect(new Set(tabs.map((t) => t.url())).size).toBe(1);
    await tabs[0]!.getByRole("button", { name: /691\.36/ }).click();
    await expect(tabs[0]!).toHaveURL(/\/payment-success\?session_id=/);

    // The signed agreement, to the client and the studio.
    const agreements = await mail.pdfs(/^agreement-/, 2);
    expect(agreements.map((a) => a.to).sort()).toEqual([email, "studio@example.com"].sort());
    for (const agreement of agreements) {
      expect(agreement.filename).toBe(`agreement-${reference}-v1.pdf`);
      expectText(agreement.text, [
        "Grace Brewster Hopper",
        reference,
        "GST 5%",
        "$61.73 CAD",
        "PST 7% (BC)",
        "$86.42 CAD",
        "$1,382.71 CAD",
        "$691.36 CAD",
        "$691.35 CAD",
      ]);
    }
    // The signature issued the deposit's invoice: it reaches the client with their copy of the agreement.
    const [depositInvoice] = await mail.pdfs(/^invoice-/, 1);
    expect(depositInvoice!.to).toBe(email);
    const invoiceNumber = /^invoice-(\d{4}-\d{4})\.pdf$/.exec(depositInvoice!.filename)![1]!;
    expectText(depositInvoice!.text, [
      `Invoice ${invoiceNumber}`,
      reference,
      `GST/HST registration number: ${GST_HST_NUMBER}`,
      `Billed to: ${buyer}`,
    ]);
    expectText(depositInvoice!.text, [
      "Deposit before tax $617.28 CAD",
      "GST 5% $30.87 CAD",
      "PST 7% (BC) $43.21 CAD",
      "Total due $691.36 CAD",
    ]);

    // The deposit's receipt.
    const [depositReceipt] = await mail.pdfs(/^receipt-/, 1);
    expect(depositReceipt!.to).toBe(email);
    const receiptNumber = /^receipt-(R\d{4}-\d{4})\.pdf$/.exec(depositReceipt!.filename)![1]!;
    expectText(depositReceipt!.text, [
      `Receipt ${receiptNumber}`,
      reference,
      `GST/HST registration number: ${GST_HST_NUMBER}`,
      `Billed to: ${buyer}`,
    ]);
    expectText(depositReceipt!.text, [
      "Deposit before tax $617.28 CAD",
      "GST 5% $30.87 CAD",
      "PST 7% (BC) $43.21 CAD",
      "Total paid $691.36 CAD",
    ]);

    // The studio asks for the balance: its invoice, numbered next, arrives.
    await page.reload();
    await expect(item.getByTestId("quote-state")).toHaveText("Deposit paid");
    await item.getByRole("button", { name: /Send balance request/ }).click();
    await expect(item).toContainText("requested");
    const invoices = await mail.pdfs(/^invoice-/, 2);
    const balanceInvoice = invoices.find((i) => i.filename !== depositInvoice!.filename)!;
    expect(balanceInvoice.filename).toBe(`invoice-${nextNumber(invoiceNumber)}.pdf`);
    expectText(balanceInvoice.text, [
      `Invoice ${nextNumber(invoiceNumber)}`,
      `GST/HST registration number: ${GST_HST_NUMBER}`,
      `Billed to: ${buyer}`,
    ]);
    expectText(balanceInvoice.text, [
      "Balance before tax $617.28 CAD",
      "GST 5% $30.86 CAD",
      "PST 7% (BC) $43.21 CAD",
      "Total due $691.35 CAD",
    ]);
    const requestedAt = Date.parse(
      readRowsIn<{ at: string }>(
        dbPath,
        "select balance_requested_at as at from quotes where lead_id = ?",
        leadId,
      )[0]!.at,
    );

    // Six days on, nothing; seven days on, the reminder, naming the studio and its address, with its unsubscribe link.
    expect(reminders(requestedAt + 6 * DAY)).toContain("reminder-balance-7: 0 queued");
    expect(reminders(requestedAt + 7 * DAY + 60_000)).toContain("reminder-balance-7: 1 queued");
    await expect.poll(() => mail.subjects(/^Reminder:/).length, { timeout: 60_000 }).toBe(1);
    const [reminder] = mail.subjects(/^Reminder:/);
    expect(reminder!.to).toEqual([email]);
    for (const expected of [siteConfig.name, formatAddress(), reference, "$691.35 CAD"])
      expect(reminder!.text, expected).toContain(expected);
    const unsubscribe = new RegExp(`${origin}/unsubscribe/[\\w.-]+`).exec(reminder!.text)![0];
    await clientPage.goto(unsubscribe);
    await clientPage.getByRole("button", { name: "Unsubscribe from reminders" }).click();
    await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");

    // Fourteen days on: queued, then dropped for the opt-out, as the lead's timeline tells the studio.
    expect(reminders(requestedAt + 14 * DAY + 60_000)).toContain("reminder-balance-14: 1 queued");
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(async () => {
      await page.reload();
      await expect(timeline).toContainText(
        "Reminder that the balance is unpaid after 14 days not sent: the client unsubscribed from reminders.",
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 60_000 });
    expect(mail.subjects(/^Reminder:/)).toHaveLength(1);

    // Receipts are no reminders: paying the balance still brings one.
    await clientPage.goto(link);
    const [balance] = await Promise.all([
      client.waitForEvent("page"),
      clientPage.getByRole("button", { name: "Pay the balance" }).click(),
    ]);
    await balance.getByRole("button", { name: /691\.35/ }).click();
    await expect(balance).toHaveURL(/\/payment-success\?session_id=/);
    const receipts = await mail.pdfs(/^receipt-/, 2);
    const balanceReceipt = receipts.find((r) => r.filename === `receipt-${nextNumber(receiptNumber)}.pdf`)!;
    expect(balanceReceipt.to).toBe(email);
    expectText(balanceReceipt.text, [
      `Receipt ${nextNumber(receiptNumber)}`,
      `GST/HST registration number: ${GST_HST_NUMBER}`,
      `Billed to: ${buyer}`,
    ]);
    expectText(balanceReceipt.text, [
      "Balance before tax $617.28 CAD",
      "GST 5% $30.86 CAD",
      "PST 7% (BC) $43.21 CAD",
      "Total paid $691.35 CAD",
    ]);
    await page.reload();
    await expect(item.getByTestId("quote-state")).toHaveText("Paid in full");
    await client.close();
  } finally {
    await own.stop();
  }
});

function expectText(text: string, expected: string[]) {
  for (const e of expected) expect(text, e).toContain(e);
}

/** The document number after this one in its year's sequence: "2026-0001" → "2026-0002". */
const nextNumber = (n: string) => n.replace(/\d{4}$/, (d) => String(Number(d) + 1).padStart(4, "0"));

/** The mails the SMTP fake received: by subject (sandbox payments' "[TEST] " left off), or their PDF attachments read back as text. */
function smtpReader(messages: { to: string[]; subject: string; text: string; raw: string }[]) {
  const subjects = (pattern: RegExp) =>
    messages.filter((m) => pattern.test(m.subject.replace(/^\[TEST\] /, "")));
  type Pdf = { to: string; filename: string; text: string };
  // Each message is parsed and its PDFs read once, however often a test polls.
  const read = new Map<object, Pdf[]>();
  async function attachments() {
    for (const m of messages) {
      if (read.has(m)) continue;
      const parsed = await simpleParser(m.raw);
      read.set(
        m,
        parsed.attachments
          .filter((a) => a.contentType === "application/pdf")
          .map((a) => ({ to: m.to[0]!, filename: a.filename ?? "", text: pdfText(a.content) })),
      );
    }
    return messages.flatMap((m) => read.get(m) ?? []);
  }
  /** Waits for `count` PDFs whose file name matches, then returns them. */
  async function pdfs(name: RegExp, count: number) {
    await expect
      .poll(async () => (await attachments()).filter((a) => name.test(a.filename)).length, {
        timeout: 60_000,
      })
      .toBe(count);
    return (await attachments()).filter((a) => name.test(a.filename));
  }
  return { subjects, pdfs };
}
