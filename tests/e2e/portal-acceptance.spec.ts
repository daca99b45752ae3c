import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import type { Browser } from "@playwright/test";
import Database from "better-sqlite3";

import { bookingCopy } from "../../app/content/booking";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { builtCommand } from "../helpers/build";
import { pdfSignature, pdfText } from "../helpers/pdf";
import { readRowsIn } from "./database";
import {
  expect,
  expectNoA11yViolations,
  expectNoSideScroll,
  sendLead,
  signForDeposit,
  test,
} from "./fixtures";
import { freePort, killed, startServer } from "./own-server";

/**
 * Issue 39's acceptance in Chromium, on a server of this test's own (sandbox payments, the
 * in-process SMTP fake): a client opens the quote email, follows its portal link, signs in by
 * the link that arrives, signs and pays the deposit, comes back and finds the agreement, invoice
 * and receipt; books a call as themselves; pays the balance; downloads every PDF; and another client's document
 * URL is refused from their session. Then the Plans page (issue 42) at 375, 1280 and 1440 px.
 */
test("a client walks the portal: quote email, sign-in link, sign and pay, documents, a call, every PDF, nobody else's", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dbPath = path.join(process.env.E2E_RUN_DIR!, `portal-acceptance-${port}.db`);
  const smtp = await startFakeSmtp();
  const server = await startServer(port, {
    DATABASE_PATH: dbPath,
    SITE_URL: origin,
    PAYMENTS_PROVIDER: "sandbox",
    SMTP_URL: smtp.url,
    INQUIRY_TO: "studio@example.com",
    TRUST_PROXY: "1",
  });
  try {
    const run = randomBytes(4).toString("hex");
    const alice = await dealFor(browser, request, smtp, origin, dbPath, `alice-${run}@example.com`);
    const page = alice.page;

    // Back in the portal: the agreement, the deposit's invoice and its receipt.
    await page.goto(`${origin}/portal/documents`);
    const list = page.getByRole("list", { name: "Documents, newest first" });
    await expect(list.getByText("Signed agreement", { exact: true })).toBeVisible();
    await expect(list.getByText(/^Invoice \d{4}-\d{4} \(deposit\)$/)).toBeVisible();
    await expect(list.getByText(/^Receipt R\d{4}-\d{4} \(deposit\)$/)).toBeVisible();

    // Every PDF downloads for her: 200, a PDF by its type and its first bytes.
    const links = page.getByRole("link", { name: /^Download PDF/ });
    await expect(links).toHaveCount(3);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    for (const href of hrefs) {
      const res = await page.request.get(`${origin}${href}`);
      expect(res.status(), href).toBe(200);
      expect(res.headers()["content-type"], href).toContain("application/pdf");
      expect((await res.body()).subarray(0, 5).toString("latin1"), href).toBe("%PDF-");
      // Each a sandbox document, marked TEST; the agreement sealed, naming how she was identified.
      const text = pdfText(await res.body());
      expect(text, href).toContain("TEST · made with the sandbox payment provider");
      if (href.includes("/agreements/")) {
        expect(text).toContain(`Identified by: signed in to the client portal as ${alice.email}`);
        expect(pdfSignature(await res.body())).toMatchObject({
          validation: "Signature is Valid.",
          wholeDocument: true,
        });
      }
    }
    // And by a click, as the browser saves it.
    const [download] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // A call booked from the portal is hers, whatever name is typed.
    await page.goto(`${origin}/portal/calls`);
    await page.getByRole("link", { name: "Book a call" }).click();
    await expect(page).toHaveURL(/\/book$/);
    const first = page.locator('input[name="slot"]').first();
    const slot = (await first.getAttribute("value"))!;
    await page.locator(`label:has(> input[value="${slot}"])`).click();
    await page.getByLabel("Your name").fill("Someone Typed");
    await page.getByLabel("Email").fill(`typed-${run}@example.com`);
    await page.getByLabel("What would you like to talk about?").fill(`Kickoff ${run}`);
    await page.getByRole("button", { name: bookingCopy.submit }).click();
    const booked = page.getByRole("heading", { level: 1, name: bookingCopy.confirmedTitle });
    const again = page.getByRole("alert").filter({ hasText: bookingCopy.tooFast });
    await expect(booked.or(again)).toBeVisible();
    if (await again.isVisible()) await page.getByRole("button", { name: bookingCopy.submit }).click();
    await expect(booked).toBeVisible();
    await page.goto(`${origin}/portal/calls`);
    await expect(page.getByRole("region", { name: "Upcoming" })).toContainText(`Kickoff ${run}`);
    expect(
      readRowsIn<{ email: string; identity: string }>(
        dbPath,
        "select email, identity from bookings where topic = ?",
        `Kickoff ${run}`,
      ),
    ).toEqual([{ email: alice.email, identity: "client" }]);

    // The studio asks for the balance; she pays it from the portal's next step.
    studioQuoteCli(origin, dbPath)("send", alice.quoteId);
    await page.goto(`${origin}/portal`);
    await page.getByRole("link", { name: "Pay the balance" }).click();
    await expect(page).toHaveURL(/\/quote\//);
    const [balance] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Pay the balance" }).click(),
    ]);
    await expect(balance).toHaveURL(/\/checkout\/sandbox\//);
    await balance.getByRole("button", { name: /1,000\.00/ }).click();
    await expect(balance).toHaveURL(/\/payment-success\?session_id=/);
    await balance.close();

    // The whole deal's documents, each a PDF she downloads.
    await page.goto(`${origin}/portal/documents`);
    await expect(list.getByText(/^Invoice \d{4}-\d{4} \(balance\)$/)).toBeVisible();
    await expect(list.getByText(/^Receipt R\d{4}-\d{4} \(balance\)$/)).toBeVisible();
    await expect(links).toHaveCount(5);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
      const res = await page.request.get(`${origin}${href}`);
      expect(res.status(), href).toBe(200);
      expect((await res.body()).subarray(0, 5).toString("latin1"), href).toBe("%PDF-");
      // Each a sandbox document, marked TEST; the agreement sealed, naming how she was identified.
      const text = pdfText(await res.body());
      expect(text, href).toContain("TEST · made with the sandbox payment provider");
      if (href.includes("/agreements/")) {
        expect(text).toContain(`Identified by: signed in to the client portal as ${alice.email}`);
        expect(pdfSignature(await res.body())).toMatchObject({
          validation: "Signature is Valid.",
          wholeDocument: true,
        });
      }
    }

    // A second client's documents: refused from the first's session, as if they did not exist.
    const bob = await dealFor(browser, request, smtp, origin, dbPath, `bob-${run}@example.com`);
    const bobDocs = readRowsIn<{ id: string }>(
      dbPath,
      "select id from money_documents where lead_id = ?",
      bob.leadId,
    );
    expect(bobDocs.length).toBeGreaterThanOrEqual(2);
    for (const target of [
      ...bobDocs.map((d) => `/portal/documents/${d.id}`),
      `/portal/agreements/${bob.quoteId}`,
    ]) {
      const refused = await page.request.get(`${origin}${target}`);
      expect(refused.status(), target).toBe(404);
      expect((await refused.body()).subarray(0, 4).toString("latin1")).not.toBe("%PDF");
      expect((await bob.page.request.get(`${origin}${target}`)).status(), target).toBe(200);
    }

    // The Plans page with a plan of hers (Stripe is not wired in the sandbox: the row as its events leave it).
    addPlan(dbPath, alice.email);
    for (const width of [375, 768, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${origin}/portal/plans`);
      await expect(page.getByRole("heading", { level: 1, name: "Plans" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Your care plans" })).toContainText(
        /Growth Care.*\$125\.00 a month \+ tax · Active · Renews /,
      );
      await expect(
        page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Plans" }),
      ).toHaveAttribute("aria-current", "page");
      await expectNoSideScroll(page, width);
      // The portal's navigation on one line, at every width.
      const tops = await page
        .getByRole("navigation", { name: "Portal" })
        .getByRole("link")
        .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().top));
      expect(new Set(tops).size, `the portal's links wrap at ${width} px`).toBe(1);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: test.info().outputPath(`plans-${width}.png`), fullPage: true });
    }
    // The sandbox has no Stripe customer portal: "Manage billing" says so beside the plans, and stays here.
    await page.getByRole("button", { name: "Manage billing of Growth Care" }).click();
    await expect(page.getByRole("alert")).toContainText("We could not open billing for this plan");
    await expect(page).toHaveURL(`${origin}/portal/plans`);
    // Bob sees none of hers.
    await bob.page.goto(`${origin}/portal/plans`);
    await expect(bob.page.getByText("No care plan yet.")).toBeVisible();
    await bob.page.context().close();
    await page.context().close();
  } finally {
    server.kill("SIGTERM");
    await killed(server);
    await smtp.stop();
  }
});

