import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";

import { pdfText } from "../helpers/pdf";
import { expect, expectNoA11yViolations, expectNoSideScroll, newStudioAccount, test } from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * Issue 42's change of plan in Chromium with the sandbox (decision 0060), on a server of this
 * test's own: a visitor subscribes to Growth Care from /pricing; the studio opens the plan's
 * billing from the lead's page and changes it to Partner Care in the sandbox's portal, as
 * Stripe's portal does (nothing charged now); the lead's page, its timeline and the home's MRR
 * show the new plan at once; the next renewal's receipt names Partner Care at its price, with
 * BC's GST and PST.
 */
const PORT = Number(process.env.CARE_PLANS_CHANGE_E2E_PORT ?? 0) || undefined;
const GST_NUMBER = "123456789 RT0001";

test("a change of plan in the sandbox: the plan shown, the MRR and the next renewal's documents follow", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await startMailedServer("care-plan-change", { GST_HST_NUMBER: GST_NUMBER }, { port: PORT });
  const origin = server.base;
  try {
    const email = `change-${randomBytes(4).toString("hex")}@example.com`;
    const receipts = () =>
      server.smtp.messages.filter((m) => m.to.includes(email) && /Receipt/.test(m.subject));

    const studio = await (await browser.newContext()).newPage();
    const account = await newStudioAccount(server.databasePath);
    await studio.goto(`${origin}/studio/login`);
    await studio.getByLabel("Email").fill(account.email);
    await studio.getByLabel("Password").fill(account.password);
    await studio.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(studio).toHaveURL(/\/studio$/);
    const mrr = async () => {
      await studio.goto(`${origin}/studio`);
      return studio
        .getByTestId("home-plans")
        .locator("div", { hasText: "Monthly recurring revenue" })
        .locator("dd")
        .first()
        .innerText();
    };

    // A visitor subscribes to Growth Care in BC.
    const client = await (await browser.newContext()).newPage();
    await client.goto(`${origin}/pricing`);
    const growth = client.getByRole("article", { name: "Growth Care" });
    await growth.getByLabel("Your province").selectOption("BC");
    await growth.getByRole("button", { name: "Subscribe to Growth Care" }).click();
    await client.getByLabel("Email").fill(email);
    await client.getByLabel("Name on the card").fill("Robin Client");
    await client.getByRole("button", { name: /^Subscribe \(test\)/ }).click();
    await expect(client.getByRole("heading", { name: "Subscribed (test)" })).toBeVisible();
    await expect.poll(() => receipts().length, { timeout: 60_000 }).toBe(1);
    expect(await mrr()).toBe("$125.00 CAD");

    // The studio opens the plan's billing from the lead's page and changes it to Partner Care.
    await studio.goto(`${origin}/studio/plans`);
    await studio.getByTestId("studio-plan").getByRole("link", { name: "Robin Client" }).click();
    const plans = studio.getByRole("region", { name: "Care plans" });
    await expect(plans).toContainText("Growth Care, $125.00 CAD a month + tax (BC)");
    await plans.getByRole("button", { name: "Change plan or card (Stripe)" }).click();
    await expect(studio).toHaveURL(/\/billing\/sandbox\/portal\//);
    await studio.getByLabel("Change plan").selectOption("partner");
    for (const width of [375, 1280, 1440]) {
      await studio.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(studio, width);
      await studio.screenshot({
        path: test.info().outputPath(`sandbox-change-plan-${width}.png`),
        fullPage: true,
      });
    }
    await expectNoA11yViolations(studio);
    await studio.getByRole("button", { name: "Change plan (test)" }).click();
    await expect(studio.getByRole("status")).toContainText("the next renewal bills the new plan");
    await expect(studio.getByRole("definition").filter({ hasText: "Partner Care" })).toBeVisible();
    const portal = studio.url();

    // Nothing charged now; the lead's page, its timeline and the MRR show Partner Care at once.
    await studio.getByRole("link", { name: /^Return to / }).click();
    await expect(plans).toContainText("Partner Care, $300.00 CAD a month + tax (BC)");
    await expect(studio.getByRole("region", { name: "Timeline" })).toContainText(
      "Care plan changed at Stripe from Growth Care to Partner Care at $300.00 a month before tax.",
    );
    for (const width of [375, 1280, 1440]) {
      await studio.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(studio, width);
      await studio.screenshot({
        path: test.info().outputPath(`lead-plan-changed-${width}.png`),
        fullPage: true,
      });
    }
    expect(receipts()).toHaveLength(1);
    expect(await mrr()).toBe("$300.00 CAD");

    // The next month bills Partner Care: $300 + GST $15 + PST $21.
    await studio.goto(portal);
    await studio.getByRole("button", { name: "Move the clock a month (test)" }).click();
    await expect.poll(() => receipts().length, { timeout: 60_000 }).toBe(2);
    const renewal = receipts().find((m) => m.subject.includes("R2026-0002"))!;
    expect(renewal.subject).toBe("[TEST] Receipt R2026-0002: $336.00 CAD for Partner Care");
    const parsed = await simpleParser(renewal.raw);
    for (const attachment of parsed.attachments) {
      const text = await pdfText(attachment.content);
      expect(text).toMatch(/before tax \$300\.00 CAD/);
      expect(text).toMatch(/GST 5%.*\$15\.00/);
      expect(text).toMatch(/PST 7% \(BC\).*\$21\.00/);
    }
    expect(await mrr()).toBe("$300.00 CAD");
  } finally {
    await server.stop();
  }
});
