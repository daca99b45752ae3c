import type { Page } from "@playwright/test";

import { expect, expectNoA11yViolations, holdScripts, hydrateForm, test } from "./fixtures";

/** The payment form validates itself (and opens the tab) only once React has hydrated it. */
async function openPaymentPage(page: Page) {
  await page.goto("/payment");
  await hydrateForm(page);
}

test("450.50 for Pro opens the sandbox checkout in a new tab; Pay confirms the verified payment", async ({
  page,
  context,
  checkA11y,
}) => {
  // Two tabs and three axe runs: more than the default budget on a shared CI machine.
  test.slow();
  await openPaymentPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Website Payment" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Basic Website/ })).toBeChecked();
  await expect(page.getByText("Starting at $220 CAD")).toBeVisible();
  await expect(page.getByText("Starting at $340 CAD")).toBeVisible();
  await checkA11y();

  await page.getByRole("radio", { name: /Pro Website/ }).check();
  const amount = page.getByLabel(/Quoted amount/);
  await expect(amount).toHaveAttribute("type", "number");
  await expect(amount).toHaveAttribute("min", "1");
  await expect(amount).toHaveAttribute("step", "0.01");
  await amount.fill("450.50");

  // Hold the request briefly to see the submitting state.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/create-payment", async (route) => {
    await held;
    await route.continue();
  });
  const popupPromise = context.waitForEvent("page");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  const button = page.getByRole("button", { name: "Processing..." });
  await expect(button).toBeDisabled();
  release();

  const checkout = await popupPromise;
  await checkout.waitForURL(/\/checkout\/sandbox\/sbx_/);
  await expect(page.getByRole("button", { name: "Proceed to Payment" })).toBeEnabled();
  await expect(checkout.getByText("TEST CHECKOUT: no money moves")).toBeVisible();
  await expect(checkout.getByText("Pro Website")).toBeVisible();
  await expect(checkout.getByText("$450.50 CAD", { exact: true })).toBeVisible();
  await expectNoA11yViolations(checkout);

  await checkout.getByRole("button", { name: /^Pay/ }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=sbx_/);
  await expect(checkout.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(checkout.getByText("Work on your website begins right away")).toBeVisible();
  await expect(checkout.getByText("Pro Website")).toBeVisible();
  await expect(checkout.getByText("$450.50 CAD", { exact: true })).toBeVisible();
  await expect(checkout.getByText("Test payment: no money moved")).toBeVisible();
  await expect(checkout.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
  await expectNoA11yViolations(checkout);

  // Stored as paid: the sandbox checkout now refuses a second payment.
  const sessionId = new URL(checkout.url()).searchParams.get("session_id")!;
  await checkout.goto(new URL(`/checkout/sandbox/${sessionId}`, checkout.url()).href);
  await expect(checkout.getByText("This test payment is already marked as paid.")).toBeVisible();
  await expect(checkout.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
});

test("the sandbox checkout and the success page pass axe; an unknown session claims no payment", async ({
  page,
  request,
  checkA11y,
}) => {
  test.slow();
  const res = await request.post("/api/create-payment", { data: { amount: 220, packageType: "basic" } });
  expect(res.status()).toBe(200);
  const { url } = (await res.json()) as { url: string };
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
  await checkA11y();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page.getByText("$220.00 CAD")).toBeVisible();
  await checkA11y();

  await page.goto("/payment-success?session_id=sbx_this_session_does_not_exist");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("We could not find this payment")).toBeVisible();
  await expect(page.getByText("Amount paid")).toHaveCount(0);
  await expect(
    page.getByRole("main").getByRole("link", { name: "hello@cascadiawebstudio.ca" }),
  ).toHaveAttribute("href", "mailto:hello@cascadiawebstudio.ca");
  await checkA11y();
});

test("a package chosen and an amount typed before React arrives are the ones sent", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/payment");
  await page.getByRole("radio", { name: /Pro Website/ }).check();
  await page.getByLabel(/Quoted amount/).fill("340");
  expect(scripts.requested.length, "choosing in the form asks for React").toBeGreaterThan(0);
  await expect(page.locator("form[data-hydrated]")).toHaveCount(0);
  scripts.release();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByRole("radio", { name: /Pro Website/ })).toBeChecked();

  // The answer is held back as an error, so no checkout tab opens: only what was sent matters here.
  await page.route("**/api/create-payment", (route) =>
    route.fulfill({ status: 503, json: { error: "Held by the test." } }),
  );
  const request = page.waitForRequest((r) => r.url().endsWith("/api/create-payment"));
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  expect((await request).postDataJSON()).toEqual({ amount: 340, packageType: "pro" });
  await expect(page.getByText("Held by the test.")).toBeVisible();
});

test("an invalid amount shows the 'Invalid Amount' notice and sends nothing", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/create-payment")) sent.push(r.url());
  });
  await openPaymentPage(page);
  const submit = page.getByRole("button", { name: "Proceed to Payment" });
  for (const value of ["", "0.5"]) {
    await page.getByLabel(/Quoted amount/).fill(value);
    await submit.click();
    const notice = page.locator("[data-notice]").filter({ hasText: "Invalid Amount" }).first();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("Please enter a valid amount");
    await expect(notice).toHaveAttribute("data-notice-tone", "error");
  }
  // The notice is raised by the submit handler before any request would be: none was.
  expect(sent).toEqual([]);
  expect(page.context().pages()).toHaveLength(1);
});

test("a failing server shows the 'Payment Error' notice with its message, or the fallback", async ({
  page,
  context,
}) => {
  await openPaymentPage(page);
  await page.route("**/api/create-payment", (route) =>
    route.fulfill({ status: 500, json: { error: "Card processor unavailable" } }),
  );
  await page.getByLabel(/Quoted amount/).fill("450.50");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  const notice = page.locator("[data-notice]").filter({ hasText: "Payment Error" }).first();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Card processor unavailable");
  await expect(notice).toHaveAttribute("data-notice-tone", "error");
  // The placeholder tab opened for the checkout is closed again.
  await expect.poll(() => context.pages().length).toBe(1);
  await expect(page.getByRole("button", { name: "Proceed to Payment" })).toBeEnabled();

  await page.unroute("**/api/create-payment");
  await page.route("**/api/create-payment", (route) => route.fulfill({ status: 500, body: "" }));
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(
    page.locator("[data-notice]").filter({ hasText: "Failed to create payment session" }).first(),
  ).toBeVisible();
});

test("without JavaScript the form post answers 303 to the checkout URL", async ({ request, browser }) => {
  const res = await request.post("/payment", {
    form: { amount: "450.50", packageType: "pro" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toMatch(/^\/checkout\/sandbox\/sbx_[A-Za-z0-9_-]+$/);

  const bad = await request.post("/payment", {
    form: { amount: "1.005", packageType: "pro" },
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("The amount can have at most two decimal places (cents).");

  // A real browser with JavaScript off: the plain form reaches the checkout.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const page = await noJs.newPage();
  await page.goto("/payment");
  await page.getByRole("radio", { name: /Pro Website/ }).check();
  await page.getByLabel(/Quoted amount/).fill("340");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await page.waitForURL(/\/checkout\/sandbox\/sbx_/);
  await expect(page.getByText("$340.00 CAD", { exact: true })).toBeVisible();
  await noJs.close();
});
