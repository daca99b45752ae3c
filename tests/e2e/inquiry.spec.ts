import type { Browser, Page } from "@playwright/test";

import { siteConfig } from "../../app/content/site";
import { MIN_FILL_MS } from "../../app/schemas/inquiry";
import { storedInquiries } from "./database";
import { expect, expectNoA11yViolations, holdScripts, hydrateForm, test } from "./fixtures";

const SPEC_ERROR = `There was an error sending your message. Please try again or email us directly at ${siteConfig.email}`;
/** The row a complete submission of fillForm stores, in the inbox (suspected spam is answered the same but quarantined). */
const storedRow = (email: string, source: string) => ({
  id: expect.any(String),
  first_name: "Grace",
  last_name: "Hopper",
  email,
  phone: "604-555-0100",
  company: "Compiler Co.",
  project_type: "basic",
  budget: "340-500",
  timeline: "flexible",
  message: "A small site for our compiler consultancy.",
  source,
  quarantine_reason: null,
});
const SUCCESS =
  /Your message has been sent\. We'll get back to you with a quote within 24 hours\. .*visit our Payment page to complete your payment\./;

/** Fills every field; `email` tells this test's stored row from the others'. */
async function fillForm(page: Page, email = "grace@example.com") {
  await page.getByLabel("First Name").fill("Grace");
  await page.getByLabel("Last Name").fill("Hopper");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("604-555-0100");
  await page.getByLabel("Company").fill("Compiler Co.");
  await page.getByLabel("Project Type").selectOption("basic");
  await page.getByLabel("Budget Range").selectOption("340-500");
  await page.getByLabel("Timeline").selectOption("flexible");
  await page.getByLabel("Project Details").fill("A small site for our compiler consultancy.");
}

/** Counts the form's API posts, so a test can prove none was made. */
function countInquiryPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => {
    // The analytics beacon (/api/event) posts too; it is not the form's.
    if (r.method() === "POST" && new URL(r.url()).pathname !== "/api/event") posts.push(r.url());
  });
  return posts;
}

async function openContact(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Request a Free Quote" })).toBeVisible();
}

