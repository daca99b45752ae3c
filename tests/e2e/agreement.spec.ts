import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";

import { pdfSignature, pdfText } from "../helpers/pdf";
import { expect, test } from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * Accept means sign, end to end in Chromium against the production build with
 * a real SMTP server (in process): the studio sends a quote with the CLI; the
 * client, impatient (fills in and presses at once, presses twice), signs with
 * a typed name and pays the deposit in the sandbox checkout; the agreement
 * PDF arrives by email to the client and the studio, sealed, and its text names the
 * signer, the amounts, the audit trail and the sandbox's TEST mark.
 */
test("a client signs with a typed name, pays the deposit, and the sealed agreement PDF arrives with name, amounts and audit trail", async ({
  checkA11y,
  page,
}) => {
  test.setTimeout(180_000);
  const own = await startMailedServer("agreement", { GST_HST_NUMBER: "123456789 RT0001" });
  const { base: origin, smtp } = own;
  try {
    const email = `agreement-${Date.now()}@example.com`;
    const sent = await fetch(`${origin}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, "x-forwarded-for": "198.51.100.30" },
      body: JSON.stringify({
        firstName: "Grace",
        lastName: "Hopper",
        email,
        projectType: "basic",
        message: "A small site for our compiler workshop, please.",
      }),
    });
    const { id: leadId } = (await sent.json()) as { id: string };
    const { link, quoteId } = own.sentQuote(leadId, { tax: "GST" });
    const reference = `Q-${quoteId.slice(0, 8).toUpperCase()}`;

    // Impatient: the form is filled in and sent as soon as the page is there, no waiting for anything else.
    await page.goto(link, { waitUntil: "commit" });
    await page.getByLabel("Your full legal name").fill("Grace Brewster Hopper");
    await page.getByLabel("Company (if you sign for one)").fill("Harvard Computation Lab");
    // Sent without the box ticked (the browser's own check bypassed, as an old browser would): the server says why.
    await page.locator("form:has(#legalName)").evaluate((form) => form.setAttribute("novalidate", ""));
    const [refusedTab] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Sign and pay the deposit" }).click(),
    ]);
    await expect(refusedTab.getByText("Tick the box to agree to the quote and its terms.")).toBeVisible();
    await refusedTab.close();
    await checkA11y();

    await page.getByLabel(/I have read this quote/).check();
    const tabs: Page[] = [];
    page.context().on("page", (p) => tabs.push(p));
    await page.getByRole("button", { name: "Sign and pay the deposit" }).dblclick();
    await expect.poll(() => tabs.length).toBe(2);
    for (const tab of tabs) await expect(tab).toHaveURL(/\/checkout\/sandbox\//);
    // Two posts, one signature, one checkout.
    expect(new Set(tabs.map((t) => t.url())).size).toBe(1);
    const checkout = tabs[0]!;
    // 1,234.56 + GST 61.73 = 1,296.29; half of it: 648.15 (648.145 rounded).
    await checkout.getByRole("button", { name: /648\.15/ }).click();
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);

    // The quote page now shows the signature, the PDF and what its seal is for (no digest: issue 38).
    await page.reload();
    await expect(
      page.getByText(/Signed by Grace Brewster Hopper for Harvard Computation Lab on/),
    ).toBeVisible();
    await expect(page.getByText(/The PDF is sealed with .* digital signature/)).toBeVisible();
    await expect(page.getByText(/SHA-256/)).toHaveCount(0);
    await checkA11y();
    const download = await page.request.get(`${link}/agreement.pdf`);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect(pdfText(await download.body())).toContain("Grace Brewster Hopper");
    expect(pdfSignature(await download.body())).toMatchObject({
      validation: "Signature is Valid.",
      wholeDocument: true,
    });

    // The emails with the PDF: one to the client, one to the studio.
    await expect
      .poll(() => smtp.messages.filter((m) => /signed/i.test(m.subject)).length, { timeout: 60_000 })
      .toBe(2);
    const agreementMails = smtp.messages.filter((m) => /signed/i.test(m.subject));
    expect(agreementMails.map((m) => m.to[0]).sort()).toEqual([email, "studio@example.com"].sort());
    for (const mail of agreementMails) {
      const parsed = await simpleParser(mail.raw);
      const [pdf] = parsed.attachments;
      expect(pdf?.filename).toBe(`agreement-${reference}-v1.pdf`);
      const text = pdfText(pdf!.content);
      for (const expected of [
        "Grace Brewster Hopper",
        "Harvard Computation Lab",
        "Audit trail",
        "TEST",
        "$1,296.29 CAD",
        "$648.15 CAD",
        "$648.14 CAD",
        "GST 5%",
        "$61.73 CAD",
        reference,
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
    // And the stored agreement still verifies.
    const verified = own.cli("agreement-verify", ["--", reference]);
    expect(verified.trim().split("\n").at(-1)).toBe("MATCH");
  } finally {
    await own.stop();
  }
});
