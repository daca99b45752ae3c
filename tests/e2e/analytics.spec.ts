import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";

import { expect, test } from "./fixtures";

/**
 * Cookieless analytics in Chromium (docs/product.md#analytics): the inline script's beacon
 * lands one row per page view, read from the e2e server's SQLite file; a browser sending
 * Global Privacy Control and a bot land none. Each test marks its visits with a campaign of
 * its own, so tests running side by side never count each other's rows.
 */
function eventsOf(campaign: string) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select visitor, visit, name, path, entry, referrer_host, utm_source, utm_campaign, demo_ref, device from analytics_events where utm_campaign = ? order by id",
      )
      .all(campaign) as Record<string, string | number | null>[];
  } finally {
    db.close();
  }
}

function eventsOfVisitor(visitor: string) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("select name, path, entry, demo_ref from analytics_events where visitor = ? order by id")
      .all(visitor) as Record<string, string | number | null>[];
  } finally {
    db.close();
  }
}

const campaign = () => `e2e-${randomBytes(6).toString("hex")}`;

test("a page view lands one row with its campaign and device, no cookie and nothing stored in the browser", async ({
  page,
  context,
}) => {
  const id = campaign();
  await page.goto(`/pricing?utm_source=newsletter&utm_campaign=${id}`);
  await expect.poll(() => eventsOf(id), { timeout: 60_000 }).toHaveLength(1);
  expect(eventsOf(id)[0]).toMatchObject({
    name: "pageview",
    path: "/pricing",
    entry: 1,
    utm_source: "newsletter",
    utm_campaign: id,
    device: "desktop",
    referrer_host: null,
  });
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
});

test("a demo's \"Get a site like this\" click is a goal, and the contact page it leads to carries the demo's ref", async ({
  page,
}) => {
  const id = campaign();
  await page.goto(`/demo/gym?utm_campaign=${id}`);
  await expect.poll(() => eventsOf(id), { timeout: 60_000 }).toHaveLength(1);
  await page.getByRole("link", { name: "Get a site like this" }).click();
  await expect(page).toHaveURL(/\/contact\?ref=demo-gym$/);
  const visitor = String(eventsOf(id)[0]!.visitor);
  await expect
    .poll(() => eventsOfVisitor(visitor), { timeout: 60_000 })
    .toEqual([
      { name: "pageview", path: "/demo/gym", entry: 1, demo_ref: null },
      { name: "demo-cta", path: "/demo/gym", entry: 0, demo_ref: null },
      { name: "pageview", path: "/contact", entry: 0, demo_ref: "demo-gym" },
    ]);
});

test.describe("a browser that sends Global Privacy Control", () => {
  test.use({ extraHTTPHeaders: { "sec-gpc": "1" } });
  test("is not counted", async ({ page }) => {
    const id = campaign();
    // The beacon still goes (the header is the context's, not navigator.globalPrivacyControl); the server answers it 204, storing nothing.
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/event"));
    await page.goto(`/about?utm_campaign=${id}`);
    expect((await answered).status()).toBe(204);
    expect(eventsOf(id)).toEqual([]);
  });
});

test.describe("a bot", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
  test("is not counted", async ({ page }) => {
    const id = campaign();
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/event"));
    await page.goto(`/about?utm_campaign=${id}`);
    expect((await answered).status()).toBe(204);
    expect(eventsOf(id)).toEqual([]);
  });
});

test("pages closed to search engines send no beacon: the 404 page sends none, the next page one", async ({
  page,
}) => {
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/event")) beacons.push(new URL(page.url()).pathname);
  });
  const notFound = await page.goto("/no-such-page");
  expect(notFound?.status()).toBe(404);
  // The beacon would go in the load event; the next page's does, so one from here would have been seen first.
  await page.goto("/pricing");
  await expect.poll(() => beacons).toEqual(["/pricing"]);
});
