import { CONTRACT_CLAUSES } from "../../app/content/contract";
import { pdfSignature, pdfText } from "../helpers/pdf";
import {
  expect,
  expectNoA11yViolations,
  expectNoSideScroll,
  signedInWithLead,
  signForDeposit,
  test,
} from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * Issue 38 in Chromium, the studio's side end to end, on a server of its own whose mail the
 * in-process SMTP fake reads: the studio adds a catalogue add-on, quotes a lead with a scope and
 * that add-on as an option, previews it as the client, sends it with a personal note (read back
 * from the email); the client opens the emailed link, ticks the add-on (the total follows,
 * computed by the server) and signs; the studio countersigns. New screens are pictured at 375,
 * 1280 and 1440 px without sideways scrolling, and axe-checked.
 */
let own: Awaited<ReturnType<typeof startMailedServer>>;

test.beforeAll(async () => {
  own = await startMailedServer("quote-depth");
});
test.afterAll(async () => {
  await own?.stop();
});

const WIDTHS = [375, 1280, 1440];

test("the studio previews a quote as the client, sends it with a note; the client ticks the add-on and signs; the studio countersigns", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { base, smtp, databasePath } = own;
  const { leadId, email } = await signedInWithLead(page, page.request, base, databasePath);
  // Registered for GST and BC PST: the invoices charge both and print both numbers.
  await page.goto(`${base}/studio/settings`);
  await page.getByLabel("GST/HST number").fill("123456789 RT0001");
  await page.getByLabel("BC PST number").fill("7654-3210");
  await page.getByRole("button", { name: "Save the numbers" }).click();
  await expect(page.getByText("documents issued from now on carry these numbers")).toBeVisible();
  await page.goto(`${base}/studio/settings/catalogue`);
  await page.getByLabel("Name").last().fill("Blog setup");
  await page.getByLabel("Default price (CAD)").last().fill("300.00");
  await page.getByRole("button", { name: "Add to the catalogue" }).click();
  await expect(page.getByText("Blog setup saved")).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`catalogue-${width}.png`), fullPage: true });
  }

  await page.goto(`${base}/studio/leads/${leadId}`);
  const quotes = page.getByRole("region", { name: "Quotes" });
  await quotes.getByLabel("Package amount (CAD)").fill("1,000.00");
  await quotes.getByRole("checkbox", { name: "GST on the package" }).check();
  await quotes.getByRole("checkbox", { name: "PST on the package" }).check();
  await quotes.getByLabel("Scope of work (optional)").fill("# Launch plan\n\n- Five pages\n- A contact form");
  await quotes
    .getByLabel("Line 1 from the catalogue")
    .selectOption({ label: "Blog setup (Add-on, $300.00 CAD)" });
  await expect(quotes.getByLabel("Line 1 description")).toHaveValue("Blog setup");
  await quotes.getByLabel(/Line 1 is optional/).check();
  await quotes.getByRole("button", { name: "Create draft quote" }).click();
  const item = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
  await expect(item.getByTestId("quote-state")).toHaveText("Draft");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSideScroll(page, width);
    await item.screenshot({ path: test.info().outputPath(`draft-${width}.png`) });
  }
  // The lead's page with the draft's note field and preview link.
  await expectNoA11yViolations(page);

  // Preview as the client: the client's page, labelled, every action off, no view counted.
  await item.getByRole("link", { name: /Preview as the client/ }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/leads/${leadId}/quotes/[^/]+/preview$`));
  await expect(page.getByTestId("quote-preview-banner")).toContainText("Preview as the client");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Quote Q");
  await expect(page.getByRole("heading", { name: "Launch plan" })).toBeVisible();
  await expect(page.getByTestId("quote-total")).toHaveText("$1,120.00 CAD");
  await expect(page.getByLabel(/Blog setup/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign and pay the deposit" })).toBeDisabled();
  await expect(page.getByText(/Service agreement \(version \d+\)/)).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSideScroll(page, width);
    await page.screenshot({ path: test.info().outputPath(`preview-${width}.png`), fullPage: true });
  }
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Back to the lead" }).click();
  await expect(item.getByTestId("quote-state")).toHaveText("Draft");

  // Sent with a note; the email carries it, and the link the client follows (TEST: the sandbox).
  const note = "Lovely to meet you, Grace.\nThe blog can wait for phase two if you prefer.";
  await item.getByLabel("Personal note for the email (optional)").fill(note);
  await item.getByRole("button", { name: /Send to client/ }).click();
  await expect(item.getByTestId("quote-state")).toHaveText("Sent");
  await expect(item).toContainText("Note sent with the quote");
  await expectNoSideScroll(page, 1440);
  await expect
    .poll(
      () =>
        smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("[TEST] Your quote")).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(1);
  const mail = smtp.messages.find((m) => m.to.includes(email) && m.subject.startsWith("[TEST] Your quote"))!;
  expect(mail.text).toContain("Lovely to meet you, Grace.");
  expect(mail.text).toContain("The blog can wait for phase two if you prefer.");
  const link = new RegExp(`${base}/quote/[\\w-]{43}`).exec(mail.text)![0];
  expect(link).toBe(await item.getByLabel("Client link").inputValue());

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(link);
  await expect(clientPage.getByTestId("quote-preview-banner")).toHaveCount(0);
  await expect(clientPage.getByRole("heading", { name: "Launch plan" })).toBeVisible();
  await expect(clientPage.getByTestId("quote-total")).toHaveText("$1,120.00 CAD");
  await clientPage.getByLabel(/Blog setup/).check();
  // The server's figures replace the shown ones.
  // The catalogue's add-on carries GST (its default), not PST.
  await expect(clientPage.getByTestId("quote-total")).toHaveText("$1,435.00 CAD");
  await expect(clientPage.getByText("Amount due now: $717.50 CAD")).toBeVisible();
  for (const width of WIDTHS) {
    await clientPage.setViewportSize({ width, height: 900 });
    await clientPage.screenshot({
      path: test.info().outputPath(`client-options-${width}.png`),
      fullPage: true,
    });
  }
  const checkout = await signForDeposit(clientPage, "Grace Hopper", "Hopper Compilers Inc.");
  // The deposit paid with the sandbox provider: its invoice is paid and its receipt issued.
  await checkout.getByRole("button", { name: /^Pay/ }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=sbx_/);
  await checkout.close();

  await page.reload();
  const signed = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
  await expect(signed.getByTestId("quote-signed")).toContainText("Signed by Grace Hopper");
  await expect(signed).toContainText("$1,435.00 CAD");
  await signed.locator("summary", { hasText: "Countersign" }).click();
  await signed.getByLabel("Signing for the studio (full name)").fill("Jane Doe");
  await signed.getByRole("button", { name: "Countersign the agreement" }).click();
  await expect(signed.getByTestId("quote-countersigned")).toContainText("Countersigned by Jane Doe (Owner)");

  // The agreement as the studio downloads it.
  const agreement = await page.request.get(
    `${base}${await signed.getByRole("link", { name: /Agreement PDF/ }).getAttribute("href")}`,
  );
  expect(agreement.ok()).toBe(true);
  const pdf = await agreement.body();
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  // Sealed: poppler's pdfsig finds the studio's signature valid over the whole file; the text
  // carries both names, the contract's clauses, the scope and the ticked add-on.
  expect(pdfSignature(pdf)).toMatchObject({ validation: "Signature is Valid.", wholeDocument: true });
  const text = pdfText(pdf);
  for (const words of [
    "Grace Hopper",
    "Jane Doe",
    "Launch plan",
    "Five pages",
    "Blog setup",
    ...CONTRACT_CLAUSES,
  ])
    expect(text).toContain(words);

  // The deposit's invoice and receipt as the client downloads them from the quote's page.
  await clientPage.goto(link);
  const documents = clientPage.getByRole("region", { name: "Invoices and receipts" });
  const download = async (name: RegExp) => {
    const href = await documents.getByRole("link", { name }).getAttribute("href");
    const res = await clientPage.request.get(`${base}${href}`);
    expect(res.ok()).toBe(true);
    return pdfText(await res.body());
  };
  const invoice = await download(/Invoice \d{4}-\d{4} \(deposit\)/);
  const receipt = await download(/Receipt R\d{4}-\d{4} \(deposit\)/);
  const invoiceNumber = /Invoice (\d{4}-\d{4})/.exec(invoice)![1]!;
  for (const doc of [invoice, receipt]) {
    // The line table, the studio's numbers (PST charged on the package), the buyer as signed, TEST.
    expect(doc).toContain("Description Qty Unit price Tax Amount");
    expect(doc).toMatch(/Website 1 \$1,000\.00 GST \+ PST \$1,000\.00/);
    expect(doc).toMatch(/Blog setup 1 \$300\.00 GST \$300\.00/);
    expect(doc).toContain("GST/HST registration number: 123456789 RT0001");
    expect(doc).toContain("PST registration number: PST-7654-3210");
    expect(doc).toContain("Billed to: Grace Hopper, Hopper Compilers Inc.");
    expect(doc).toContain("TEST · made with the sandbox payment provider");
  }
  // Due on receipt (the deposit is due to start), and paid: no pay link left on it.
  expect(invoice).toContain("Due on receipt");
  expect(invoice).not.toContain("/quote/");
  expect(receipt).toContain(`Pays invoice ${invoiceNumber} (the deposit of quote Q-`);
  await client.close();
});

test("settings and account: tax numbers, reminders and the password form are axe-clean and fit 375, 1280 and 1440 px", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { base, databasePath } = own;
  await signedInWithLead(page, page.request, base, databasePath);
  await page.goto(`${base}/studio/settings`);
  // A refusal is shown beside its field, focusable and announced.
  await page.getByLabel("GST/HST number").fill("12345");
  await page.getByRole("button", { name: "Save the numbers" }).click();
  await expect(page.locator("#gstHstNumber-error")).toContainText("9 digits, RT and 4 digits");
  await page.getByLabel("GST/HST number").fill("123456789 RT0001");
  await page.getByLabel("BC PST number").fill("1234-5678");
  await page.getByRole("button", { name: "Save the numbers" }).click();
  await expect(page.getByText("documents issued from now on carry these numbers")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent changes" })).toContainText("PST-1234-5678");
  for (const path of ["/studio/settings", "/studio/account"]) {
    await page.goto(`${base}${path}`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSideScroll(page, width);
      await page.screenshot({
        path: test.info().outputPath(`${path.split("/").pop()}-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoA11yViolations(page);
  }
});