test.describe("inquiry form with JavaScript", () => {
  test("shows the required-fields message and sends nothing", async ({ page, checkA11y }) => {
    const posts = countInquiryPosts(page);
    await openContact(page);
    // Wait for hydration: the script-driven check must answer, not a page post.
    await hydrateForm(page);
    await page.getByLabel("First Name").fill("   ");
    await page.getByRole("button", { name: "Send Message" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Please fill in all required fields." });
    await expect(alert).toHaveText("Please fill in all required fields.");
    await expect(page.locator("#inquiry-status")).toBeFocused();
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/contact$/);
    await checkA11y();
  });

  test("reads 'Sending...' while the request is pending, then succeeds and resets", async ({
    page,
    checkA11y,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/inquiries(\?|$)/, async (route) => {
      await held;
      await route.fulfill({ json: { success: true, id: "held" } });
    });
    await openContact(page);
    await hydrateForm(page);
    await fillForm(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(page.locator("#inquiry-status")).toHaveText(SUCCESS);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await checkA11y();
  });

  test("sends a real inquiry: stored, success message, link to payment, empty form", async ({
    page,
    checkA11y,
  }) => {
    const email = "grace+real@example.com";
    await openContact(page);
    await hydrateForm(page);
    await fillForm(page, email);
    // A person takes a few seconds; faster submissions are taken for a bot's (and dropped silently).
    await page.waitForTimeout(MIN_FILL_MS + 200);
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/inquiries");
    await page.getByRole("button", { name: "Send Message" }).click();
    const answer = await response;
    expect(answer.status()).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    expect(storedInquiries(email)).toEqual([{ ...storedRow(email, "api"), id }]);

    const status = page.locator("#inquiry-status");
    await expect(status).toHaveText(SUCCESS);
    await expect(status).toBeFocused();
    await expect(status.getByRole("link", { name: "Payment page" })).toHaveAttribute("href", "/payment");
    for (const label of ["First Name", "Last Name", "Email", "Phone", "Company", "Project Details"]) {
      await expect(page.getByLabel(label)).toHaveValue("");
    }
    await expect(page.getByLabel("Project Type")).toHaveValue("");
    await checkA11y();
  });

  test("keeps the data and shows the spec's error when the server fails", async ({ page, checkA11y }) => {
    await page.route(/\/api\/inquiries(\?|$)/, (route) =>
      route.fulfill({ status: 500, json: { success: false, error: "Internal server error." } }),
    );
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await openContact(page);
    await hydrateForm(page);
    await fillForm(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    const status = page.locator("#inquiry-status");
    await expect(status).toHaveText(SPEC_ERROR);
    await expect(status).toBeFocused();
    await expect(page.getByLabel("First Name")).toHaveValue("Grace");
    await expect(page.getByLabel("Project Details")).toHaveValue(
      "A small site for our compiler consultancy.",
    );
    await expect(page.getByLabel("Project Type")).toHaveValue("basic");
    expect(errors.some((e) => e.includes("error sending the inquiry"))).toBe(true);
    await checkA11y();
  });

  test("what is typed before React arrives is kept, sent and not taken for a bot's", async ({ page }) => {
    // A slow link: the form is plain HTML while React downloads, and the visitor types meanwhile.
    const email = "grace+typed-early@example.com";
    const scripts = await holdScripts(page);
    await openContact(page);
    await fillForm(page, email);
    expect(scripts.requested.length, "typing in the form asks for React").toBeGreaterThan(0);
    await expect(page.locator("form[data-hydrated]")).toHaveCount(0);
    // Long enough that the fill-time check must count from the page's start, not from hydration.
    await page.waitForTimeout(MIN_FILL_MS + 200);
    scripts.release();
    await expect(page.locator("form[data-hydrated]")).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByLabel("First Name")).toHaveValue("Grace");
    await expect(page.getByLabel("Budget Range")).toHaveValue("340-500");

    const request = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/inquiries");
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/inquiries");
    await page.getByRole("button", { name: "Send Message" }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      firstName: "Grace",
      lastName: "Hopper",
      email,
      phone: "604-555-0100",
      company: "Compiler Co.",
      projectType: "basic",
      budget: "340-500",
      timeline: "flexible",
      message: "A small site for our compiler consultancy.",
    });
    expect(body.elapsedMs).toBeGreaterThanOrEqual(MIN_FILL_MS);
    expect((await response).status()).toBe(200);
    await expect(page.locator("#inquiry-status")).toHaveText(SUCCESS);
    expect(storedInquiries(email)).toEqual([storedRow(email, "api")]);
  });

  test("shows the server's field errors next to their fields", async ({ page, checkA11y }) => {
    await openContact(page);
    await hydrateForm(page);
    await fillForm(page);
    await page.getByLabel("Email").fill("grace@");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#inquiry-status")).toHaveText(SPEC_ERROR);
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#inquiry-email-error")).toHaveText("Please enter a valid email address.");
    await expect(email).toHaveAttribute("aria-describedby", "inquiry-email-error");
    await checkA11y();
  });
});

/**
 * axe runs as a script, which a JavaScript-less page cannot run: the server's
 * answer is checked as rendered (scripts removed) in a second, scripted page.
 */
async function checkA11yOfAnswer(browser: Browser, page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  // Test options (javaScriptEnabled: false) apply to new contexts too: turn scripts back on here.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route("**/__inquiry-answer", (route) =>
      route.fulfill({ contentType: "text/html", body: html }),
    );
    await copy.goto("/__inquiry-answer");
    await expectNoA11yViolations(copy);
  } finally {
    await context.close();
  }
}

test.describe("inquiry form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain form post is stored and shows the success page", async ({ page, browser }) => {
    const email = "grace+no-js@example.com";
    await openContact(page);
    await fillForm(page, email);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact#inquiry-status$/);
    await expect(page.locator("#inquiry-status")).toHaveText(SUCCESS);
    await expect(page.getByLabel("First Name")).toHaveValue("");
    expect(storedInquiries(email)).toEqual([storedRow(email, "form")]);
    await checkA11yOfAnswer(browser, page);
  });

  test("a post missing required fields shows the message with the values kept", async ({ page, browser }) => {
    await openContact(page);
    await fillForm(page);
    await page.getByLabel("Last Name").fill("  ");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#inquiry-status")).toHaveText("Please fill in all required fields.");
    await expect(page.getByLabel("First Name")).toHaveValue("Grace");
    await expect(page.getByLabel("Project Type")).toHaveValue("basic");
    await expect(page.getByLabel("Project Details")).toHaveValue(
      "A small site for our compiler consultancy.",
    );
    await checkA11yOfAnswer(browser, page);
  });

  test("a post the server rejects shows the spec's error and the field's reason", async ({
    page,
    browser,
  }) => {
    await openContact(page);
    await fillForm(page);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#inquiry-status")).toContainText(SPEC_ERROR);
    await expect(page.locator("#inquiry-email-error")).toHaveText("Please enter a valid email address.");
    await expect(page.getByLabel("Email")).toHaveValue("not-an-email");
    await checkA11yOfAnswer(browser, page);
  });
});