/** The studio's quote command (`npm run studio-quote`) on this server's database. */
function studioQuoteCli(origin: string, dbPath: string) {
  return (...args: string[]) =>
    execFileSync(process.execPath, [builtCommand("studio-quote"), ...args], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_PATH: dbPath, SITE_URL: origin, NODE_ENV: "test", SMTP_URL: "" },
    });
}

/**
 * A client's deal, from the studio's quote to the paid deposit, in a browser of their own: the
 * studio's CLI makes and sends the quote; the client opens its email, follows the portal link,
 * asks for a sign-in link, follows it, opens the quote from the portal, signs and pays.
 */
async function dealFor(
  browser: Browser,
  request: Parameters<typeof sendLead>[0],
  smtp: FakeSmtp,
  origin: string,
  dbPath: string,
  email: string,
) {
  const { id: leadId } = await sendLead(request, origin, { lastName: "Client", email });
  const quoteCli = studioQuoteCli(origin, dbPath);
  const created = quoteCli(
    "create",
    "--inquiry",
    leadId,
    "--package",
    "pro",
    "--amount",
    "2000",
    "--deposit",
    "50",
  );
  const quoteId = /\(id ([0-9a-f-]{36})\)/.exec(created)![1]!;
  quoteCli("send", quoteId);

  const mailTo = (subject: RegExp) =>
    smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject.replace(/^\[TEST\] /, "")));
  await expect.poll(() => mailTo(/^Your quote/).length, { timeout: 60_000 }).toBe(1);
  const portalLink = new RegExp(`${origin}/portal(?=[\\s\\])>"])`).exec(mailTo(/^Your quote/)[0]!.text)?.[0];
  expect(portalLink, "the quote email's portal link").toBeDefined();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(portalLink!);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();
  await expect.poll(() => mailTo(/sign-in link/).length, { timeout: 60_000 }).toBe(1);
  const link = /https?:\/\/\S+magic-link\/verify\?[^\s\])>"]+/.exec(mailTo(/sign-in link/)[0]!.text)![0];
  await page.goto(link.replaceAll("&amp;", "&"));
  await expect(page).toHaveURL(`${origin}/portal`);

  await page.getByRole("link", { name: "Review and sign" }).click();
  await expect(page).toHaveURL(/\/quote\//);
  const checkout = await signForDeposit(page, "Client Legal Name");
  await expect(checkout).toHaveURL(/\/checkout\/sandbox\//);
  await checkout.getByRole("button", { name: /1,000\.00/ }).click();
  await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);
  await checkout.close();
  return { page, email, leadId, quoteId };
}

/** A care plan of the client's as Stripe's events leave it: active, renewing in 30 days. */
function addPlan(dbPath: string, email: string) {
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    const now = new Date().toISOString();
    db.prepare(
      `insert into plan_subscriptions (id, plan_id, province, price_cents, lead_id, checkout_session_id,
        stripe_subscription_id, stripe_customer_id, email, name, status, cancel_at_period_end,
        current_period_end, stripe_event_at, created_at, updated_at)
       values (?, 'growth', 'BC', 12500, null, null, ?, ?, ?, 'Client', 'active', 0, ?, 0, ?, ?)`,
    ).run(
      randomUUID(),
      `sub_${randomBytes(6).toString("hex")}`,
      `cus_${randomBytes(6).toString("hex")}`,
      email,
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
      now,
      now,
    );
  } finally {
    db.close();
  }
}
