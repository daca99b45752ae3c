import ICAL from "ical.js";
import { simpleParser } from "mailparser";

import { bookingCopy } from "../../app/content/booking";
import { zoneLabel } from "../../app/lib/zone-time";
import { type FakeSmtp } from "../fakes/smtp";
import { eventIcs, startRadicale, type Radicale } from "../helpers/radicale";
import { cspViolations, expect, test } from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * Issue 40's acceptance, in Chromium: a visitor whose device is in Toronto, on a 375 px phone,
 * opens /book and sees Toronto times at once, picks a day and a time and books; the invitation's
 * start instant, read back in UTC, is the one chosen, and the studio's video link is in it. Then
 * the owner puts an event in their CalDAV calendar (a real Radicale) over the next day's 10:00
 * Vancouver slot, and the page no longer offers it. Its own server, mail server and database.
 */
let own: Awaited<ReturnType<typeof startMailedServer>>;
let smtp: FakeSmtp;
let radicale: Radicale;
let base: string;
const VIDEO = "https://meet.example.com/cascadia-discovery";

test.beforeAll(async () => {
  radicale = await startRadicale();
  own = await startMailedServer("acceptance");
  ({ smtp, base } = own);
});

test.afterAll(async () => {
  await radicale?.dispose();
  await own?.stop();
});

test.use({
  timezoneId: "America/Toronto",
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
});

const toronto = (instant: string) =>
  new Intl.DateTimeFormat("en-CA", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Toronto",
  }).format(new Date(instant));
/** The Vancouver date (UTC-7) of an instant, as the studio's days are counted. */
const vancouverDate = (t: number) => new Date(t - 7 * 60 * 60_000).toISOString().slice(0, 10);

test("a visitor in Toronto books at 375 px in their own times, the video link in the invitation; an event in the owner's CalDAV calendar removes its slot", async ({
  page,
  browser,
  studioSignIn,
  checkA11y,
}) => {
  test.setTimeout(150_000);
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));

  // The owner: the video link, and their calendar connected.
  const studioContext = await browser.newContext({ timezoneId: "America/Vancouver" });
  const studio = await studioContext.newPage();
  await studioSignIn({ page: studio, origin: base, databasePath: own.databasePath });
  await studio.goto(`${base}/studio/calls/settings`);
  await studio.getByLabel("Video call link").fill(VIDEO);
  await studio.getByRole("button", { name: "Save settings" }).click();
  await expect(studio.getByText("Booking settings saved")).toBeVisible();
  await studio.getByText("Connect a CalDAV calendar").click();
  await studio.locator("#caldav-label").fill("Work");
  await studio.locator("#caldav-url").fill(radicale.url);
  await studio.getByLabel("User name").fill(radicale.user);
  await studio.getByLabel("App password").fill(radicale.password);
  await studio.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(studio.getByText("Calendar connected")).toBeVisible();
  await expect(studio.getByTestId("calendar-state")).toContainText("Read just now");

  // The visitor, on a phone in Toronto: Toronto times at once.
  await page.goto(`${base}/book`);
  await expect(page.locator("#book-zone-stated")).toHaveText(`Times in ${zoneLabel("America/Toronto")}`);
  const firstShown = page.locator('input[name="slot"]').first();
  const firstValue = (await firstShown.getAttribute("value"))!;
  await expect(page.locator(`time[datetime="${firstValue}"]`)).toHaveText(toronto(firstValue));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // One day's times and the form fit a phone in under 2,000 px (the list of every slot was 6,600).
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: "height at 375 px", description: String(pageHeight) });
  expect(pageHeight).toBeLessThan(2_000);
  await checkA11y();

  // A day (the second with times), then a time on it.
  await page.locator("#book-days a[data-day]").nth(1).click();
  const radio = page.locator('input[name="slot"]').nth(2);
  const slot = (await radio.getAttribute("value"))!;
  const seen = toronto(slot);
  await expect(page.locator(`time[datetime="${slot}"]`)).toHaveText(seen);
  await page.locator(`label:has(> input[value="${slot}"])`).click();
  const email = `toronto-${Date.now()}@example.com`;
  await page.getByLabel("Your name").fill("Tara Toronto");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("What would you like to talk about?").fill("A site for my studio");
  await page.waitForTimeout(3_100);
  await page.getByRole("button", { name: bookingCopy.submit }).click();
  await expect(page.getByRole("heading", { level: 1, name: bookingCopy.confirmedTitle })).toBeVisible();
  await expect(page.getByTestId("booking-when")).toContainText(`${seen} ${zoneLabel("America/Toronto")}`);
  await expect(page.getByTestId("booking-video")).toHaveText(VIDEO);
  await checkA11y();
  await expect(page.getByRole("link", { name: bookingCopy.googleCalendar })).toHaveAttribute(
    "href",
    new RegExp(`dates=${slot.replace(/[-:]/g, "")}%2F`),
  );

  // The invitation: its start instant in UTC is the one chosen; the video link is its LOCATION and in its DESCRIPTION.
  await expect
    .poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 60_000 })
    .toBe(1);
  const mail = smtp.messages.find((m) => m.to.includes(email))!;
  expect(mail.text).toContain(VIDEO);
  const ics = (await simpleParser(mail.raw)).attachments.find((a) =>
    a.contentType.startsWith("text/calendar"),
  )!;
  const event = new ICAL.Event(
    new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!,
  );
  expect(event.startDate.toJSDate().toISOString().replace(".000Z", "Z")).toBe(slot);
  expect(event.location).toBe(VIDEO);
  expect(event.description).toContain(VIDEO);

  // The next day with a 10:00 Vancouver slot on offer; the owner's dentist goes over it.
  let target = "";
  for (let d = 1; d <= 7 && !target; d++) {
    const date = vancouverDate(Date.now() + d * 24 * 60 * 60_000);
    const candidate = `${date}T17:00:00Z`;
    const listing = await (await page.request.get(`${base}/book?tz=America/Vancouver&day=${date}`)).text();
    if (listing.includes(`value="${candidate}"`)) target = candidate;
  }
  expect(target).not.toBe("");
  const torontoDay = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Toronto",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(target));
  await page.goto(`${base}/book?day=${torontoDay}`);
  await expect(page.locator(`input[name="slot"][value="${target}"]`)).toHaveCount(1);
  const compact = target.replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const endCompact = new Date(Date.parse(target) + 30 * 60_000)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  await radicale.putEvent(
    "dentist",
    eventIcs({ uid: "dentist", start: compact, end: endCompact, summary: "Dentist" }),
  );
  // The owner asks for the calendars to be read now (otherwise within five minutes).
  await studio.goto(`${base}/studio/calls/settings`);
  await studio.getByRole("button", { name: "Check calendars now" }).click();
  await expect(studio.getByText("Calendars read again.")).toBeVisible();
  await page.goto(`${base}/book?day=${torontoDay}`);
  await expect(page.locator("#book-zone-stated")).toHaveText(`Times in ${zoneLabel("America/Toronto")}`);
  await expect(page.locator(`input[name="slot"][value="${target}"]`)).toHaveCount(0);
  // Its neighbours stay.
  const after = new Date(Date.parse(target) + 30 * 60_000).toISOString().replace(".000Z", "Z");
  await expect(page.locator(`input[name="slot"][value="${after}"]`)).toHaveCount(1);
  expect(cspViolations(consoleErrors)).toEqual([]);
  await studioContext.close();
});
