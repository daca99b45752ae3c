import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";

import { pdfText } from "../helpers/pdf";
import { expect, expectNoA11yViolations, expectNoSideScroll, newStudioAccount, test } from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * Issue 42's acceptance in Chromium with the sandbox (no Stripe), on a server of this test's
 * own (the in-process SMTP fake, a GST/HST number): a visitor subscribes to the middle plan
 * from /pricing; the first invoice and receipt arrive (numbers, GST and PST read back from the
 * PDFs); the clock moves a month and the renewal's documents arrive; a failed renewal emails
 * the client and shows on the studio's home; the client updates the card and the retry pays;
 * the client cancels at the period's end from the portal; the studio's MRR follows each step.
 */
const PORT = Number(process.env.CARE_PLANS_E2E_PORT ?? 4613);
const GST_NUMBER = "123456789 RT0001";

test("a care plan's life in the sandbox: subscribe, documents, renewal, failure, new card, cancel, MRR", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await startMailedServer("care-plans", { GST_HST_NUMBER: GST_NUMBER }, { port: PORT });
  const origin = server.base;
  try {
    const email = `plan-${randomBytes(4).toString("hex")}@example.com`;
    const mails = (subject: RegExp) =>
      server.smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));
    /** The receipt emails so far, read back: subject, invoice and receipt numbers, the PDFs' text. */
    const receipts = async () =>
      Promise.all(
        mails(/Receipt R\d{4}-\d{4}/).map(async (m) => {
          const parsed = await simpleParser(m.raw);
          return {
            subject: m.subject,
            files: parsed.attachments.map((a) => a.filename),
            texts: parsed.attachments.map((a) => pdfText(a.content)),
          };
        }),
      );

    // The studio, signed in: no plan yet.
    const studio = await (await browser.newContext()).newPage();
    const account = await newStudioAccount(server.databasePath);
    await studio.goto(`${origin}/studio/login`);
    await studio.getByLabel("Email").fill(account.email);
    await studio.getByLabel("Password").fill(account.password);
    await studio.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(studio).toHaveURL(/\/studio$/);
    const mrr = async () => {
      await studio.goto(`${origin}/studio`);
      const figures = studio.getByTestId("home-plans");
      return {
        mrr: await figures
          .locator("div", { hasText: "Monthly recurring revenue" })
          .locator("dd")
          .first()
          .innerText(),
        failed: await figures
          .locator("div", { hasText: "Failed payments" })
          .locator("dd")
          .first()
          .innerText(),
      };
    };
    expect(await mrr()).toEqual({ mrr: "$0.00 CAD", failed: "0" });

    // A visitor subscribes to the middle plan from /pricing, in BC.
    const client = await (await browser.newContext()).newPage();
    await client.goto(`${origin}/pricing`);
    const growth = client.getByRole("article", { name: "Growth Care" });
    await growth.getByLabel("Your province").selectOption("BC");
    await growth.getByRole("button", { name: "Subscribe to Growth Care" }).click();
    await expect(client).toHaveURL(/\/billing\/sandbox\/checkout\/sbx_cs_/);
    await expect(client.getByText("TEST CHECKOUT: no money moves")).toBeVisible();
    // $125 + GST $6.25 + PST $8.75.
    await expect(client.getByRole("button", { name: "Subscribe (test): $140.00 CAD a month" })).toBeVisible();
    for (const width of [375, 1280, 1440]) {
      await client.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(client, width);
      await client.screenshot({
        path: test.info().outputPath(`sandbox-checkout-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoA11yViolations(client);
    await client.getByLabel("Email").fill(email);
    await client.getByLabel("Name on the card").fill("Dana Client");
    await client.getByRole("button", { name: /^Subscribe \(test\)/ }).click();
    await expect(client.getByRole("heading", { name: "Subscribed (test)" })).toBeVisible();

    // The first invoice and receipt arrive, numbered, with GST and PST, marked TEST.
    await expect.poll(async () => (await receipts()).length, { timeout: 60_000 }).toBe(1);
    const [first] = await receipts();
    expect(first!.subject).toMatch(/^\[TEST\] Receipt R2026-0001: \$140\.00 CAD for Growth Care$/);
    expect(first!.files).toEqual(["invoice-2026-0001.pdf", "receipt-R2026-0001.pdf"]);
    for (const text of first!.texts) {
      expect(text).toContain(GST_NUMBER);
      expect(text).toMatch(/GST 5%.*\$6\.25/);
      expect(text).toMatch(/PST 7% \(BC\).*\$8\.75/);
      expect(text).toMatch(/TEST\s+·\s+made with the sandbox payment provider/);
    }
    expect(first!.texts[0]).toContain("Invoice 2026-0001");
    expect(first!.texts[1]).toContain("Receipt R2026-0001");
    expect(await mrr()).toEqual({ mrr: "$125.00 CAD", failed: "0" });

    // The client signs in to the portal by the link that reaches the inbox, and opens billing.
    await client.goto(`${origin}/portal`);
    await client.getByLabel("Email").fill(email);
    await client.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect.poll(() => mails(/sign-in link/).length, { timeout: 60_000 }).toBe(1);
    const link = /https?:\/\/\S+magic-link\/verify\?[^\s\])>"]+/.exec(mails(/sign-in link/)[0]!.text)![0];
    await client.goto(link.replaceAll("&amp;", "&"));
    await expect(client).toHaveURL(`${origin}/portal`);
    await client.goto(`${origin}/portal/plans`);
    const plans = client.getByRole("list", { name: "Your care plans" });
    await expect(plans).toContainText(/Growth Care.*\$125\.00 a month \+ tax · Active · Renews /);
    await expect(plans).toContainText("Changes this month: 0 h of 1 h used");
    await openBilling(client);

    // The clock moves a month: the renewal's invoice and receipt arrive.
    await client.getByRole("button", { name: "Move the clock a month (test)" }).click();
    await expect(client.getByRole("status")).toContainText("A month went by (test)");
    await expect.poll(async () => (await receipts()).length, { timeout: 60_000 }).toBe(2);
    expect((await receipts()).map((r) => r.files[1])).toContain("receipt-R2026-0002.pdf");
    expect(await mrr()).toEqual({ mrr: "$125.00 CAD", failed: "0" });

    // The card declines the next month: the client is emailed a link to update it; the studio's home shows it.
    await client.getByRole("button", { name: "Make the card decline (test)" }).click();
    await client.getByRole("button", { name: "Move the clock a month (test)" }).click();
    await expect(client.getByRole("definition").filter({ hasText: "Payment failed" })).toBeVisible();
    await expect.poll(() => mails(/Action needed/).length, { timeout: 60_000 }).toBe(1);
    const failed = mails(/Action needed/)[0]!;
    expect(failed.subject).toBe("[TEST] Action needed: your Growth Care payment did not go through");
    expect(await mrr()).toEqual({ mrr: "$125.00 CAD", failed: "1" });
    const attention = studio.getByRole("region", { name: "Care plans not paid" });
    await expect(attention).toContainText("Dana Client");
    for (const width of [375, 1280, 1440]) {
      await studio.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(studio, width);
      await studio.screenshot({ path: test.info().outputPath(`studio-home-${width}.png`), fullPage: true });
    }

    // The client follows the email's link, updates the card, and the retry pays the month.
    const update = /https?:\/\/\S+\/api\/care-plans\/billing\/[^\s\])>"]+/.exec(failed.text)![0];
    await client.goto(update);
    await expect(client).toHaveURL(/\/billing\/sandbox\/portal\//);
    await client.getByRole("button", { name: "Update card (test)" }).click();
    await expect(client.getByRole("status")).toContainText("Card updated (test)");
    await expect.poll(async () => (await receipts()).length, { timeout: 60_000 }).toBe(3);
    expect(await mrr()).toEqual({ mrr: "$125.00 CAD", failed: "0" });

    // The studio logs an hour and a half of changes; the client sees the same figure.
    await studio.goto(`${origin}/studio/plans`);
    const row = studio.getByTestId("studio-plan").filter({ hasText: "Dana Client" });
    await row.getByText("Log work on this plan").click();
    await row.getByLabel("Hours").fill("1.5");
    await row.getByLabel("What was done (optional)").fill("New opening hours banner");
    await row.getByRole("button", { name: "Log hours" }).click();
    await expect(row.getByTestId("plan-hours")).toHaveText(
      "Changes this month: 1.5 h of 1 h (over the allowance)",
    );
    for (const width of [375, 1280, 1440]) {
      await studio.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(studio, width);
      await studio.screenshot({ path: test.info().outputPath(`studio-plans-${width}.png`), fullPage: true });
    }
    await expectNoA11yViolations(studio);
    await studio.goto(`${origin}/studio/settings/plans`);
    for (const width of [375, 1280, 1440]) {
      await studio.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(studio, width);
      await studio.screenshot({
        path: test.info().outputPath(`studio-plan-settings-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoA11yViolations(studio);
    await client.goto(`${origin}/portal/plans`);
    await expect(plans).toContainText("Changes this month: 1.5 h of 1 h used");

    // The client cancels at the period's end from the portal: billed until then, then ended.
    await openBilling(client);
    for (const width of [375, 1280, 1440]) {
      await client.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(client, width);
      await client.screenshot({
        path: test.info().outputPath(`sandbox-portal-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoA11yViolations(client);
    await client.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(client.getByRole("status")).toContainText("Your plan ends at the end of the paid month.");
    await client.getByRole("link", { name: /^Return to / }).click();
    await expect(client).toHaveURL(`${origin}/portal/plans`);
    await expect(plans).toContainText(/Growth Care.*Active · Ends /);
    expect(await mrr()).toEqual({ mrr: "$125.00 CAD", failed: "0" });
    await openBilling(client);
    await client.getByRole("button", { name: "Move the clock a month (test)" }).click();
    await client.goto(`${origin}/portal/plans`);
    await expect(plans).toContainText(/Growth Care.*Ended/);
    expect(await mrr()).toEqual({ mrr: "$0.00 CAD", failed: "0" });
    expect((await receipts()).length).toBe(3);
  } finally {
    await server.stop();
  }
});

/** The portal's "Manage billing" for the plan: the sandbox's stand-in for Stripe's customer portal. */
async function openBilling(page: Page) {
  await page.getByRole("button", { name: "Manage billing of Growth Care" }).click();
  await expect(page).toHaveURL(/\/billing\/sandbox\/portal\//);
  await expect(page.getByRole("heading", { name: "Test billing" })).toBeVisible();
}
