import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";

import { MIN_FILL_MS } from "../../app/schemas/inquiry-fields";
import { storedSources } from "./database";
import { downloadText, expect, holdScripts, test } from "./fixtures";

/**
 * What the server stored as a lead's source (tests/e2e/database.ts): the inbox shows only
 * the ref (else the page) and the campaign, so a lost UTM value or a lead stored under
 * another page would pass unseen there. Sent from /contact, with JavaScript, not taken
 * for spam, and nothing it was not given.
 */
const storedSource = (
  from: {
    ref?: string;
    utm_source?: string;
    utm_medium?: string;
    utm_campaign?: string;
    utm_term?: string;
    utm_content?: string;
  },
  source = "api",
) => ({
  source,
  page: "/contact",
  ref: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  quarantine_reason: null,
  ...from,
});

/** Fills the contact form's required fields (the project type is left as the page chose it). */
async function fillInquiry(page: Page, firstName: string, lastName: string, email: string, message: string) {
  await page.getByLabel("First Name").fill(firstName);
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Project Details").fill(message);
}

/**
 * An impatient visitor: opens a demo without waiting for it to load, follows its banner's
 * "Get a site like this" link, fills the form at once and presses Send.
 */
async function sendFromDemoBanner(
  page: Page,
  slug: string,
  [firstName, lastName]: [string, string],
  email: string,
) {
  await page.goto(`/demo/${slug}`, { waitUntil: "commit" });
  await page.getByTestId("demo-banner").getByRole("link", { name: "Get a site like this" }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?ref=demo-${slug}$`));
  await fillInquiry(page, firstName, lastName, email, `A site like the ${slug} demo.`);
  await page.getByRole("button", { name: "Send Message" }).click();
}

/** The inquiries the page posts ("METHOD /path?query"), in order. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    // The analytics beacon (/api/event) posts too; it is not an inquiry.
    if (r.method() === "POST" && url.pathname !== "/api/event")
      posts.push(`POST ${url.pathname}${url.search}`);
  });
  return posts;
}

test("a visitor from the bakery demo sends an inquiry; the studio finds it with its source and works it", async ({
  page,
  checkA11y,
  contactLead,
  studioSignIn,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString("hex");
  const lastName = `Source${suffix}`;

  // The demo banner's link carries the demo as the ref.
  await page.goto("/demo/bakery");
  const banner = page.getByTestId("demo-banner");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await banner.screenshot({ path: testInfo.outputPath(`demo-banner-${width}.png`) });
  }
  await banner.getByRole("link", { name: "Get a site like this" }).click();
  await expect(page).toHaveURL(/\/contact\?ref=demo-bakery$/);

  // The bakery's project type is chosen before React (no layout shift: the select keeps its box).
  await expect(page.getByLabel("Project Type")).toHaveValue("ecommerce");
  expect(await page.locator("form[data-hydrated]").count()).toBe(0);
  const notice = page.getByText("We use these details only to answer your inquiry");
  await expect(notice.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute(
    "href",
    "/legal/privacy-policy.pdf",
  );
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`contact-${width}.png`), fullPage: true });
  }

  const visitor = `bea-${suffix}@example.com`;
  await fillInquiry(page, "Bea", lastName, visitor, "A site like the bakery demo, with online orders.");
  // The form's fill-time check wants a person's pace.
  await page.waitForTimeout(3000);
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/api/inquiries"));
  await page.getByRole("button", { name: "Send Message" }).click();
  expect(new URL((await posted).url()).search).toBe("?page=%2Fcontact&ref=demo-bakery");
  await expect(page.locator("#inquiry-status")).toContainText("Thank you!");
  expect(storedSources(visitor)).toEqual([storedSource({ ref: "demo-bakery" })]);

  await studioSignIn();
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();

  await page.getByRole("combobox", { name: "Source" }).selectOption("demo-bakery");
  await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row", { name: new RegExp(lastName) });
  await expect(row).toContainText("demo-bakery");
  await expect(row).toContainText("E-commerce Website");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`inbox-${width}.png`), fullPage: true });
  }

  await row.getByRole("link").click();
  const source = page.getByRole("region", { name: "Source" });
  await expect(source).toContainText("/contact");
  await expect(source).toContainText("demo-bakery");
  await expect(source).toContainText(/Version \d{4}-\d{2}-\d{2}, accepted/);
  await expect(page.getByRole("region", { name: "Payments" })).toContainText(
    "No payment is linked to this lead.",
  );
  await contactLead("Came from the bakery demo; wants orders.");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`lead-${width}.png`), fullPage: true });
  }

  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await page.getByRole("combobox", { name: "Source" }).selectOption("demo-bakery");
  await page.getByRole("combobox", { name: "Status" }).selectOption("contacted");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row", { name: new RegExp(lastName) })).toContainText("Contacted");
  const csv = await downloadText(page.getByRole("link", { name: "Export CSV" }));
  expect(csv).toContain("Page,Ref,UTM source");
  expect(csv).toMatch(new RegExp(`${lastName}.*,/contact,demo-bakery,`, "s"));
  expect(csv).toContain("contacted");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/studio\/login$/);
});

test("an impatient visitor clicks a demo's banner and sends before React: the lead keeps the demo's ref", async ({
  page,
}) => {
  test.slow();
  const email = `quick-${randomBytes(4).toString("hex")}@example.com`;
  // A slow link: no script file arrives until released, and nothing waits for the page to settle.
  const scripts = await holdScripts(page);
  const posts = recordPosts(page);
  await sendFromDemoBanner(page, "barbershop", ["Quinn", "Quick"], email);
  await expect(page.locator("form[data-hydrated]")).toHaveCount(0);
  expect(posts, "the loader holds the submit until React has the form").toEqual([]);

  // React arrives once a person's pace has passed (sooner, the lead is rightly quarantined as too fast).
  await page.waitForFunction((ms) => performance.now() > ms, MIN_FILL_MS);
  scripts.release();
  await expect(page.locator("#inquiry-status")).toContainText("Thank you!", { timeout: 60_000 });
  expect(posts).toEqual(["POST /api/inquiries?page=%2Fcontact&ref=demo-barbershop"]);
  expect(storedSources(email)).toEqual([storedSource({ ref: "demo-barbershop" })]);
});

test("when the form's script cannot load, the held submit posts to the page's own URL and the lead keeps the demo's ref", async ({
  page,
}) => {
  const email = `offline-${randomBytes(4).toString("hex")}@example.com`;
  await page.route(/\.island-[\w-]+\.js$/, (route) => route.abort());
  const posts = recordPosts(page);
  await sendFromDemoBanner(page, "gym", ["Otto", "Offline"], email);
  await expect(page.locator("#inquiry-status")).toContainText("Thank you!");
  expect(posts).toEqual(["POST /contact?ref=demo-gym"]);
  expect(storedSources(email)).toEqual([storedSource({ ref: "demo-gym" }, "form")]);
});

test("a visitor from a campaign link sends, follows the answer's link, goes Back and sends again: both leads keep the source", async ({
  page,
}) => {
  const email = `twice-${randomBytes(4).toString("hex")}@example.com`;
  const campaign = {
    ref: "spring-mail",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring-2026",
    utm_term: "bakery site",
    utm_content: "hero",
  };
  const posts = recordPosts(page);
  await page.goto(`/contact?${new URLSearchParams(campaign)}`);
  await fillInquiry(page, "Tess", "Twice", email, "A site for our bakery.");
  await page.getByLabel("Project Type").selectOption("basic");
  // The form's fill-time check wants a person's pace.
  await page.waitForTimeout(MIN_FILL_MS);
  await page.getByRole("button", { name: "Send Message" }).click();
  const status = page.locator("#inquiry-status");
  await expect(status).toContainText("Thank you!");

  await status.getByRole("link", { name: "Payment page" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/contact\?ref=spring-mail&/);
  await fillInquiry(page, "Tess", "Twice", email, "One more thing: we also need online orders.");
  await page.getByLabel("Project Type").selectOption("ecommerce");
  await page.waitForTimeout(MIN_FILL_MS);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(status).toContainText("Thank you!");
  await expect.poll(() => storedSources(email).length).toBe(2);

  const query = `?${new URLSearchParams({ page: "/contact", ...campaign })}`;
  expect(posts).toEqual([`POST /api/inquiries${query}`, `POST /api/inquiries${query}`]);
  expect(storedSources(email)).toEqual([storedSource(campaign), storedSource(campaign)]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts to its own URL, so the ref reaches the lead", async ({ page }) => {
    const email = `noah-${randomBytes(4).toString("hex")}@example.com`;
    await page.goto("/contact?ref=demo-gym&utm_campaign=flyer&utm_source=gym-door");
    await expect(page.locator("form[method=post]")).toHaveAttribute("action", "#inquiry-status");
    const posted = page.waitForRequest((r) => r.method() === "POST");
    await page.getByLabel("First Name").fill("Noah");
    await page.getByLabel("Last Name").fill("Script");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Project Type").selectOption("pro");
    await page.getByLabel("Project Details").fill("A gym site, no JavaScript here.");
    await page.getByRole("button", { name: "Send Message" }).click();
    const request = await posted;
    expect(new URL(request.url()).pathname + new URL(request.url()).search).toBe(
      "/contact?ref=demo-gym&utm_campaign=flyer&utm_source=gym-door",
    );
    expect(request.postData()).toContain("privacyNotice=");
    await expect(page.locator("#inquiry-status")).toContainText("Thank you!");
    // No fill time without JavaScript, so nothing to quarantine on.
    expect(storedSources(email)).toEqual([
      storedSource({ ref: "demo-gym", utm_campaign: "flyer", utm_source: "gym-door" }, "form"),
    ]);
  });
});
