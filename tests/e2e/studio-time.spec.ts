import { expect, sendLead, test } from "./fixtures";

// A studio member in Los Angeles (a zone an hour off Vancouver's in winter, and with its
// own daylight-saving changes): the back office shows Vancouver time whatever the browser's.
test.use({ timezoneId: "America/Los_Angeles" });

/** Every <time> of a page's HTML as [datetime, text], as the server wrote it. */
function timesInHtml(html: string): [string, string][] {
  return [...html.matchAll(/<time dateTime="([^"]+)"[^>]*>([^<]*)<\/time>/gi)].map((m) => [m[1]!, m[2]!]);
}

test("a lead's received time reads the same in the server's HTML, after hydration and by the browser's own clock", async ({
  page,
  baseURL,
  studioSignIn,
  openLead,
}) => {
  test.setTimeout(60_000);
  const hydrationErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /hydrat|did not match/i.test(m.text())) hydrationErrors.push(m.text());
  });
  const { suffix } = await studioSignIn();
  const lastName = `Clock${suffix}`;
  await sendLead(page.request, baseURL!, { lastName, email: `bea-${suffix}@example.com` });
  await openLead(lastName);

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
  const hydrated = await page
    .locator("time")
    .evaluateAll((els) =>
      els.map((el) => [el.getAttribute("datetime")!, el.textContent!] as [string, string]),
    );
  expect(hydrated).toEqual(served);

  // The browser's own reading of each instant in Vancouver (its time-zone data is current).
  const byBrowser = await page.evaluate(
    (instants: string[]) =>
      instants.map((i) =>
        new Intl.DateTimeFormat("en-CA", {
          dateStyle: "medium",
          timeStyle: "short",
          timeZone: "America/Vancouver",
        }).format(new Date(i)),
      ),
    served.map(([instant]) => instant),
  );
  expect(served.map(([, text]) => text)).toEqual(byBrowser);
  const [, received] = served.at(-1)!;
  await expect(page.getByText(received).first()).toBeVisible();
  expect(hydrationErrors).toEqual([]);
});
