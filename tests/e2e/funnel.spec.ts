import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext } from "@playwright/test";

import { MIN_FILL_MS } from "../../app/schemas/inquiry-fields";
import { startFakeSmtp } from "../fakes/smtp";
import { readRowsIn } from "./database";
import { expect, hydrateForm, signForDeposit, test, visitorAddress } from "./fixtures";
import { freePort, killed, startServer } from "./own-server";

const CHROME = (build: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${build}.0 Safari/537.36`;

/**
 * Issue 32's acceptance, on a server and database of this test's own so every count is exact:
 * visitors from a UTM campaign, a referrer and a demo's banner browse the site in Chromium;
 * the campaign's visitor sends an inquiry, the studio quotes it, the visitor signs and pays the
 * deposit in the sandbox. The studio's analytics then shows each step of the funnel and the
 * money under the campaign's source; a browser sending Global Privacy Control and a bot are
 * not counted. Visitors are told apart as the server tells them: address and browser.
 */
test("the funnel: three sources' visits, one becomes an inquiry, a signed quote and a paid deposit, under its source", async ({
  browser,
  checkA11y,
  page,
  studioSignIn,
}) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dbPath = path.join(process.env.E2E_RUN_DIR!, `funnel-${port}.db`);
  const smtp = await startFakeSmtp();
  const server = await startServer(port, {
    DATABASE_PATH: dbPath,
    SITE_URL: origin,
    SMTP_URL: smtp.url,
    INQUIRY_TO: "studio@example.com",
    TRUST_PROXY: "1",
  });
  const contexts: BrowserContext[] = [];
  const visitor = async (name: string, options: Parameters<Browser["newContext"]>[0] = {}) => {
    const context = await browser.newContext({
      baseURL: origin,
      userAgent: CHROME(contexts.length),
      ...options,
      extraHTTPHeaders: {
        "x-forwarded-for": visitorAddress(`funnel-${name}-${port}`),
        ...options.extraHTTPHeaders,
      },
    });
    contexts.push(context);
    return context.newPage();
  };
  const pageviews = () =>
    readRowsIn<{ n: number }>(
      dbPath,
      "select count(*) as n from analytics_events where name = 'pageview'",
    )[0]!.n;
  try {
    // A campaign's email links to the contact page: the visitor writes at once.
    const campaign = await visitor("campaign");
    await campaign.goto("/contact?utm_source=fall-mailer&utm_campaign=launch");
    // Sent by the form's script, so the page is viewed once (a post without it is a second page view).
    await hydrateForm(campaign);
    await campaign.getByLabel("First Name").fill("Ada");
    await campaign.getByLabel("Last Name").fill("Lovelace");
    await campaign.getByLabel("Email").fill("ada@example.com");
    await campaign.getByLabel("Project Type").selectOption("pro");
    await campaign.getByLabel("Project Details").fill("A site for our analytical engine workshop.");
    // A person takes a few seconds; faster submissions are taken for a bot's.
    await campaign.waitForTimeout(MIN_FILL_MS + 200);
    await campaign.getByRole("button", { name: "Send Message" }).click();
    await expect(campaign.locator("#inquiry-status")).toContainText("Thank you");

    // A reader of a news site reads two pages, leaving the first within its beacon's second.
    const reader = await visitor("referrer");
    await reader.goto("/pricing", { referer: "https://news.example.org/best-studios" });
    await reader.getByRole("link", { name: "Portfolio" }).first().click();
    await expect(reader).toHaveURL(/\/portfolio$/);

    // A visitor on the gym demo clicks its banner to the contact page.
    const demo = await visitor("demo");
    await demo.goto("/demo/gym");
    await demo.getByRole("link", { name: "Get a site like this" }).click();
    await expect(demo).toHaveURL(/\/contact\?ref=demo-gym$/);

    // Neither of these is counted: their beacons are answered and stored nowhere.
    for (const [name, options] of [
      ["gpc", { extraHTTPHeaders: { "sec-gpc": "1" } }],
      ["bot", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ] as const) {
      const uncounted = await visitor(name, options);
      const answered = uncounted.waitForResponse((r) => r.url().endsWith("/api/event"));
      await uncounted.goto(`/about?utm_source=${name}-check`);
      expect((await answered).status()).toBe(204);
    }
    // Campaign 1, reader 2 (the second as the first page hid), demo 2: page views as beacons land.
    await expect.poll(pageviews, { timeout: 60_000 }).toBe(5);

    // The studio quotes the lead: 1,000.00, half as a deposit.
    await studioSignIn({ origin, databasePath: dbPath });
    const [lead] = readRowsIn<{ id: string; utm_source: string }>(
      dbPath,
      "select id, utm_source from leads where email = 'ada@example.com'",
    );
    expect(lead!.utm_source).toBe("fall-mailer");
    await page.goto(`${origin}/studio/leads/${lead!.id}`);
    const quotes = page.getByRole("region", { name: "Quotes" });
    await quotes.getByLabel("Package", { exact: true }).selectOption("pro");
    await quotes.getByLabel("Package amount (CAD)").fill("1,000.00");
    await quotes.getByRole("button", { name: "Create draft quote" }).click();
    const item = quotes.getByRole("listitem").filter({ hasText: /Quote Q-/ });
    await item.getByRole("button", { name: /Send to client/ }).click();
    await expect(item.getByTestId("quote-state")).toHaveText("Sent");
    const link = await item.getByLabel("Client link").inputValue();

    // The campaign's visitor signs and pays the deposit in the sandbox.
    await campaign.goto(link);
    const checkout = await signForDeposit(campaign, "Ada King Lovelace");
    await checkout.getByRole("button", { name: /500\.00/ }).click();
    await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);

    // The dashboard, today: each step of the funnel under its source, the money under the campaign's.
    await page.goto(`${origin}/studio/analytics?range=today`);
    const funnel = page.getByRole("region", { name: "Visits, leads and money paid by source" });
    const row = (source: string) =>
      funnel.getByRole("row", { name: new RegExp(`^${source.replace(/\./g, "\\.")}\\b`) });
    // Visits, inquiries, calls booked, no-shows, quotes sent, accepted, paid.
    await expect(row("fall-mailer")).toHaveText(cells("fall-mailer", 1, 1, 0, 0, 1, 1, "$500.00"));
    await expect(row("news.example.org")).toHaveText(cells("news.example.org", 1, 0, 0, 0, 0, 0, "$0.00"));
    await expect(row("demo-gym")).toHaveText(cells("demo-gym", 1, 0, 0, 0, 0, 0, "$0.00"));
    await expect(funnel.getByRole("row")).toHaveCount(4);
    const summary = page.getByRole("region", { name: /Summary/ });
    await expect(summary).toContainText(/Visitors\s*3/);
    await expect(summary).toContainText(/Page views\s*5/);
    for (const uncounted of ["gpc-check", "bot-check"])
      await expect(page.getByText(uncounted)).toHaveCount(0);
    await checkA11y();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    server.kill("SIGTERM");
    await killed(server);
    await smtp.stop();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbPath + suffix, { force: true });
  }
});

/** A funnel row's text: source, visits, inquiries, calls, quotes sent, accepted, CAD paid. */
function cells(...values: (string | number)[]) {
  return new RegExp(values.map((v) => String(v).replace(/[.$]/g, "\\$&")).join("\\s*"));
}
