import { createHash, randomBytes, randomUUID } from "node:crypto";
import Database from "better-sqlite3";

import { expect, sendLead, test } from "./fixtures";

/**
 * A call as the visitor's /book page stores it, written straight into the e2e server's
 * SQLite file: the studio's side is under test here, the booking itself in booking.spec.ts.
 */
function insertBooking(leadId: string, startsAt: string) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      `insert into bookings (id, lead_id, starts_at, ends_at, status, time_zone, topic, company, manage_token_hash, created_at, updated_at)
       values (?, ?, ?, ?, 'booked', 'Europe/London', ?, ?, ?, ?, ?)`,
    ).run(
      id,
      leadId,
      startsAt,
      new Date(Date.parse(startsAt) + 30 * 60_000).toISOString().replace(".000Z", "Z"),
      "Moving our shop online",
      "Engines Ltd",
      createHash("sha256").update(randomBytes(32)).digest("hex"),
      now,
      now,
    );
    return id;
  } finally {
    db.close();
  }
}

/**
 * The studio's acceptance path for calls: set the weekly hours, subscribe to the
 * private feed, see a booked call in the agenda (Vancouver time, linked to its lead)
 * and in the feed, cancel it from the keyboard, and the feed drops it.
 */
test("the studio sets its hours, sees a booked call in the agenda and the feed, cancels it, and the feed drops it", async ({
  page,
  checkA11y,
  baseURL,
  studioSignIn,
}) => {
  test.setTimeout(90_000);
  const suffix = randomBytes(4).toString("hex");
  await studioSignIn();

  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Calls" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calls");
  await page.getByRole("link", { name: "Booking settings, calendars and feed" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking settings");
  // The site's business hours until the studio saves its own, picked from half hours, not typed.
  const monday = page.getByRole("group", { name: "Monday", exact: true });
  const sunday = page.getByRole("group", { name: "Sunday", exact: true });
  await expect(monday.getByLabel("Monday, hours 1 from")).toHaveValue("09:00");
  await expect(monday.getByLabel("Monday, hours 1 to")).toHaveValue("18:00");
  await monday.getByLabel("Monday, hours 1 to").selectOption("12:00");
  await monday.getByRole("button", { name: "Add more hours" }).click();
  await monday.getByLabel("Monday, hours 2 from").selectOption("13:00");
  await monday.getByLabel("Monday, hours 2 to").selectOption("17:00");
  // A range that ends before it starts is refused beside its day, nothing saved.
  await sunday.getByRole("button", { name: "Add hours" }).click();
  await sunday.getByLabel("Sunday, hours 1 to").selectOption("08:00");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(sunday.getByText("Sunday: the hours must end after they start.")).toBeVisible();
  await sunday.getByRole("button", { name: "Remove Sunday, hours 1" }).click();
  await page.getByLabel("Buffer between calls").selectOption("15");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Booking settings saved")).toBeVisible();
  await page.reload();
  await expect(monday.getByLabel("Monday, hours 1 to")).toHaveValue("12:00");
  await expect(monday.getByLabel("Monday, hours 2 from")).toHaveValue("13:00");
  await expect(monday.getByLabel("Monday, hours 2 to")).toHaveValue("17:00");
  await expect(sunday.getByText("No calls")).toBeVisible();
  await expect(page.getByLabel("Buffer between calls")).toHaveValue("15");

  await page.getByRole("button", { name: "Create a feed address" }).click();
  const feedUrl = await page.getByLabel("Feed address (shown once: copy it now)").inputValue();
  expect(feedUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feedPath = new URL(feedUrl).pathname;
  await checkA11y();

  const { id: leadId } = await sendLead(page.request, baseURL!, {
    firstName: "Grace",
    lastName: `Call${suffix}`,
    email: `grace-${suffix}@example.com`,
    projectType: "pro",
    message: "We would like to talk about a new site first.",
  });
  // Three days ahead at 17:00 UTC: 10:00 a.m. in Vancouver (UTC-7 all year).
  const day = new Date(Date.now() + 3 * 24 * 60 * 60_000).toISOString().slice(0, 10);
  const bookingId = insertBooking(leadId, `${day}T17:00:00Z`);

  const feed = await page.request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const ics = await feed.text();
  expect(ics).toContain(`UID:${bookingId}@`);
  expect(ics).toContain(`DTSTART:${day.replace(/-/g, "")}T170000Z`);

  await page.goto("/studio/calls");
  const upcoming = page.getByRole("region", { name: "Upcoming calls, soonest first" });
  const row = upcoming.getByRole("row").filter({ hasText: `Grace Call${suffix}` });
  await expect(row).toContainText("10:00 a.m.");
  await expect(row).toContainText("Engines Ltd");
  await expect(row).toContainText("Moving our shop online");
  await expect(row.getByRole("link", { name: `Grace Call${suffix}` })).toHaveAttribute(
    "href",
    `/studio/leads/${leadId}`,
  );
  await checkA11y();

  // From the keyboard: tick the confirmation, then the button after it.
  await row.getByLabel("Email the visitor that it is off").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(row.getByRole("button", { name: /Cancel call/ })).toBeFocused();
  await page.keyboard.press("Enter");
  const recent = page.getByRole("region", { name: /Calls of the last 30 days/ });
  await expect(recent.getByRole("row").filter({ hasText: `Grace Call${suffix}` })).toContainText(
    "Cancelled by the studio",
  );
  await expect(upcoming.getByRole("row").filter({ hasText: `Grace Call${suffix}` })).toHaveCount(0);

  const after = await (await page.request.get(feedPath)).text();
  expect(after).not.toContain(bookingId);

  await page.goto(`/studio/leads/${leadId}`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    /Call of .* 10:00 a\.m\. cancelled by the studio/,
  );
  await expect(page.getByRole("region", { name: "Calls", exact: true })).toContainText(
    "Cancelled by the studio",
  );
  await checkA11y();
});
