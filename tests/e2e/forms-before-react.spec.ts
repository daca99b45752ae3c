import type { Page, Request } from "@playwright/test";

import { expect, test } from "./fixtures";

/**
 * A visitor who submits before React has arrived, as a new visitor on a slow link does:
 * the page loads, a field gets focus, and submit is pressed at once. The island's and
 * React's script files answer 2 s late, and no test waits for hydration: the island's
 * loader must hold the submit and replay it once React is in charge (islands/loader.ts),
 * so the visitor gets what a hydrated form gives, and nothing else is sent.
 */
const SCRIPT_DELAY_MS = 2000;

async function delayScripts(page: Page) {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
}

/** Every document and data request the page makes ("METHOD /path?query"), in order; script and style files aside. */
function recordRequests(page: Page) {
  const sent: string[] = [];
  const record = (r: Request) => {
    if (!["document", "fetch", "xhr"].includes(r.resourceType())) return;
    const url = new URL(r.url());
    sent.push(`${r.method()} ${url.pathname}${url.search}`);
  };
  page.on("request", record);
  return sent;
}

/**
 * The submit under test was made before React took the form; then React arrives. Each
 * script file answers 2 s late, and the browser finds the island's modules a level of
 * imports at a time, so React takes several of those delays to arrive: awaited here,
 * before the outcome is checked.
 */
async function submitBeforeReact(page: Page, submit: () => Promise<void>) {
  expect(await page.locator("form[data-hydrated]").count()).toBe(0);
  await submit();
  expect(await page.locator("form[data-hydrated]").count(), "submitted before React took the form").toBe(0);
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1, { timeout: 60_000 });
}

/** A complete request on the electrician demo's form, with personal data a URL must never carry. */
async function fillServiceRequest(page: Page) {
  const form = page.locator("form");
  await form.getByLabel("Name").fill("Ada Lovelace");
  await form.getByLabel("Phone").fill("(604) 555-0101");
  await form.getByLabel("Email").fill("ada@example.com");
  await form.getByLabel("Service Type").selectOption("Panel Upgrade");
  await form.getByLabel("Message").fill("Our panel buzzes when the dryer runs.");
}

test.beforeEach(async ({ page }) => {
  // Several 2 s round trips for React, then the replayed submit's own work.
  test.slow();
  await delayScripts(page);
});

test("a blank inquiry shows the required-fields alert and posts nothing", async ({ page }) => {
  const sent = recordRequests(page);
  await page.goto("/contact");
  await page.getByLabel("First Name").focus();
  await submitBeforeReact(page, () => page.getByRole("button", { name: "Send Message" }).click());

  const status = page.locator("#inquiry-status");
  await expect(status).toHaveText("Please fill in all required fields.");
  await expect(status).toHaveAttribute("role", "alert");
  await expect(status).toBeFocused();
  await expect(page).toHaveURL(/\/contact$/);
  expect(sent).toEqual(["GET /contact"]);
});

test("an invalid amount shows the 'Invalid Amount' notice and posts nothing", async ({ page, context }) => {
  const sent = recordRequests(page);
  await page.goto("/payment");
  await page.getByLabel(/Quoted amount/).fill("0.5");
  await submitBeforeReact(page, () => page.getByRole("button", { name: "Proceed to Payment" }).click());

  const notice = page.getByRole("status").locator("[data-notice]");
  await expect(notice).toContainText("Invalid Amount");
  await expect(notice).toContainText("Please enter a valid amount");
  await expect(notice).toHaveAttribute("data-notice-tone", "error");
  await expect(page.getByLabel(/Quoted amount/)).toBeFocused();
  await expect(page).toHaveURL(/\/payment$/);
  expect(sent).toEqual(["GET /payment"]);
  expect(context.pages()).toHaveLength(1);
});

