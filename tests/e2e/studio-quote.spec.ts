import type { Page } from "@playwright/test";

import { storedQuotePayments, storedQuotes } from "./database";
import { expect, signedInWithLead, signForDeposit, test } from "./fixtures";

/**
 * The acceptance path in the back office: sign in, create a 1,234.56
 * CAD quote with a 50% deposit on a lead's page and send it; the client opens
 * the link in a fresh browser context, accepts and pays 617.28 on the sandbox
 * checkout; the back office then shows the quote's deposit paid and the lead Won.
 */
test("a quote made on the lead page is sent, its deposit paid by the client, and the lead is Won", async ({
  page,
  browser,
  checkA11y,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { leadId, lastName } = await signedInWithLead(page, page.request, baseURL!);
  // No waiting for the scripts: a person types as soon as the form is there (the next test types before them).
  await page.goto(`/studio/leads/${leadId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(lastName);

  const quotes = page.getByRole("region", { name: "Quotes" });
  await expect(quotes).toContainText("No quotes yet.");
  await quotes.getByLabel("Package", { exact: true }).selectOption("pro");
  await quotes.getByLabel("Package amount (CAD)").fill("1,234.56");
  await expect(quotes.getByLabel("Deposit (% of total, empty for none)")).toHaveValue("50");
  // No GST_HST_NUMBER on this server: a small supplier, so no line may carry a tax, and the form says why.
  await expect(quotes.getByRole("checkbox", { name: "GST on the package" })).toBeDisabled();
  await expect(quotes).toContainText("the studio is a small supplier and charges no tax");
  await quotes.getByRole("button", { name: "Create draft quote" }).click();

  const item = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
  await expect(item.getByTestId("quote-state")).toHaveText("Draft");
  await expect(item).toContainText("$1,234.56 CAD");
  await expect(item).toContainText("$617.28 CAD");
  await item.getByRole("button", { name: /Send to client/ }).click();
  await expect(item.getByTestId("quote-state")).toHaveText("Sent");
  await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Quoted");
  const link = await item.getByLabel("Client link").inputValue();
  expect(link).toMatch(/\/quote\/[A-Za-z0-9_-]{43}$/);
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await quotes.screenshot({ path: test.info().outputPath(`quotes-lead-${width}.png`) });
  }

  // The client, in a browser context of their own.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(new URL(link).pathname);
  await expect(clientPage.getByTestId("quote-total")).toHaveText("$1,234.56 CAD");
  // Sent, not signed: no invoice yet (decision 0046).
  await expect(clientPage.getByRole("region", { name: "Invoices and receipts" })).toHaveCount(0);
  for (const width of [375, 1440]) {
    await clientPage.setViewportSize({ width, height: 900 });
    await clientPage.screenshot({
      path: test.info().outputPath(`quotes-client-${width}.png`),
      fullPage: true,
    });
  }
  // Decision 0018: checkout opens in a new tab; the quote stays in this one.
  const checkout = await signForDeposit(clientPage, "Ada Lovelace");
  await expect(checkout).toHaveURL(/\/checkout\/sandbox\//);
  await checkout.getByRole("button", { name: /617\.28/ }).click();
  await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);
  const reference = (await item.getByRole("heading").textContent())!.replace("Quote ", "").trim();
  await expect(checkout.getByText(`${reference} (deposit)`)).toBeVisible();
  await expect(checkout.getByText("$617.28 CAD")).toBeVisible();
  await expect(clientPage).toHaveURL(/\/quote\//);
  // The deposit's invoice (issued by the signature) and its receipt, each a PDF the client downloads.
  await clientPage.reload();
  const documents = clientPage.getByRole("region", { name: "Invoices and receipts" });
  await expect(documents.getByRole("link", { name: /^Invoice \d{4}-\d{4} \(deposit\)$/ })).toBeVisible();
  const [receiptPdf] = await Promise.all([
    clientPage.waitForEvent("download"),
    documents.getByRole("link", { name: /^Receipt R\d{4}-\d{4} \(deposit\)$/ }).click(),
  ]);
  expect(receiptPdf.suggestedFilename()).toMatch(/^receipt-R\d{4}-\d{4}\.pdf$/);
  await client.close();

  await page.reload();
  await expect(item.getByTestId("quote-state")).toHaveText("Deposit paid");
  await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Won");
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`Quote ${reference} deposit paid`);
  await expect(timeline).toContainText("Status: Quoted → Won");
  await expect(item.getByRole("button", { name: /Send balance request/ })).toBeVisible();
  await expect(item.getByRole("link", { name: /^Receipt R\d{4}-\d{4} \(deposit\)$/ })).toBeVisible();
  await checkA11y();

  // The owner reads words, not codes (issue 37): the package, the part, who took it, each notification.
  const payments = page.getByRole("table", { name: "Payments of this lead" });
  await expect(payments).toContainText("Pro Website");
  await expect(payments).toContainText("Deposit");
  await expect(payments).toContainText("Test mode (no money moved)");
  const deliveries = page.getByRole("table", { name: "Delivery history of this lead's notifications" });
  await expect(deliveries).toContainText("Inquiry received, to the client");
  for (const table of [payments, deliveries])
    await expect(table).not.toContainText(/\bsandbox\b|\bpro\b|-email\b|\bdeposit\b/);
  for (const width of [375, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`lead-words-${width}.png`), fullPage: true });
  }
  await page.goto("/studio/payments");
  const all = page.getByRole("table", { name: "Payments, newest first" });
  await expect(all).toContainText("Test mode (no money moved)");
  await expect(all).not.toContainText(/\bsandbox\b/);
  for (const width of [375, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`payments-words-${width}.png`), fullPage: true });
  }
});

/**
 * The impatient studio and client: the lead page's scripts are held back, so
 * the form is typed and sent as plain HTML (a slow phone); Create and Send are
 * double-clicked (Chrome folds a double click on a plain form into one post;
 * the same form posted twice, as a document post and a data request at once,
 * is tests/integration/studio-quotes.test.ts); then the client double-clicks
 * Pay, which posts into two tabs.
 * One quote, one send, one checkout session.
 */
test("typed and submitted before the scripts load, Create and Send double-clicked, Pay double-clicked: one of each", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { leadId } = await signedInWithLead(page, page.request, baseURL!);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // "commit": the page's module scripts are held, so its DOMContentLoaded never comes until they are released.
  await page.goto(`/studio/leads/${leadId}`, { waitUntil: "commit" });
  const quotes = page.getByRole("region", { name: "Quotes" });
  await quotes.getByLabel("Package amount (CAD)").fill("1,234.56");
  await quotes.getByRole("button", { name: "Create draft quote" }).dblclick();

  const item = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
  await expect(item.getByTestId("quote-state")).toHaveText("Draft");
  await expect(item).toContainText("$617.28 CAD");
  expect(storedQuotes(leadId)).toHaveLength(1);

  await item.getByRole("button", { name: /Send to client/ }).dblclick();
  await expect(item.getByTestId("quote-state")).toHaveText("Sent");
  await expect(quotes.getByRole("alert")).toHaveCount(0);
  const [quote] = storedQuotes(leadId);
  expect(quote!.status).toBe("sent");
  const link = await item.getByLabel("Client link").inputValue();
  release();

  // The client double-clicks Pay: each click posts (each into a new tab); both tabs reach the same checkout.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(new URL(link).pathname);
  const tabs: Page[] = [];
  client.on("page", (p) => tabs.push(p));
  await clientPage.getByLabel("Your full legal name").fill("Ada Lovelace");
  await clientPage.getByLabel(/I have read this quote/).check();
  await clientPage.getByRole("button", { name: "Sign and pay the deposit" }).dblclick();
  // Each click posts into a tab of its own.
  await expect.poll(() => tabs.length).toBe(2);
  for (const tab of tabs) await expect(tab).toHaveURL(/\/checkout\/sandbox\//);
  expect(new Set(tabs.map((t) => t.url())).size).toBe(1);
  const payments = storedQuotePayments(quote!.id);
  expect(payments.map((p) => [p.kind, p.status])).toEqual([["deposit", "pending"]]);
  await client.close();
});
