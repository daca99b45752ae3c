import type { Page } from "@playwright/test";

import { expect, newStudioAccount, sendLead, test } from "./fixtures";

/**
 * The sign-in page used the impatient way (issue 27): typed and submitted
 * before React has arrived, Sign in clicked twice, and Back pressed after
 * signing out, which must not bring a lead's data back from the browser's cache.
 */
const SCRIPT_DELAY_MS = 3000;

/** Every document and data request ("METHOD /path (type)"), in order. */
function recordRequests(page: Page) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (["document", "fetch", "xhr"].includes(r.resourceType()))
      sent.push(`${r.method()} ${new URL(r.url()).pathname} (${r.resourceType()})`);
  });
  return sent;
}

/** React's script files answer late, as on a slow link: the page is there, React is not. */
async function delayScripts(page: Page) {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
}

/** True once React Router has hydrated the page (its router is on window only then). */
const hydrated = (page: Page) =>
  page.evaluate(
    () =>
      "__reactRouterRouteModules" in window &&
      Boolean((window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
  );

test.describe("studio sign-in, the impatient way", () => {
  test("signs in when the form is typed and submitted before React has loaded", async ({ page }) => {
    test.slow();
    const account = await newStudioAccount();
    await delayScripts(page);
    const sent = recordRequests(page);
    // Not waiting for load or networkidle: the first paint is enough for a person.
    await page.goto("/studio/login", { waitUntil: "commit" });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    expect(await hydrated(page), "typed before React took the page").toBe(false);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/studio$/, { timeout: 60_000 });
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible({ timeout: 60_000 });
    // The browser posted the form itself (a document request), and the page's action signed in.
    expect(sent).toContain("POST /studio/login (document)");
    expect(sent.filter((s) => s.startsWith("POST /studio/login.data"))).toEqual([]);
  });

  test("a double-click on Sign in signs in once, before React and after it", async ({ page }) => {
    test.slow();
    const account = await newStudioAccount();
    // After React: one sign-in, the studio's home, no error.
    await page.goto("/studio/login");
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).dblclick();
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/studio\/login$/);

    // Before React: the browser's own submits, twice.
    await delayScripts(page);
    await page.goto("/studio/login", { waitUntil: "commit" });
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    expect(await hydrated(page)).toBe(false);
    await page.getByRole("button", { name: "Sign in", exact: true }).dblclick();
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("alert")).toHaveCount(0);
    // Signed in for real: the inbox opens for this session instead of sending it to the login page.
    expect((await page.request.get("/studio", { maxRedirects: 0 })).status()).toBe(200);
  });

  test("Back after signing out shows no lead's data, from the cache or otherwise", async ({
    page,
    baseURL,
    studioSignIn,
    openLead,
  }) => {
    test.slow();
    const { suffix } = await studioSignIn();
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    const lastName = `Cached${suffix}`;
    await sendLead(page.request, baseURL!, {
      lastName,
      email: `bea-${suffix}@example.com`,
      message: "A private message about our bakery's finances.",
    });
    await openLead(lastName);
    // The lead's page, loaded as a document too (a reload), so both kinds of history entry are tried.
    const document = await page.reload();
    expect(document?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByText("A private message about our bakery's finances.")).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/studio\/login$/);
    for (let i = 0; i < 3; i++) {
      await page.goBack();
      await expect(page.getByText(lastName)).toHaveCount(0);
      await expect(page.getByText("A private message about our bakery's finances.")).toHaveCount(0);
      if (!/\/studio\/leads\//.test(page.url())) continue;
      // Still on the lead's address: it must be the sign-in page there, not the lead.
      await expect(page.getByRole("heading", { name: "Studio sign-in" })).toBeVisible();
    }
    // The session is gone on the server too: the inbox sends this browser to the login page.
    const inbox = await page.request.get("/studio", { maxRedirects: 0 });
    expect(inbox.status()).toBe(302);
    expect(inbox.headers().location).toBe("/studio/login");
  });

  test("Back after a sign-out the browser posted itself (a document navigation) does not restore the lead's page", async ({
    page,
    baseURL,
    studioSignIn,
  }) => {
    test.slow();
    const { suffix } = await studioSignIn();
    const lastName = `Restored${suffix}`;
    await sendLead(page.request, baseURL!, {
      lastName,
      email: `bea-${suffix}@example.com`,
      message: "Another private message, about payroll.",
    });
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Inbox" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
    await page.getByRole("button", { name: "Apply" }).click();
    const href = await page
      .getByRole("row", { name: new RegExp(lastName) })
      .getByRole("link")
      .getAttribute("href");
    // The lead's page as a document: a candidate for the back/forward cache.
    await page.goto(href!);
    await expect(page.getByText("Another private message, about payroll.")).toBeVisible();
    // Sign out the way a browser does without React (a native form post), so the next page is a new document.
    await page
      .getByRole("button", { name: "Sign out" })
      .evaluate((button: HTMLButtonElement) => HTMLFormElement.prototype.submit.call(button.form!));
    await expect(page).toHaveURL(/\/studio\/login$/);
    await expect(page.getByRole("heading", { name: "Studio sign-in" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Studio sign-in" })).toBeVisible();
    await expect(page.getByText("Another private message, about payroll.")).toHaveCount(0);
    await expect(page.getByText(lastName)).toHaveCount(0);
  });
});
