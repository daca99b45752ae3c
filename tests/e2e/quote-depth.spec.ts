import { expect, signedInWithLead, signForDeposit, test } from "./fixtures";

/**
 * Issue 38 in Chromium: the studio adds a catalogue add-on, quotes a lead with a scope and that
 * add-on as an option; the client ticks it (the total follows, computed by the server), signs;
 * the studio countersigns. Screens are pictured at 375 and 1280 px.
 */
test("a catalogue add-on offered as an option is ticked, signed for and countersigned", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { leadId } = await signedInWithLead(page, page.request, baseURL!);
  await page.goto("/studio/settings/catalogue");
  await page.getByLabel("Name").last().fill("Blog setup");
  await page.getByLabel("Default price (CAD)").last().fill("300.00");
  await page.getByRole("button", { name: "Add to the catalogue" }).click();
  await expect(page.getByText("Blog setup saved")).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`catalogue-${width}.png`), fullPage: true });
  }

  await page.goto(`/studio/leads/${leadId}`);
  const quotes = page.getByRole("region", { name: "Quotes" });
  await quotes.getByLabel("Package amount (CAD)").fill("1,000.00");
  await quotes.getByLabel("Scope of work (optional)").fill("# Launch plan\n\n- Five pages\n- A contact form");
  await quotes
    .getByLabel("Line 1 from the catalogue")
    .selectOption({ label: "Blog setup (Add-on, $300.00 CAD)" });
  await expect(quotes.getByLabel("Line 1 description")).toHaveValue("Blog setup");
  await quotes.getByLabel(/Line 1 is optional/).check();
  await quotes.getByRole("button", { name: "Create draft quote" }).click();
  const item = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
  await item.getByRole("button", { name: /Send to client/ }).click();
  await expect(item.getByTestId("quote-state")).toHaveText("Sent");
  const link = await item.getByLabel("Client link").inputValue();

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(new URL(link).pathname);
  await expect(clientPage.getByRole("heading", { name: "Launch plan" })).toBeVisible();
  await expect(clientPage.getByTestId("quote-total")).toHaveText("$1,000.00 CAD");
  await clientPage.getByLabel(/Blog setup/).check();
  // The server's figures replace the shown ones.
  await expect(clientPage.getByTestId("quote-total")).toHaveText("$1,300.00 CAD");
  await expect(clientPage.getByText("Amount due now: $650.00 CAD")).toBeVisible();
  for (const width of [375, 1280]) {
    await clientPage.setViewportSize({ width, height: 900 });
    await clientPage.screenshot({
      path: test.info().outputPath(`client-options-${width}.png`),
      fullPage: true,
    });
  }
  const checkout = await signForDeposit(clientPage, "Ada Lovelace");
  await checkout.close();
  await client.close();

  await page.reload();
  const signed = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
  await expect(signed.getByTestId("quote-signed")).toContainText("Signed by Ada Lovelace");
  await expect(signed).toContainText("$1,300.00 CAD");
  await signed.locator("summary", { hasText: "Countersign" }).click();
  await signed.getByLabel("Signing for the studio (full name)").fill("Jane Doe");
  await signed.getByRole("button", { name: "Countersign the agreement" }).click();
  await expect(signed.getByTestId("quote-countersigned")).toContainText("Countersigned by Jane Doe (Owner)");
});
