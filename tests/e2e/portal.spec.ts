import { randomBytes } from "node:crypto";

import { openDatabase, type AppDatabase } from "../../server/db/database.server";
import { type FakeSmtp } from "../fakes/smtp";
import { dealRows } from "../helpers/deals";
import { expect, test } from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * The client portal in Chromium (issue 39): a client asks for a sign-in link, follows the one
 * that arrives, and finds their quote with its next step; every portal page has one h1, passes
 * axe and reads at 375, 1280 and 1440 px without sideways scrolling. Its own server, mail server
 * and database (a quote written straight into it).
 */
let own: Awaited<ReturnType<typeof startMailedServer>>;
let smtp: FakeSmtp;
let base: string;
let database: AppDatabase;

test.beforeAll(async () => {
  own = await startMailedServer("portal");
  ({ smtp, base } = own);
  database = openDatabase({ kind: "sqlite", path: own.databasePath });
});

test.afterAll(async () => {
  await database?.close();
  await own?.stop();
});

test("a client signs in by the emailed link and finds their quote; every portal page is axe-clean and fits 375, 1280 and 1440 px", async ({
  page,
  checkA11y,
}) => {
  // Five pages at three widths, axe on each at 375 px: longer than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const email = `portal-${randomBytes(4).toString("hex")}@example.com`;
  const rows = dealRows(database, { now: Date.now() });
  const leadId = await rows.lead({ email });
  await rows.quote(leadId, { token: randomBytes(32).toString("base64url") });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${base}/portal`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await checkA11y();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("a sign-in link is on its way")).toBeVisible();

  await expect
    .poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 60_000 })
    .toBe(1);
  const mail = smtp.messages.find((m) => m.to.includes(email))!;
  const link = /https?:\/\/\S+magic-link\/verify\?[^\s\])>"]+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page).toHaveURL(`${base}/portal`);
  await expect(page.getByRole("heading", { level: 1, name: "Your projects" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Review and sign" })).toBeVisible();

  // The quote page wears the client's chrome, not the marketing header: their email and "Sign out".
  await page.getByRole("link", { name: "Review and sign" }).click();
  await expect(page).toHaveURL(/\/quote\//);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Our Story" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkA11y();
  await page.screenshot({ path: test.info().outputPath("quote-375.png"), fullPage: true });

  for (const width of [375, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const p of ["/portal", "/portal/documents", "/portal/calls", "/portal/plans", "/portal/data"]) {
      await page.goto(`${base}${p}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${p} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      if (width === 375) await checkA11y();
      await page.screenshot({
        path: test.info().outputPath(`${p.replaceAll("/", "_")}-${width}.png`),
        fullPage: true,
      });
    }
  }

  // Signed out, the portal asks for an email again.
  await page.goto(`${base}/portal`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();
});
