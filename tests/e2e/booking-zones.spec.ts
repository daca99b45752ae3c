import { bookingCopy } from "../../app/content/booking";
import { zoneLabel } from "../../app/lib/zone-time";
import { expect, test } from "./fixtures";

/**
 * The visitor's own zone from the first view (issue 40): a browser in Toronto, London and
 * Kolkata (a half-hour offset) sees its own zone named and each time as its own clock says
 * it, before anything is clicked, and books the very instant it saw.
 */
const zones = ["America/Toronto", "Europe/London", "Asia/Kolkata"] as const;

const local = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(instant),
  );

for (const [i, timeZone] of zones.entries()) {
  test.describe(`a visitor in ${timeZone}`, () => {
    test.use({ timezoneId: timeZone });

    test("sees their own times on first view and books the instant they saw", async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto("/book");
      // Named as people say it, never the Vancouver default, without a click.
      await expect(page.locator("#book-zone-stated")).toHaveText(`Times in ${zoneLabel(timeZone)}`);
      await expect(page.locator('input[name="tz"]')).toHaveValue(timeZone);
      const radios = page.locator('input[name="slot"]');
      await expect(radios.first()).toBeAttached();
      for (const radio of await radios.all()) {
        const value = (await radio.getAttribute("value"))!;
        await expect(page.locator(`time[datetime="${value}"]`)).toHaveText(local(value, timeZone));
      }
      if (timeZone === "Asia/Kolkata")
        expect(await page.locator("time[datetime]").first().textContent()).toMatch(/:30 |:00 /);

      // A later day of the strip, then its last time: swapped in place, in the same zone.
      const days = page.locator("#book-days a[data-day]");
      await days.nth(Math.min(1 + i, (await days.count()) - 1)).click();
      const chosen = radios.last();
      const slot = (await chosen.getAttribute("value"))!;
      const seen = (await page.locator(`time[datetime="${slot}"]`).textContent())!;
      expect(seen).toBe(local(slot, timeZone));
      await page.locator(`label:has(> input[value="${slot}"])`).click();
      await page.getByLabel("Your name").fill(`Zone Tester ${i}`);
      await page.getByLabel("Email").fill(`zones-${i}-${Date.now()}@example.com`);
      await page.getByLabel("What would you like to talk about?").fill("Time zones");
      // A person takes a few seconds; a faster send is asked once to be sent again.
      await page.waitForTimeout(3_100);
      await page.getByRole("button", { name: bookingCopy.submit }).click();
      await expect(page.getByRole("heading", { level: 1, name: bookingCopy.confirmedTitle })).toBeVisible();
      await expect(page.getByTestId("booking-when").locator("time")).toHaveAttribute("datetime", slot);
      await expect(page.getByTestId("booking-when")).toContainText(`${seen} ${zoneLabel(timeZone)}`);
    });
  });
}

test.describe("a visitor whose clock reads as Vancouver's", () => {
  test.use({ timezoneId: "America/Vancouver" });

  test("gets the page as the server drew it, with no time-zone data loaded, and a day still swaps in place", async ({
    page,
  }) => {
    // Intl's first use is a long task on a phone (~115 ms on Lighthouse's): counted from the first byte.
    await page.addInitScript(() => {
      const w = window as unknown as { intlUses: number };
      w.intlUses = 0;
      const Original = Intl.DateTimeFormat;
      Intl.DateTimeFormat = new Proxy(Original, {
        construct(target, args) {
          w.intlUses++;
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args) {
          w.intlUses++;
          return Reflect.apply(target, self, args) as unknown;
        },
      });
    });
    await page.goto("/book");
    const served = await page.locator("#book-time-list").innerHTML();
    await expect(page.locator("#book-zone-stated")).toHaveText(`Times in ${zoneLabel("America/Vancouver")}`);
    await expect(page.locator('input[name="tz"]')).toHaveValue("America/Vancouver");
    expect(await page.evaluate(() => (window as unknown as { intlUses: number }).intlUses)).toBe(0);
    expect(await page.locator("#book-time-list").innerHTML()).toBe(served);

    // A click on another day is the first use: its times come in Vancouver's clock, in place.
    const days = page.locator("#book-days a[data-day]");
    const other = days.nth(1);
    const key = (await other.getAttribute("data-day"))!;
    await other.click();
    await expect(other).toHaveAttribute("aria-current", "date");
    expect(page.url()).toContain(`day=${key}`);
    const radios = page.locator('input[name="slot"]');
    await expect(radios.first()).toBeAttached();
    for (const radio of await radios.all()) {
      const value = (await radio.getAttribute("value"))!;
      await expect(page.locator(`time[datetime="${value}"]`)).toHaveText(local(value, "America/Vancouver"));
    }
  });
});
