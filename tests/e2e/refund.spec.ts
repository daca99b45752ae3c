import { simpleParser } from "mailparser";

import { pdfText } from "../helpers/pdf";
import { readRowsIn as readRows } from "./database";
import { expect, expectNoSideScroll, signedInWithLead, signForDeposit, test } from "./fixtures";
import { startMailedServer } from "./own-server";

const GST_NUMBER = "123456789 RT0001";

/**
 * A refund end to end, on a server of this test's own (a GST/HST number, the
 * in-process SMTP fake): the client pays the deposit of a taxed quote in the
 * sandbox; the studio refunds part of it from the lead's page (amount, reason,
 * confirmation); the client receives the credit note by email, its PDF stating
 * the number, the amounts and the taxes reversed; the accounting page shows it
 * as a negative line. Clicking the button again after the refund makes no second one (issue 37).
 */
test("the studio refunds part of a paid deposit: the client gets the credit note and the accounting page counts it negative", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const own = await startMailedServer("refund", { GST_HST_NUMBER: GST_NUMBER });
  const { base: origin, smtp, databasePath: dbPath } = own;
  try {
    const { leadId, email } = await signedInWithLead(page, page.request, origin, dbPath);
    const { link } = own.sentQuote(leadId, { tax: "GST+PST" });

    // The client signs and pays the deposit in the sandbox checkout (a new tab).
    const client = await page.context().browser()!.newContext();
    const clientPage = await client.newPage();
    await clientPage.goto(link);
    const checkout = await signForDeposit(clientPage, "Grace Hopper");
    await checkout.getByRole("button", { name: /Pay/ }).click();
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);
    await client.close();
    // Fixed figures, worked by hand (not the production formula): $1,234.56 + GST 5% $61.73 + PST 7%
    // $86.42 = $1,382.71; the 50% deposit $691.36 carries GST $30.87 and PST $43.21 (each tax's share,
    // rounded once); a $100.00 refund reverses GST $4.47 (30.87 × 100 / 691.36) and PST $6.25, so
    // $89.28 before tax; received less refunds: $591.36.
    const [receipt] = readRows<{ number: string; amount_cents: number; taxes: string }>(
      dbPath,
      "select number, amount_cents, taxes from money_documents where kind = 'receipt'",
    );
    expect(Number(receipt!.amount_cents)).toBe(69_136);
    expect(JSON.parse(receipt!.taxes)).toMatchObject([
      { label: "GST 5%", cents: 3_087 },
      { label: "PST 7% (BC)", cents: 4_321 },
    ]);

    // The studio refunds $100.00 of it from the lead's page.
    await page.goto(`${origin}/studio/leads/${leadId}`);
    const form = page.getByRole("form", { name: "Refund a payment" });
    await expect(form).toContainText("up to $691.36 left");
    // The amount is never filled in advance: the whole payment does not leave on one careless click.
    await expect(form.getByLabel("Amount to refund (CAD)")).toHaveValue("");
    // The form fits a phone.
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoSideScroll(page, 375);
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByLabel("Amount to refund (CAD)").fill("100.00");
    await form.getByLabel("Reason (printed on the credit note)").fill("Blog section dropped from the scope");
    await checkA11y();
    // Money leaves: the confirmation box is required (the server checks it again, tests/integration/refunds.test.ts).
    await form.getByRole("checkbox", { name: "Give this money back to the client's card now" }).check();
    const refundButton = form.getByRole("button", { name: "Refund and issue credit note" });
    await refundButton.click();
    const payments = page.getByRole("region", { name: "Payments" });
    const made = payments.getByText(
      /Refund made: credit note C\d{4}-0001 was issued and emailed to the client\./,
    );
    await expect(made).toBeVisible();
    await expect(page.getByRole("link", { name: /^Credit note C\d{4}-0001 \(deposit\)$/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Timeline" })).toContainText("refunded $100.00");
    // The confirmation sits at the top of Payments, above the payments it changed; the deposit reads
    // "partly refunded"; the form starts again empty, with what is left.
    await expect(payments.locator(":scope > h2 + *")).toHaveText(
      /^Refund made: credit note C\d{4}-0001 was issued/,
    );
    await expect(payments.getByTestId("payment-state")).toHaveText(["partly refunded"]);
    await expect(form).toContainText("$100.00 refunded: up to $591.36 left");
    await expect(form.getByLabel("Amount to refund (CAD)")).toHaveValue("");
    await expect(form.getByLabel("Reason (printed on the credit note)")).toHaveValue("");
    await expect(
      form.getByRole("checkbox", { name: "Give this money back to the client's card now" }),
    ).not.toBeChecked();

    // The studio clicks the button again (as found by hand): nothing more leaves, exactly one credit note.
    await refundButton.click();
    await page.waitForTimeout(1_500);
    await expect(page.getByRole("link", { name: /^Credit note C\d{4}-0002/ })).toHaveCount(0);
    const countOf = (query: string) => Number(readRows<{ n: number }>(dbPath, query)[0]!.n);
    expect(countOf("select count(*) as n from money_documents where kind = 'credit_note'")).toBe(1);
    expect(countOf("select count(*) as n from refunds")).toBe(1);
    expect(
      readRows<{ refunded_cents: number }>(
        dbPath,
        "select refunded_cents from payments where status = 'paid'",
      ),
    ).toEqual([{ refunded_cents: 10_000 }]);

    // The client's email, with the credit note's PDF: its number, the documents it credits, the amounts and taxes reversed.
    await expect
      .poll(() => smtp.messages.filter((m) => m.subject.includes("credit note")).length, { timeout: 60_000 })
      .toBe(1);
    const mail = smtp.messages.find((m) => m.subject.includes("credit note"))!;
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toMatch(
      /^\[TEST\] Refund of \$100\.00 CAD for quote Q-[0-9A-F]{8}: credit note C\d{4}-0001$/,
    );
    const parsed = await simpleParser(mail.raw);
    const [attachment] = parsed.attachments;
    expect(attachment!.filename).toMatch(/^credit-note-C\d{4}-0001\.pdf$/);
    const text = pdfText(attachment!.content);
    expect(text).toMatch(/Credit note C\d{4}-0001/);
    expect(text).toContain(`receipt ${receipt!.number}`);
    expect(text).toContain(`GST/HST registration number: ${GST_NUMBER}`);
    expect(text).toContain("Reason: Blog section dropped from the scope");
    expect(text).toContain("GST 5% reversed $4.47 CAD");
    expect(text).toContain("PST 7% (BC) reversed $6.25 CAD");
    expect(text).toContain("Total refunded $100.00 CAD");

    // The payments list reads it the same way.
    await page.goto(`${origin}/studio/payments`);
    await expect(page.getByRole("row").filter({ hasText: "$691.36 CAD" })).toContainText("partly refunded");

    // The accounting page: the credit note as a negative line, and received less it.
    await page.goto(`${origin}/studio/accounting`);
    const line = page.getByRole("row").filter({ hasText: /C\d{4}-0001/ });
    await expect(line).toContainText("-$100.00 CAD");
    await expect(line).toContainText("-$89.28 CAD");
    await expect(page.getByRole("row", { name: /Refunded \(credit notes\)/ })).toContainText("-$100.00 CAD");
    await expect(page.getByRole("row", { name: /Received, less refunds/ })).toContainText("$591.36 CAD");
    await checkA11y();
  } finally {
    await own.stop();
  }
});
