import { randomBytes } from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";

import { expect, test } from "./fixtures";

/**
 * Page views as the ingest stores them (migration 0016's contract), written straight into the
 * e2e server's SQLite file: one visit per referrer hit, the first page its entry.
 */
function seedVisits(
  visits: { visitor: string; visit: string; paths: string[]; referrer?: string; utmSource?: string }[],
) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    const insert = db.prepare(
      "insert into analytics_events (created_at, visitor, visit, name, path, entry, referrer_host, utm_source, device) values (?, ?, ?, 'pageview', ?, ?, ?, ?, 'desktop')",
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
        ),
      );
  } finally {
    db.close();
  }
}

test("the studio opens Analytics, sees today's visits from a referrer in its tables and exports them as CSV", async ({
  page,
  checkA11y,
  studioSignIn,
}, testInfo) => {
  test.setTimeout(90_000);
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
