import { randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";

import { bookingCopy } from "../../app/content/booking";
import { formatSiteDateTime } from "../../app/lib/site-time";
import { zoneLabel } from "../../app/lib/zone-time";
import { type FakeSmtp } from "../fakes/smtp";
import { cspViolations, expect, test } from "./fixtures";
import { startMailedServer } from "./own-server";

/**
 * Booking a call as an impatient visitor (issue 31's acceptance): from the contact page's
 * success message to a booked slot in London time, the invitation read back from the mail (its
 * start instant in UTC), a reschedule and a cancel; the studio, signed in beside the visitor,
 * sees each in its agenda, the lead's timeline and its calendar feed. Its own server from the
 * build, with mail to the in-process SMTP server and its own database.
 */
let own: Awaited<ReturnType<typeof startMailedServer>>;
let smtp: FakeSmtp;
let base: string;

test.beforeAll(async () => {
  own = await startMailedServer("booking");
  ({ smtp, base } = own);
});

test.afterAll(async () => {
  await own?.stop();
});

/** The invitation's VEVENT of a received mail, as a calendar reads it. */
async function invitation(raw: string) {
  const ics = (await simpleParser(raw)).attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
  return new ICAL.Event(
    new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!,
  );
}

/** The visitor's mails about the call, each with its invitation (the inquiry's acknowledgement goes to the same address). */
const mailsTo = (address: string) =>
  smtp.messages.filter((m) => m.to.includes(address) && m.raw.includes("text/calendar"));
/** A slot's DTSTART line as the calendar feed writes it: "2026-12-02T17:00:00Z" → "DTSTART:20261202T170000Z". */
const dtstart = (slot: string) => `DTSTART:${slot.replace(/[-:]/g, "")}`;

// A visitor whose device is on New York time: the page offers that zone before anything is sent.
test.use({ timezoneId: "America/New_York" });

test("from the inquiry's success message to a call booked in London time, moved, then cancelled, the studio seeing each step", async ({
  page,
  browser,
  checkA11y,
  studioSignIn,
}) => {
  test.setTimeout(120_000);
  // Its own names, so a repeat on the same server finds only its own mails, rows and lead.
  const suffix = randomBytes(3).toString("hex");
  const email = `impatient-${suffix}@example.com`;
  const lastName = `Hurry${suffix}`;
  const who = `Ivy ${lastName}`;
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await page.goto(`${base}/contact`);
  await page.getByLabel("First Name").fill("Ivy");
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Project Type").selectOption("basic");
  await page.getByLabel("Project Details").fill("Rather talk than write.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("link", { name: "Book a free call" }).click();

  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole("heading", { level: 1, name: bookingCopy.title })).toBeVisible();
  // The page shows the device's zone at once, named as people say it; the visitor then chooses London.
  await expect(page.locator("#book-zone-stated")).toHaveText(`Times in ${zoneLabel("America/New_York")}`);
  await page.getByText(bookingCopy.zoneChange).click();
  await expect(page.getByLabel(bookingCopy.zoneLabel)).toHaveValue("America/New_York");
  await page.getByLabel(bookingCopy.zoneLabel).selectOption("Europe/London");
  await page.getByRole("button", { name: bookingCopy.zoneButton }).click();
  await expect(page).toHaveURL(/\?tz=Europe%2FLondon/);
  await expect(page.locator("#book-zone-stated")).toHaveText(`Times in ${zoneLabel("Europe/London")}`);
  await checkA11y();

  const first = page.locator('input[name="slot"]').first();
  const slot = (await first.getAttribute("value"))!;
  expect(slot).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  const shownTime = await page.locator(`time[datetime="${slot}"]`).textContent();
  await page.locator(`label:has(> input[value="${slot}"])`).click();
  await expect(first).toBeChecked();
  await page.getByLabel("Your name").fill(who);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("What would you like to talk about?").fill("A site for my shop");
  await page.getByRole("button", { name: bookingCopy.submit }).click();
  // Sent within 3 s of the page: asked once to send again (the time already spent counts), values kept.
  const booked = page.getByRole("heading", { level: 1, name: bookingCopy.confirmedTitle });
  const again = page.getByRole("alert").filter({ hasText: bookingCopy.tooFast });
  await expect(booked.or(again)).toBeVisible();
  if (await again.isVisible()) await page.getByRole("button", { name: bookingCopy.submit }).click();

  await expect(booked).toBeVisible();
  await expect(page.getByTestId("booking-when")).toContainText(`${shownTime} ${zoneLabel("Europe/London")}`);

  // The confirmation and its invitation: the start instant in UTC is the slot chosen.
  await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBe(1);
  const confirmation = mailsTo(email)[0]!;
  const event = await invitation(confirmation.raw);
  expect(event.startDate.toJSDate().toISOString().replace(".000Z", "Z")).toBe(slot);
  const link = /http:\/\/127\.0\.0\.1:\d+\/book\/manage\/[A-Za-z0-9_-]+/.exec(confirmation.text)![0];

  // The studio, in a browser of its own: a feed to subscribe to, the call in the agenda
  // (Vancouver time), in the lead's timeline, and in the feed.
  const studioContext = await browser.newContext();
  const studio = await studioContext.newPage();
  await studioSignIn({ page: studio, origin: base, databasePath: own.databasePath });
  await studio.goto(`${base}/studio/calls/settings`);
  await studio.getByRole("button", { name: "Create a feed address" }).click();
  const feedPath = new URL(await studio.getByLabel("Feed address (shown once: copy it now)").inputValue())
    .pathname;
  const feed = async () => {
    const answer = await studio.request.get(`${base}${feedPath}`);
    expect(answer.status()).toBe(200);
    return answer.text();
  };
  await studio.goto(`${base}/studio/calls`);
  const upcoming = studio
    .getByRole("region", { name: "Upcoming calls, soonest first" })
    .getByRole("row")
    .filter({ hasText: who });
  const recent = studio
    .getByRole("region", { name: /Calls of the last 30 days/ })
    .getByRole("row")
    .filter({ hasText: who });
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText(formatSiteDateTime(slot));
  await upcoming.getByRole("link", { name: who }).click();
  await expect(studio).toHaveURL(/\/studio\/leads\/[0-9a-f-]+$/);
  const leadPage = studio.url();
  const timeline = studio.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`Call booked for ${formatSiteDateTime(slot)}`);
  expect(await feed()).toContain(dtstart(slot));

  // Reschedule from the emailed link, to the next time listed.
  await page.goto(link);
  const other = page.locator('input[name="slot"]').first();
  const moved = (await other.getAttribute("value"))!;
  await page.locator(`label:has(> input[value="${moved}"])`).click();
  await page.getByRole("button", { name: "Move my call to this time" }).click();
  await expect(page.getByRole("status").filter({ hasText: bookingCopy.rescheduled })).toBeVisible();
  await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBe(2);
  const update = await invitation(mailsTo(email)[1]!.raw);
  expect(update.startDate.toJSDate().toISOString().replace(".000Z", "Z")).toBe(moved);
  expect(update.uid).toBe(event.uid);
  // The emailed link was for the old time: it opens nothing now.
  expect((await page.request.get(link)).status()).toBe(404);

  // The studio sees the new time everywhere; the old one is listed as moved, and gone from the feed.
  await studio.goto(`${base}/studio/calls`);
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText(formatSiteDateTime(moved));
  await expect(recent.filter({ hasText: formatSiteDateTime(slot) })).toContainText(
    "Rescheduled by the visitor",
  );
  await studio.goto(leadPage);
  await expect(timeline).toContainText(
    `Call moved from ${formatSiteDateTime(slot)} to ${formatSiteDateTime(moved)}`,
  );
  const afterMove = await feed();
  expect(afterMove).toContain(dtstart(moved));
  expect(afterMove).not.toContain(dtstart(slot));

  // Cancel from the new booking's page.
  await page.getByRole("button", { name: "Cancel my call" }).click();
  await expect(page).toHaveURL(/\/book\?cancelled=1$/);
  await expect(page.getByRole("status").filter({ hasText: bookingCopy.cancelled })).toBeVisible();
  await expect
    .poll(() => smtp.messages.filter((m) => m.subject.startsWith(`Call cancelled: ${who},`)).length, {
      timeout: 60_000,
    })
    .toBe(1);
  // The visitor's calendar is told too: the event of the first invitation, cancelled.
  await expect.poll(() => mailsTo(email).length, { timeout: 60_000 }).toBe(3);
  expect((await invitation(mailsTo(email)[2]!.raw)).uid).toBe(event.uid);
  // The freed time is offered again (on its day).
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(moved));
  await page.goto(`${base}/book?day=${day}`);
  await expect(page.locator(`input[name="slot"][value="${moved}"]`)).toHaveCount(1);
  expect(cspViolations(consoleErrors)).toEqual([]);

  // The studio: nothing upcoming, the call cancelled by the visitor, said so in the timeline, and out of the feed.
  await studio.goto(`${base}/studio/calls`);
  await expect(upcoming).toHaveCount(0);
  await expect(recent.filter({ hasText: formatSiteDateTime(moved) })).toContainText(
    "Cancelled by the visitor",
  );
  await studio.goto(leadPage);
  await expect(timeline).toContainText(`Call of ${formatSiteDateTime(moved)} cancelled by the visitor`);
  expect(await feed()).not.toContain(dtstart(moved));
  await studioContext.close();
});