test("a valid payment opens checkout in a new tab and leaves this one on the payment page", async ({
  page,
  context,
}) => {
  const sent = recordRequests(page);
  await page.goto("/payment");
  await page.getByRole("radio", { name: /Pro Website/ }).check();
  await page.getByLabel(/Quoted amount/).fill("450.50");
  const popup = context.waitForEvent("page");
  await submitBeforeReact(page, () => page.getByRole("button", { name: "Proceed to Payment" }).click());

  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/sandbox\/sbx_[\w-]+$/);
  await expect(checkout.getByText("$450.50 CAD", { exact: true })).toBeVisible();
  await expect(checkout.getByText("Pro Website")).toBeVisible();
  await expect(page.getByRole("button", { name: "Proceed to Payment" })).toBeEnabled();
  await expect(page).toHaveURL(/\/payment$/);
  expect(sent).toEqual(["GET /payment", "POST /api/create-payment"]);
  expect(context.pages()).toHaveLength(2);
});

test("the electrician's Request Service form shows the demo notice and sends no personal data anywhere", async ({
  page,
}) => {
  const all: string[] = [];
  page.on("request", (r) => all.push(r.url()));
  const sent = recordRequests(page);
  await page.goto("/demo/electrician/contact");
  await fillServiceRequest(page);
  await submitBeforeReact(page, () =>
    page.getByRole("button", { name: "Request Service", exact: true }).click(),
  );

  await expect(page.getByRole("status").filter({ hasText: "demo form" })).toContainText(
    "Thanks, Ada Lovelace! This is a demo form, so nothing was sent.",
  );
  await expect(page).toHaveURL(/\/demo\/electrician\/contact$/);
  expect(sent).toEqual(["GET /demo/electrician/contact"]);
  for (const url of all) expect(url).not.toMatch(/Ada|Lovelace|555|example\.com|panel/i);
});

test("when the island cannot load, a held submit goes to the route action, and its answer hydrates", async ({
  page,
}) => {
  let islandFails = true;
  await page.route(/\.island-[\w-]+\.js$/, (route) => (islandFails ? route.abort() : route.fallback()));
  const sent = recordRequests(page);
  await page.goto("/payment");
  await page.getByRole("radio", { name: /Pro Website/ }).check();
  await page.getByLabel(/Quoted amount/).fill("1.005");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();

  const reason = page
    .getByRole("alert")
    .filter({ hasText: "The amount can have at most two decimal places (cents)." });
  await expect(reason).toBeVisible();
  expect(sent).toEqual(["GET /payment", "POST /payment"]);

  // The answer page hydrates with the answer it was rendered with (the island's props).
  islandFails = false;
  await page.locator("[data-island] form").hover();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1, { timeout: 60_000 });
  await expect(reason).toBeVisible();
  await expect(page.getByRole("radio", { name: /Pro Website/ })).toBeChecked();
  await expect(page.getByLabel(/Quoted amount/)).toHaveValue("1.005");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the electrician form posts to its page, which answers the demo notice", async ({ page }) => {
    const sent = recordRequests(page);
    await page.goto("/demo/electrician/contact");
    await fillServiceRequest(page);
    await page.getByRole("button", { name: "Request Service", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "demo form" })).toContainText(
      "Thanks, Ada Lovelace! This is a demo form, so nothing was sent.",
    );
    await expect(page).toHaveURL(/\/demo\/electrician\/contact$/);
    expect(sent).toEqual(["GET /demo/electrician/contact", "POST /demo/electrician/contact"]);
  });

  test("an incomplete electrician request is answered with its messages and what was typed", async ({
    page,
  }) => {
    await page.goto("/demo/electrician/contact");
    const form = page.locator("form");
    await form.getByLabel("Name").fill("Ada Lovelace");
    // The browser's own checks apply without JavaScript; a post that skips them gets the server's.
    await form.evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await page.getByRole("button", { name: "Request Service", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields.");
    await expect(form.getByLabel("Phone")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toHaveValue("Ada Lovelace");
  });
});
