import { randomBytes } from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";

import { expect, test } from "./fixtures";

/**
 * Page views as the ingest stores them (migration 0016's contract), written straight into the
 * e2e server's SQLite file: one visit per referrer hit, the first page its entry.
 */
function seedVisits(
  visits: {
    visitor: string;
    visit: string;
    paths: string[];
    referrer?: string;
    utmSource?: string;
    device?: "mobile" | "tablet" | "desktop";
  }[],
) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    const insert = db.prepare(
      "insert into analytics_events (created_at, visitor, visit, name, path, entry, referrer_host, utm_source, device) values (?, ?, ?, 'pageview', ?, ?, ?, ?, ?)",
    );
    // Stamped as the ingest stamps them, at the moment they are stored: the roll-up job, running
    // beside this test, counts a bucket through its pass and the page adds what came after.
    const now = Date.now();
    for (const v of visits)
      v.paths.forEach((path, i) =>
        insert.run(
          new Date(now + i).toISOString(),
          v.visitor,
          v.visit,
          path,
          i === 0 ? 1 : 0,
          i === 0 ? (v.referrer ?? null) : null,
          i === 0 ? (v.utmSource ?? null) : null,
          v.device ?? "desktop",
        ),
      );
  } finally {
    db.close();
  }
}

// Each test signs in, seeds and loads the page several times on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

test("the studio opens Analytics, sees today's visits from a referrer in its tables and exports them as CSV", async ({
  page,
  checkA11y,
  studioSignIn,
}, testInfo) => {
  const suffix = randomBytes(4).toString("hex");
  // A referrer only this test sends, and a hostile one a spreadsheet would run as a formula.
  const referrer = `news-${suffix}.example`;
  const hostile = `=HYPERLINK("http://evil-${suffix}.example")`;
  seedVisits([
    { visitor: `a-${suffix}`, visit: `a1-${suffix}`, paths: ["/", "/pricing"], referrer },
    { visitor: `b-${suffix}`, visit: `b1-${suffix}`, paths: ["/portfolio"], referrer },
    {
      visitor: `c-${suffix}`,
      visit: `c1-${suffix}`,
      paths: ["/"],
      referrer: hostile,
      utmSource: `mail-${suffix}`,
    },
  ]);

  await studioSignIn();

  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await page.getByLabel("Range", { exact: true }).selectOption("today");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/range=today/);

  // Two visitors from the referrer: one bounced, one read two pages.
  const referrers = page.getByRole("region", { name: "Referrers", exact: true });
  await expect(referrers.getByRole("row", { name: new RegExp(referrer) })).toHaveText(
    new RegExp(`${referrer}\\s*2\\s*2\\s*50%`),
  );
  await expect(
    page
      .getByRole("region", { name: "Sources", exact: true })
      .getByRole("row", { name: new RegExp(`mail-${suffix}`) }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /Visitors over the range/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Visitors and page views per period" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Visits, leads and money paid by source" })).toBeVisible();
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`analytics-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export referrers as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^analytics-referrer-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = fs.readFileSync((await file.path())!, "utf8");
  expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Referrer,Visitors,Visits,Bounce rate");
  expect(csv).toContain(`${referrer},2,2,50%`);
  // The hostile referrer arrives as text, not as a formula.
  expect(csv).toContain(`"'=HYPERLINK(""http://evil-${suffix}.example"")",1,1,100%`);
});

test("a click on a source's row filters every figure of the page, a device's row narrows it, and the chips undo it", async ({
  page,
  checkA11y,
  studioSignIn,
}, testInfo) => {
  const suffix = randomBytes(4).toString("hex");
  // One site under two addresses (one row: www. is dropped), and its visits' own pages.
  const site = `news-${suffix}.example`;
  const [home, pricing, other] = [`/s-${suffix}`, `/s-${suffix}/pricing`, `/o-${suffix}`];
  seedVisits([
    {
      visitor: `a-${suffix}`,
      visit: `a1-${suffix}`,
      paths: [home, pricing],
      referrer: site,
      device: "mobile",
    },
    { visitor: `b-${suffix}`, visit: `b1-${suffix}`, paths: [home], referrer: `www.${site}` },
    { visitor: `c-${suffix}`, visit: `c1-${suffix}`, paths: [other], referrer: `other-${suffix}.example` },
  ]);
  await studioSignIn();
  await page.goto("/studio/analytics?range=today");
  const sources = page.getByRole("region", { name: "Sources", exact: true });
  const card = (term: string) =>
    page
      .getByRole("region", { name: "Summary" })
      .locator("div", { has: page.getByText(term, { exact: true }) });
  const pages = page.getByRole("region", { name: "Top pages", exact: true });

  // A click anywhere on the row (here on its visitors cell, which the row's link covers) follows its link.
  const visitorsCell = sources
    .getByRole("row", { name: new RegExp(site) })
    .getByRole("cell")
    .first();
  await visitorsCell.scrollIntoViewIfNeeded();
  const cell = (await visitorsCell.boundingBox())!;
  await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
  await expect(page).toHaveURL(new RegExp(`[?&]source=${site.replaceAll(".", "\\.")}(&|$)`));
  const chips = page.getByRole("list", { name: "Filters in use" });
  await expect(chips.getByRole("listitem")).toHaveText([`Source is ${site}×`]);
  await expect(card("Visits").locator("dd").first()).toHaveText("2");
  await expect(card("Visitors").locator("dd").first()).toHaveText("2");
  await expect(card("Page views").locator("dd").first()).toHaveText("3");
  await expect(pages.getByRole("row", { name: new RegExp(other) })).toHaveCount(0);
  await expect(pages.getByRole("row", { name: new RegExp(pricing) })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Visits, leads and money paid by source" }).getByRole("row"),
  ).toHaveCount(2);
  await checkA11y();
  for (const width of [375, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`analytics-filtered-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // A second filter narrows it (AND): the phone's visit only.
  await page
    .getByRole("region", { name: "Devices", exact: true })
    .getByRole("link", { name: /^Phone:/ })
    .click();
  await expect(chips.getByRole("listitem")).toHaveText([`Source is ${site}×`, "Device is Phone×"]);
  await expect(card("Visits").locator("dd").first()).toHaveText("1");
  await expect(card("Page views").locator("dd").first()).toHaveText("2");

  // Back returns to the one filter; a reload keeps it; its × removes it.
  await page.goBack();
  await expect(chips.getByRole("listitem")).toHaveText([`Source is ${site}×`]);
  await page.reload();
  await expect(card("Visits").locator("dd").first()).toHaveText("2");
  await page.getByRole("link", { name: `Remove the filter Source is ${site}` }).click();
  await expect(page.getByRole("list", { name: "Filters in use" })).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]source=/);
  // Unfiltered again: every visit of the day counts, these three among them (other specs' visits
  // share the day, so the other page may sit below the top ten: the figure says it is back).
  const visits = await card("Visits").locator("dd").first().textContent();
  expect(Number(visits!.replaceAll(",", ""))).toBeGreaterThanOrEqual(3);

  // A value that is not a device: said so, and nothing filtered.
  await page.goto("/studio/analytics?range=today&device=toaster");
  await expect(
    page.getByRole("status").filter({ hasText: "The device filter “toaster” was not applied" }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: "Filters in use" })).toHaveCount(0);
});
