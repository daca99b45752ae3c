import type { Locator } from "@playwright/test";

import { expect, expectNoSideScroll, sendLead, test } from "./fixtures";

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/**
 * The back office's design pass (issue 30): on a phone the inbox folds its filters away and
 * shows one line per lead; on a wide screen the lead's details and actions stand beside its
 * timeline, and a phone stacks them. Every label and name is the one the other specs use.
 */
test("on a phone the inbox folds its filters and lists one line per lead; a wide lead page puts the timeline beside the details", async ({
  page,
  checkA11y,
  baseURL,
  studioSignIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const { suffix } = await studioSignIn();
  const lastName = `Layout${suffix}`;
  await sendLead(page.request, baseURL!, {
    firstName: "Beatrice",
    lastName,
    email: `bea-${suffix}@example.com`,
    company: "Lindqvist Bakery and Café",
    projectType: "ecommerce",
    budget: "1000-2500",
    timeline: "1-2months",
    message: "A site for our bakery, with the menu and online orders for pickup.",
  });
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  await expectNoSideScroll(page, 375);

  // Phone: the search box and Apply show; the other filters wait behind "Filters".
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
  const search = page.getByRole("search", { name: "Filter leads" });
  const filters = search.locator("summary");
  await expect(search.getByRole("searchbox", { name: "Search" })).toBeVisible();
  await expect(filters).toHaveText(/^Filters/);
  await expect(search.getByRole("combobox", { name: "Status" })).toBeHidden();
  await checkA11y();
  await filters.click();
  await search.getByRole("combobox", { name: "Status" }).selectOption("new");
  await search.getByRole("searchbox", { name: "Search" }).fill(lastName);
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/status=new/);
  // The summary says a filter is on, so a folded one is not forgotten.
  await expect(filters).toHaveText(/Filters · 1 on/);

  // One line per lead: its name and status; the other columns wait for a wider screen.
  const row = page.getByRole("row", { name: new RegExp(lastName) });
  await expect(row).toContainText("New");
  await expect(row.getByRole("cell", { name: "Lindqvist Bakery and Café" })).toBeHidden();
  const name = row.getByRole("link", { name: new RegExp(lastName) });
  const nameBox = await box(name);
  const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(nameBox.height).toBeLessThanOrEqual(lineHeight + 1);
  await expectNoSideScroll(page, 375);
  await checkA11y();

  // Wide: every filter is in the row without opening anything, and the lead's columns show.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(search.getByRole("combobox", { name: "Status" })).toBeVisible();
  await expect(filters).toBeHidden();
  await expect(row.getByRole("cell", { name: "Lindqvist Bakery and Café" })).toBeVisible();

  await name.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(lastName);
  const details = page.getByRole("region", { name: "Details" });
  const status = page.getByRole("region", { name: "Status" });
  const timeline = page.getByRole("region", { name: "Timeline" });
  const reply = page.getByRole("region", { name: "Reply" });
  const [detailsWide, timelineWide, replyWide] = [await box(details), await box(timeline), await box(reply)];
  // Beside: the timeline starts right of the details, level with the top of their column (Reply first, issue 41).
  expect(timelineWide.x).toBeGreaterThanOrEqual(detailsWide.x + detailsWide.width);
  expect(Math.abs(timelineWide.y - replyWide.y)).toBeLessThan(8);
  await expectNoSideScroll(page, 1440);
  await checkA11y();

  // Phone: one column, in the order of what comes next: the status form, the details, then the timeline (issue 41).
  await page.setViewportSize({ width: 375, height: 800 });
  const [detailsNarrow, statusNarrow, timelineNarrow] = [
    await box(details),
    await box(status),
    await box(timeline),
  ];
  expect(detailsNarrow.y).toBeGreaterThan(statusNarrow.y + statusNarrow.height - 1);
  expect(timelineNarrow.y).toBeGreaterThan(detailsNarrow.y + detailsNarrow.height - 1);
  expect(timelineNarrow.x).toBe(detailsNarrow.x);
  await expectNoSideScroll(page, 375);
});
