import { randomBytes } from "node:crypto";
import { addStudioAccount, expect, test } from "./fixtures";

// A studio member in Los Angeles (a zone an hour off Vancouver's in winter, and with its
// own daylight-saving changes): the back office shows Vancouver time whatever the browser's.
test.use({ timezoneId: "America/Los_Angeles" });

/** Every <time> of a page's HTML as [datetime, text], as the server wrote it. */
function timesInHtml(html: string): [string, string][] {
  return [...html.matchAll(/<time dateTime="([^"]+)"[^>]*>([^<]*)<\/time>/gi)].map((m) => [m[1]!, m[2]!]);
}

test("a lead's received time reads the same in the server's HTML, after hydration and by the browser's own clock", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const suffix = randomBytes(4).toString("hex");
  const email = `owner-${suffix}@example.com`;
  const password = `long passphrase ${suffix}`;
  await addStudioAccount(email, password);
  const lastName = `Clock${suffix}`;
  const sent = await page.request.post("/api/inquiries", {
    headers: { origin: baseURL! },
    data: { firstName: "Bea", lastName, email: `bea-${suffix}@example.com`, projectType: "basic", message: "A small site for our bakery, with the menu." },
  });
  expect(sent.ok()).toBe(true);
  const hydrationErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) hydrationErrors.push(m.text());
  });

  await page.goto("/studio");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Inbox" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("row", { name: new RegExp(lastName) }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(lastName);

  // Before hydration: the HTML the server sends (the page's own cookies).
  const html = await (await page.request.get(page.url())).text();
  const served = timesInHtml(html);
  expect(served.length).toBeGreaterThan(0);

  // After hydration: React has taken over the page's <time> elements.
  await page.reload();
  await page.waitForFunction(() => {
    const time = document.querySelector("time");
    return time !== null && Object.keys(time).some((k) => k.startsWith("__reactFiber"));
  });
  const hydrated = await page.locator("time").evaluateAll((els) => els.map((el) => [el.getAttribute("datetime")!, el.textContent!] as [string, string]));
  expect(hydrated).toEqual(served);

  // The browser's own reading of each instant in Vancouver (its time-zone data is current).
  const byBrowser = await page.evaluate(
    (instants: string[]) => instants.map((i) => new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Vancouver" }).format(new Date(i))),
    served.map(([instant]) => instant),
  );
  expect(served.map(([, text]) => text)).toEqual(byBrowser);
  const [, received] = served.at(-1)!;
  await expect(page.getByText(received).first()).toBeVisible();
  expect(hydrationErrors).toEqual([]);
});
