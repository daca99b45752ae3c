import { expect, expectNoSideScroll, test } from "./fixtures";

/**
 * Issue 41: on a 375 px phone the studio's navigation is one row (the less-used pages under
 * "More", a disclosure that opens without JavaScript too), and a table's rows are cards of
 * label and value pairs instead of a table that scrolls sideways; from 640 px up they are tables.
 */
test("on a phone the studio's nav is one row with More, and a table's rows are label and value cards", async ({
  page,
  baseURL,
  checkA11y,
  studioSignIn,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await studioSignIn();
  const nav = page.getByRole("navigation", { name: "Studio" });
  const home = nav.getByRole("link", { name: "Home" });
  await expect(home).toBeVisible();
  const navBox = (await nav.boundingBox())!;
  const homeBox = (await home.boundingBox())!;
  // One row: the nav is no taller than one of its links (and a little padding).
  expect(navBox.height).toBeLessThan(homeBox.height * 1.5);
  await expect(nav.getByRole("link", { name: "Accounting" })).toBeHidden();
  await nav.getByText("More").click();
  await nav.getByRole("link", { name: "Accounting" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accounting" })).toBeVisible();
  // The disclosure closed on the way and now names the page it holds.
  await expect(nav.getByRole("link", { name: "Payments" })).toBeHidden();
  await expect(nav.locator("summary")).toContainText("Accounting");
  await expectNoSideScroll(page, 375);

  const totals = page.getByRole("table", { name: "Totals per tax for the period" });
  const row = totals.getByRole("row", { name: /^Invoiced/ });
  const first = row.getByRole("rowheader");
  const documents = row.getByRole("cell").first();
  // A card: the cells one under another, each with its column's name beside it.
  const [firstBox, documentsBox] = [(await first.boundingBox())!, (await documents.boundingBox())!];
  expect(documentsBox.y).toBeGreaterThanOrEqual(firstBox.y + firstBox.height - 1);
  expect(documentsBox.x).toBe(firstBox.x);
  expect(await documents.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Documents" / ""');
  // Its name for assistive technology is the cell's value alone; the table keeps its headers.
  await expect(totals.getByRole("columnheader", { name: "GST" })).toHaveCount(1);
  const region = page.getByRole("region", { name: "Totals per tax for the period" });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await checkA11y();

  // 640 px: a table again, every link in the bar.
  await page.setViewportSize({ width: 1024, height: 800 });
  const [firstWide, documentsWide] = [(await first.boundingBox())!, (await documents.boundingBox())!];
  expect(Math.abs(documentsWide.y - firstWide.y)).toBeLessThan(4);
  expect(documentsWide.x).toBeGreaterThan(firstWide.x);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole("link", { name: "Accounting" })).toBeVisible();
  await expect(nav.locator("summary")).toBeHidden();
  await page.goto(`${baseURL}/studio/accounting`);
  await expectNoSideScroll(page, 1280);
});
